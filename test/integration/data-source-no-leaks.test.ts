import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { answers } from '../support/listening.ts';

// Switching between the demo and the library in the real main services, back and forth: each
// switch stops the demo (its server and its generation worker) or the library, so the process
// ends each round with as many threads as after the first, and the stopped servers' ports are closed.

/** The threads of this process (Linux: one entry per thread in /proc/self/task); a worker thread adds some. */
async function threads(): Promise<number> {
  return (await readdir('/proc/self/task')).length;
}

const made: string[] = [];
let services: MainServices | null = null;
afterAll(async () => {
  await services?.close();
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('switching sources leaks nothing', () => {
  it('demo → library → demo → library: the demo worker and servers go each time', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'mde-no-leaks-'));
    made.push(userDataDir);
    services = createMainServices({ userDataDir, mode: 'browser', healthIntervalMs: 0 });
    const { handlers } = services;
    const seen: string[] = [];
    const rounds: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await handlers['settings.update']({ dataSource: 'embedded' });
      const demo = await handlers['health.check'](undefined);
      expect(demo).toMatchObject({ dataSource: 'embedded', status: 'ok' });
      // The live hour is generated in the demo's worker thread: a market not read before (a live
      // hour already on disk serves a read without it).
      const market = ['BTC', 'ETH', 'SOL'][round] ?? 'BTC';
      const trades = await handlers['market.trades']({ source: 'hyperliquid', market, requestId: `leak-${round}` });
      expect(trades.time.length).toBeGreaterThan(0);
      const withWorker = await threads();

      await handlers['settings.update']({ dataSource: 'library' });
      const library = await handlers['health.check'](undefined);
      expect(library).toMatchObject({ dataSource: 'library', status: 'ok' });
      expect(await answers(demo.baseUrl ?? '')).toBe(false);
      const after = await threads();
      expect(after).toBeLessThan(withWorker);
      rounds.push(after);
      seen.push(demo.baseUrl ?? '', library.baseUrl ?? '');
    }
    // After the first round (thread pools warm), every round ends with the same thread count.
    expect(rounds[2]).toBe(rounds[1]);
    expect(new Set(seen).size).toBe(seen.length);
    const lastLibrary = seen.at(-1) ?? '';
    await services.close();
    services = null;
    expect(await answers(lastLibrary)).toBe(false);
  }, 180_000);
});

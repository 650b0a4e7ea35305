import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { defaultDemoSeed } from '../../electron/server/embedded-service.ts';
import { demoSeedFolder } from '../../electron/server/store/demo-store.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { SettingsStore } from '../../electron/host/settings/settings-store.ts';

// The app's start: the markets the user viewed last are the likely first opens, so the demo
// generates their live hours at once, ahead of its general warm-up (which starts with
// hyperliquid/BTC and reaches binance/XRP-USDT 13th).

let services: MainServices | null = null;
let dir = '';
afterEach(async () => {
  await services?.close();
  services = null;
  await rm(dir, { recursive: true, force: true });
});

it('on start the demo generates the recently viewed markets\' live hours first', async () => {
  dir = await mkdtemp(join(tmpdir(), 'mde-warm-start-'));
  // Settings written by an earlier run: the user last viewed binance XRP-USDT (and a market the demo lacks).
  await new SettingsStore(dir, () => {}).update({ markets: { favourites: [], recent: ['nowhere/X', 'binance/XRP-USDT'] } });
  expect(existsSync(join(dir, 'demo-data'))).toBe(false);

  services = createMainServices({ userDataDir: dir, mode: 'browser', healthIntervalMs: 0 });
  await services.handlers['health.check'](undefined);
  const marketDir = (source: string, market: string): string => join(dir, 'demo-data', demoSeedFolder(defaultDemoSeed), source, market);
  const hourFiles = (source: string, market: string): string[] => {
    const root = marketDir(source, market);
    if (!existsSync(root)) return [];
    return readdirSync(root).flatMap((date) => readdirSync(join(root, date)).filter((name) => name.endsWith('.jsonl.zst')));
  };
  await vi.waitFor(() => expect(hourFiles('binance', 'XRP-USDT')).toHaveLength(1), { timeout: 30_000 });
  expect(hourFiles('hyperliquid', 'BTC')).toEqual([]);
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BookWorkerClient } from '../../electron/host/book/book-worker-client.ts';
import { SnapshotReader } from '../../electron/codec/snapshot-reader.ts';
import { defaultDemoSeed } from '../../electron/server/embedded-service.ts';
import { DemoStore } from '../../electron/server/store/demo-store.ts';
import type { HourFile } from '../../electron/server/store/market-data-store.ts';
import { report } from './measure.ts';

// Book replay read from the hour files, on the demo's busy market (binance/BTCUSDT, ~540k book
// events an hour), each figure beside a plain decode of the same hour file in the same run:
// - decode and apply in one book worker (a session replay: books logged, checkpoints, heatmap
//   tiles, trades kept), events/s;
// - two closed hours replayed at once, each in its own worker (what a range of several hours
//   does on a machine with cores to spare), events/s over both.

const hourMs = 3_600_000;
const busy = { source: 'binance', market: 'BTCUSDT' };

/** Records in a file and the milliseconds a plain decode of it takes (zstd, lines, records; nothing kept). */
async function plainDecode(path: string): Promise<{ records: number; ms: number }> {
  const started = performance.now();
  let records = 0;
  for await (const batch of new SnapshotReader({ path }, {})) records += batch.length;
  return { records, ms: performance.now() - started };
}

/** Book events a session replay of `path` in its own worker applied, and the milliseconds it took. */
async function sessionReplay(paths: readonly string[]): Promise<{ events: number; ms: number }> {
  const clients = paths.map(() => new BookWorkerClient());
  try {
    const started = performance.now();
    const results = await Promise.all(clients.map((client, i) => client.replayFiles(paths.slice(i, i + 1), { mode: 'session', depth: 25 }).result));
    const ms = performance.now() - started;
    let events = 0;
    for (const result of results) {
      if (!result.ok) throw new Error(`the replay failed: ${result.error.message}`);
      events += result.progress.events;
    }
    return { events, ms };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

/** The best of `rounds` runs (the least disturbed by the rest of the machine). */
async function best<T extends { ms: number }>(rounds: number, run: () => Promise<T>): Promise<T> {
  let found: T | null = null;
  for (let round = 0; round < rounds; round++) {
    const result = await run();
    if (found === null || result.ms < found.ms) found = result;
  }
  if (found === null) throw new Error('at least one round');
  return found;
}

/** Replay throughput from the busy market's hour files, against a plain decode of the same files. */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mde-bench-replay-files-'));
  try {
    // Two closed hours two days back: fixed by the seed, generated here once.
    const now = Date.now();
    const store = new DemoStore({ dataDir, seed: defaultDemoSeed, now: () => now });
    await store.open();
    const start = Math.floor(now / hourMs) * hourMs - 48 * hourMs;
    const hours = (await store.hours(busy.source, busy.market, start, start + 2 * hourMs - 1)).slice(0, 2);
    const generating = performance.now();
    const files: HourFile[] = [];
    for (const hour of hours) files.push(await store.file(hour));
    console.log(`  (${files.length} hours of ${busy.source}/${busy.market} generated in ${((performance.now() - generating) / 1000).toFixed(1)} s)`);
    const first = files[0];
    if (first === undefined) throw new Error('the demo has no busy hour to replay');

    const decoded = await best(3, () => plainDecode(first.path));
    const one = await best(3, () => sessionReplay([first.path]));
    report({
      name: 'decode and apply in one book worker (session replay of the busy hour), events/s',
      value: (one.events / one.ms) * 1000,
      unit: 'ev/s',
      baselineName: 'plain decode of the same file, records/s',
      baseline: (decoded.records / decoded.ms) * 1000,
      higherIsBetter: true,
      target: '>= 1000000',
    });
    const two = await best(2, () => sessionReplay(files.map((file) => file.path)));
    report({
      name: `${files.length} busy hours replayed at once, a worker each, events/s over all`,
      value: (two.events / two.ms) * 1000,
      unit: 'ev/s',
      baselineName: 'one hour in one worker',
      baseline: (one.events / one.ms) * 1000,
      higherIsBetter: true,
      target: 'report it',
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

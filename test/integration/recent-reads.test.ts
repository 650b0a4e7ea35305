import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecentHours, recentReadMs } from '../../electron/server/recent-reads.ts';
import { pageRows } from '../../electron/server/rows/row-pager.ts';
import { hourKey } from '../../shared/snapshot/snapshot-key.ts';
import { utcDateHour } from '../../shared/time/time-units.ts';
import type { IdleTimer } from '../../electron/server/store/byte-budget-cache.ts';
import { decodeHourFile } from '../../electron/server/store/decode-hour-file.ts';
import { DirectoryStore, type DirectoryStoreOptions, type HourDecoder } from '../../electron/server/store/directory-store.ts';
import { demoDatasetsAt } from '../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile } from '../../electron/server/simulator/generate-hour.ts';
import { rowKinds } from '../../shared/rows/row-kinds.ts';

// After the app rebuilds its live hours it reads what a query over the last ten minutes needs
// first (capture summaries, the trades candles are built from); kept longer than other decodes,
// the trades are not decoded again by the first page of the Events view a minute later.

const hourMs = 3_600_000;
const firstHour = Date.UTC(2026, 10, 18, 9);
const now = firstHour + hourMs + 20 * 60_000;
const datasets = demoDatasetsAt(now).filter((dataset) => dataset.source === 'hyperliquid' && (dataset.market === 'BTC' || dataset.market === 'ETH'));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mde-recent-reads-'));
  for (const dataset of datasets) {
    for (const hourStart of [firstHour, firstHour + hourMs]) {
      const { date, hour } = utcDateHour(hourStart);
      const path = join(root, dataset.source, dataset.market, date, `${hourKey(dataset.source, dataset.market, date, hour)}.jsonl.zst`);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, generateHourFile(3, dataset, hourStart));
    }
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A clock and a timer the test moves by hand: the caches' idle sweeps run when it says. */
function handClock(): { now: () => number; timer: IdleTimer; advance: (ms: number) => void } {
  let clock = 0;
  const due: { at: number; run: () => void; live: boolean }[] = [];
  return {
    now: () => clock,
    timer: (run, delayMs) => {
      const entry = { at: clock + delayMs, run, live: true };
      due.push(entry);
      return () => {
        entry.live = false;
      };
    },
    advance: (ms) => {
      clock += ms;
      for (const entry of due.splice(0)) {
        if (entry.live && entry.at <= clock) entry.run();
        else if (entry.live) due.push(entry);
      }
    },
  };
}

/** The trades-only decodes a first page of every kind over the last ten minutes makes, a minute after the recent reads. */
async function tradeDecodesOfFirstPage(options: DirectoryStoreOptions): Promise<number> {
  const decodes: (string[] | null)[] = [];
  const counting: HourDecoder = (path, lineTypes, fromLine, enough, onBatch) => {
    decodes.push(lineTypes === undefined ? null : [...lineTypes]);
    return decodeHourFile(path, lineTypes, fromLine, enough, onBatch);
  };
  const hand = handClock();
  const store = new DirectoryStore(root, counting, { now: hand.now, timer: hand.timer, ...options });
  await store.scan();
  await readRecentHours(store, now);
  expect(decodes.filter((types) => types?.join() === 'trade')).toHaveLength(datasets.length);
  hand.advance(60_000);
  decodes.length = 0;
  const page = await pageRows(store, {
    kinds: [...rowKinds],
    datasets: datasets.map(({ source, market }) => ({ source, market })),
    range: { start: now - recentReadMs, end: now },
    instrument: undefined,
    limit: 300,
    after: undefined,
    options: { latestHourFunding: false, candlesByCollectorTime: true },
  });
  expect(page.rows.some((row) => row.kind === 'ohlcv')).toBe(true);
  return decodes.filter((types) => types?.join() === 'trade').length;
}

describe('the recent reads', () => {
  it('leave the trades of every market read for a first page a minute later, when kept ten minutes', async () => {
    expect(await tradeDecodesOfFirstPage({ tradeDecodes: { maxBytes: 64 * 1024 * 1024, idleMs: 10 * 60_000 } })).toBe(0);
  });

  it('with the default idle time, the first page a minute later decodes them again', async () => {
    expect(await tradeDecodesOfFirstPage({})).toBe(datasets.length);
  });

  it('a legacy file decoded for its trades keeps its trades only (its rows name their type inside)', async () => {
    const legacy = demoDatasetsAt(now).find((dataset) => dataset.kind === 'legacy-book');
    if (legacy === undefined) throw new Error('the demo has no legacy dataset');
    const { date, hour } = utcDateHour(firstHour);
    const path = join(root, 'legacy', `${hourKey(legacy.source, legacy.market, date, hour)}.jsonl.zst`);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, generateHourFile(3, legacy, firstHour));
    const all = await decodeHourFile(path);
    const trades = await decodeHourFile(path, new Set(['trade']));
    expect(all.some((record) => record.type === 'orderbook')).toBe(true);
    expect(trades.length).toBeGreaterThan(10);
    expect(trades.map((record) => record.line)).toEqual(all.filter((record) => record.type === 'trade').map((record) => record.line));
  });
});

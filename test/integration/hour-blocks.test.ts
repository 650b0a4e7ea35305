import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowKind } from '../../shared/rows/row-kinds.ts';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import { pageRows, RowMerge, type RowPage, type RowPosition } from '../../electron/server/rows/row-pager.ts';
import { hourKey } from '../../shared/snapshot/snapshot-key.ts';
import { utcDateHour } from '../../shared/time/time-units.ts';
import { decodeHourFile } from '../../electron/server/store/decode-hour-file.ts';
import { DirectoryStore, type HourDecoder } from '../../electron/server/store/directory-store.ts';
import { demoDatasetsAt } from '../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile } from '../../electron/server/simulator/generate-hour.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';

// A large hour file is read block by block: a page that needs minutes of a busy hour decodes the
// block they lie in, not the hour. Pages read so must be the pages a whole-hour read gives, row
// for row, across blocks, hours and datasets, from any start and through cursors.

const hourMs = 3_600_000;
const firstHour = Date.UTC(2026, 10, 18, 9);
const datasets = demoDatasetsAt(firstHour + 3 * hourMs).filter(
  (dataset) =>
    (dataset.source === 'hyperliquid' && (dataset.market === 'BTC' || dataset.market === 'SOL')) ||
    (dataset.source === 'deribit' && dataset.market === 'BTC') ||
    // A legacy file (no header, no sequence): its rows are read in blocks too.
    (dataset.source === 'lighter' && dataset.market === 'BTC-USD'),
);

let root: string;
/** The lines each decode started from (1 for a whole hour). */
const blockStarts: number[] = [];
const counting: HourDecoder = (path, lineTypes, fromLine, enough, onBatch) => {
  blockStarts.push(fromLine ?? 1);
  return decodeHourFile(path, lineTypes, fromLine, enough, onBatch);
};
/** Blocks of about 700 lines (each hour has a few thousand). */
let blocked: DirectoryStore;
/** One block per file: every hour is read whole. */
let whole: DirectoryStore;

function fileOf(source: string, market: string, hourStart: number): string {
  const { date, hour } = utcDateHour(hourStart);
  return join(root, source, market, date, `${hourKey(source, market, date, hour)}.jsonl.zst`);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mde-hour-blocks-'));
  for (const dataset of datasets) {
    // A lighter rate than the demo's, so an hour has a few thousand lines.
    const light = { ...dataset, bookEventsPerSecond: 0.8, tradesPerSecond: 0.4 };
    for (const hourStart of [firstHour, firstHour + hourMs]) {
      const path = fileOf(dataset.source, dataset.market, hourStart);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, generateHourFile(11, light, hourStart));
    }
  }
  blocked = new DirectoryStore(root, counting, { blockPlan: { checkpointLines: 100, maxBlocks: 8 } });
  whole = new DirectoryStore(root, decodeHourFile, { blockPlan: { checkpointLines: 1e9, maxBlocks: 1 } });
  await Promise.all([blocked.scan(), whole.scan()]);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every page of a query, following the cursor position as the routes do. */
async function allPages(store: DirectoryStore, kinds: RowKind[], start: number, end: number, limit: number, market?: string): Promise<RowPage['rows'][]> {
  const pages: RowPage['rows'][] = [];
  let after: RowPosition | undefined;
  for (;;) {
    const page = await pageRows(store, {
      kinds,
      datasets: datasets.filter((dataset) => market === undefined || dataset.market === market).map(({ source, market: name }) => ({ source, market: name })),
      range: { start, end },
      instrument: undefined,
      limit,
      after,
      options: { latestHourFunding: false, candlesByCollectorTime: true },
    });
    pages.push(page.rows);
    if (!page.hasMore || page.last === null) return pages;
    after = page.last;
  }
}

describe('reading a large hour in blocks', () => {
  it('cuts the files in blocks', async () => {
    const [ref] = await blocked.hours('hyperliquid', 'BTC', firstHour, firstHour + 1);
    if (ref === undefined) throw new Error('no hour');
    const found = await blocked.hourBlocks(ref);
    expect(found?.blocks.length).toBeGreaterThanOrEqual(4);
    expect(found?.blocks[0]?.fromLine).toBe(1);
    expect(await whole.hourBlocks(ref)).toBeNull();
  });

  it('serves /l2-updates from the middle of an hour as the file has them: every book row of the range, in file order', async () => {
    const start = firstHour + 25 * 60_000;
    const end = firstHour + 37 * 60_000;
    blockStarts.length = 0;
    const pages = await allPages(blocked, ['l2_update'], start, end, 50, 'BTC');
    // Blocks after the first line were read, and no whole hour.
    expect(blockStarts.some((line) => line > 1)).toBe(true);
    // The oracle: the file decoded on its own, book rows whose collector time is in the range, in file order.
    const records: SnapshotRecord[] = await decodeHourFile(fileOf('hyperliquid', 'BTC', firstHour), new Set(['orderbook']));
    const expected = records.filter((record) => record.collectorTimestamp >= start && record.collectorTimestamp <= end).map((record) => record.collectorTimestamp);
    const served = pages.flat().map(({ row }) => ('collector_timestamp' in row ? row.collector_timestamp : Number.NaN));
    expect(expected.length).toBeGreaterThan(200);
    expect(served).toEqual(expected);
  });

  it('gives the pages of a whole-hour read, row for row, for mixed kinds across blocks, hours and datasets', async () => {
    const kinds: RowKind[] = ['trade', 'l2_update', 'funding_rate', 'ohlcv'];
    for (const [start, end, limit] of [
      [firstHour + 50 * 60_000, firstHour + 70 * 60_000, 97],
      [firstHour, firstHour + 2 * hourMs - 1, 1000],
      [firstHour + 59 * 60_000 + 30_000, firstHour + 60 * 60_000 + 30_000, 13],
    ] as const) {
      const fromBlocks = await allPages(blocked, kinds, start, end, limit);
      const fromWhole = await allPages(whole, kinds, start, end, limit);
      expect(fromBlocks.flat().length).toBeGreaterThan(0);
      expect(fromBlocks).toEqual(fromWhole);
    }
  }, 60_000);

  it('gives the same pages through cursors started anywhere, whichever kinds the clock runs over', async () => {
    // Option tickers are most of an option chain's lines: read in blocks too.
    const kindSets: RowKind[][] = [['l2_update', 'trade'], ['l2_update', 'ohlcv'], ['l2_update', 'funding_rate'], ['option_ticker', 'trade']];
    for (const [index, minute] of [0, 7, 33, 58, 21].entries()) {
      const start = firstHour + minute * 60_000;
      const end = start + 5 * 60_000;
      const kinds = kindSets[index % kindSets.length] ?? [];
      expect(await allPages(blocked, kinds, start, end, 61)).toEqual(await allPages(whole, kinds, start, end, 61));
    }
  }, 60_000);
});

describe('a merge kept between the pages of a query', () => {
  it('serves the pages a fresh read from each cursor serves, and decodes no block twice', async () => {
    // No decoded hour is cached: any block read again shows as a second decode of the same lines.
    const decodes: string[] = [];
    const logging: HourDecoder = (path, lineTypes, fromLine, enough, onBatch) => {
      decodes.push(`${path}@${fromLine ?? 1} of ${[...(lineTypes ?? ['every type'])].sort().join(',')}`);
      return decodeHourFile(path, lineTypes, fromLine, enough, onBatch);
    };
    const uncached = new DirectoryStore(root, logging, { blockPlan: { checkpointLines: 100, maxBlocks: 8 }, maxBytes: 0 });
    await uncached.scan();
    const kinds: RowKind[] = ['trade', 'l2_update', 'funding_rate', 'ohlcv', 'option_ticker'];
    const start = firstHour + 40 * 60_000;
    const end = firstHour + 80 * 60_000;
    const merge = new RowMerge(uncached, {
      kinds,
      datasets: datasets.map(({ source, market }) => ({ source, market })),
      range: { start, end },
      instrument: undefined,
      after: undefined,
      options: { latestHourFunding: false, candlesByCollectorTime: true },
    });
    const kept: RowPage['rows'][] = [];
    for (;;) {
      const page = await merge.page(97);
      kept.push(page.rows);
      if (!page.hasMore) break;
    }
    // The oracle: a fresh merge from each page's cursor (as before merges were kept), on a store with every hour cached.
    const fresh = await allPages(whole, kinds, start, end, 97);
    expect(kept.flat().length).toBeGreaterThan(500);
    expect(kept).toEqual(fresh);
    // Each block of each file was decoded once, for every kind read from it (capture summaries are read apart, not through the decoder).
    expect(decodes.length).toBeGreaterThan(datasets.length);
    expect(new Set(decodes).size).toBe(decodes.length);
  }, 60_000);
});

/** A v2 hour file's text: the metadata row, then one row per `[type, ms after the hour]`. */
function hourText(source: string, market: string, hourStart: number, rows: readonly ['orderbook' | 'trade', number][]): string {
  const date = new Date(hourStart).toISOString().slice(0, 10);
  const envelope = (time: number, sequence: number): string =>
    `"collector_timestamp":${hourStart + time},"collector_sequence":${sequence},"exchange_timestamp":null,"exchange_sequence":null,"source":"${source}","market":"${market}"`;
  const header = `{${envelope(0, 0)},"type":"metadata","data":{"schema_version":"v2","date":"${date}","start_time":${hourStart},"end_time":${hourStart + hourMs - 1},"event_count":${rows.length},"collector_version":"fixture-1"}}`;
  const lines = rows.map(([type, time], index) =>
    type === 'orderbook'
      ? `{${envelope(time, index + 1)},"type":"orderbook","data":{"is_snapshot":${index === 0},"bids":[[100,${index + 1}]],"asks":[[101,1]]}}`
      : `{${envelope(time, index + 1)},"type":"trade","data":{"price":100.5,"quantity":1,"side":"buy"}}`,
  );
  return `${[header, ...lines].join('\n')}\n`;
}

describe('a row stepped back at the start of a block', () => {
  let folder: string;
  const hourStart = Date.UTC(2024, 5, 1, 10);
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mde-hour-blocks-step-'));
    const write = async (market: string, rows: readonly ['orderbook' | 'trade', number][]): Promise<void> => {
      const { date, hour } = utcDateHour(hourStart);
      await mkdir(join(folder, 'aster', market, date), { recursive: true });
      await writeFile(join(folder, 'aster', market, date, `${hourKey('aster', market, date, hour)}.jsonl.zst`), compressZstdFrame(new TextEncoder().encode(hourText('aster', market, hourStart, rows))));
    };
    // Blocks of three lines: line 4 starts the second block, a row collected before line 3's.
    await write('ETH-USDT', [
      ['orderbook', 100],
      ['orderbook', 300],
      ['orderbook', 150],
      ['trade', 400],
    ]);
    await write('BTC-USDT', [
      ['orderbook', 200],
      ['orderbook', 250],
      ['orderbook', 350],
    ]);
    // A trade at the second block's start, then a book row collected before it.
    await write('SOL-USDT', [
      ['orderbook', 100],
      ['orderbook', 110],
      ['trade', 320],
      ['orderbook', 150],
    ]);
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('runs on the clock of the rows before the block (and of the trades in it, with candles), so a page ending on it resumes after it', async () => {
    const store = new DirectoryStore(folder, decodeHourFile, { blockPlan: { checkpointLines: 3, maxBlocks: 8 } });
    await store.scan();
    const pagesOf = async (limit: number, kinds: RowKind[] = ['l2_update'], markets = ['ETH-USDT', 'BTC-USDT']): Promise<number[][]> => {
      const pages: number[][] = [];
      let after: RowPosition | undefined;
      for (;;) {
        const page = await pageRows(store, {
          kinds,
          datasets: markets.map((market) => ({ source: 'aster', market })),
          range: { start: hourStart, end: hourStart + hourMs - 1 },
          instrument: undefined,
          // Book rows only are looked at; candles still take their place in the order.
          accept: (row) => !('interval' in row),
          limit,
          after,
          options: { latestHourFunding: false, candlesByCollectorTime: false },
        });
        pages.push(page.rows.map(({ row }) => ('collector_timestamp' in row ? row.collector_timestamp - hourStart : Number.NaN)));
        if (!page.hasMore || page.last === null) return pages;
        after = page.last;
      }
    };
    // Replay clocks: ETH 100, 300, 300 (line 4 stepped back to 150 runs on the clock of line 3);
    // BTC 200, 250, 350. Merged by clock: ETH 100, BTC 200, BTC 250, ETH 300, ETH 150, BTC 350.
    expect(await pagesOf(100)).toEqual([[100, 200, 250, 300, 150, 350]]);
    // A page that ends on the stepped-back row resumes at clock 300: BTC 350 comes next, nothing again.
    expect(await pagesOf(5)).toEqual([[100, 200, 250, 300, 150], [350]]);
    // With candles asked for, the clock runs over trades too: SOL's row collected at 150 comes
    // after its trade at 320, so after BTC 250 (a clock over book rows alone would put it first).
    expect(await pagesOf(100, ['l2_update', 'ohlcv'], ['SOL-USDT', 'BTC-USDT'])).toEqual([[100, 110, 200, 250, 150, 350]]);
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { startFaultProxy, type FaultProxy } from '../client/support/fault-proxy.ts';
import { countingFetch, fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { rawRows } from '../market/support/raw-rows.ts';
import { expectClose, naiveDepth, naiveMarkouts, type PlainTrade } from '../../unit/research/research-reference.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { bookAt, naiveBooks, naiveCorrelation, naiveMeanBand, naiveMid, naiveQuantile, naiveSpreadBps, plainTrades } from './naive-research.ts';
import { researchRig, type ResearchRig } from './research-rig.ts';

// The research channels over the contract (dispatch, validation, structured clone as IPC does)
// against the demo service on 127.0.0.1: what crosses must equal naive references computed here
// from rows fetched by hand (`/l2-orderbooks` books, `/historical/trades`), not through the client.

const minute = 60_000;
const btc = { source: 'hyperliquid', market: 'BTC' } as const;
const start = fixedNow - 3 * 60 * minute;
const range = { start, end: start + 10 * minute };
const horizons = [1_000, 5_000, 30_000, 60_000];

let service: TestService;
let library = '';
let rig: ResearchRig | undefined;
let proxy: FaultProxy | undefined;
let books: L2Row[] = [];
let trades: TradeRow[] = [];

const requestId = (() => {
  let n = 0;
  return () => `test-${++n}`;
})();

beforeAll(async () => {
  service = await startTestService();
  library = await mkdtemp(join(tmpdir(), 'mde-research-'));
  const base = service.service.baseUrl;
  books = await rawRows<L2Row>(base, '/l2-orderbooks', { ...btc, start: range.start, end: range.end + 60_000, limit: 1000 }, paidKey);
  trades = await rawRows<TradeRow>(base, '/historical/trades', { ...btc, ...range, limit: 1000 }, paidKey);
}, 120_000);

afterAll(async () => {
  await service.close();
  await rm(library, { recursive: true, force: true });
});

afterEach(async () => {
  rig?.close();
  await proxy?.close();
  rig = undefined;
  proxy = undefined;
});

function paidRig(extra: { fetch?: typeof fetch; baseUrl?: string } = {}): ResearchRig {
  rig = researchRig({ baseUrl: extra.baseUrl ?? service.service.baseUrl, key: paidKey, libraryRoot: library, ...(extra.fetch === undefined ? {} : { fetch: extra.fetch }) });
  return rig;
}

/** The naive markouts of the trades against the books' mids; the data ends at the last book's time. */
function referenceMarkouts(): { plain: PlainTrade[]; columns: (number | null)[][]; end: number } {
  const booksOfRange = naiveBooks(books);
  const samples = booksOfRange.map((book): [number, number | null] => [book.time, naiveMid(book.top)]);
  const end = booksOfRange.at(-1)?.time ?? Number.NaN;
  const plain = plainTrades(trades);
  return { plain, columns: naiveMarkouts(plain, samples, end, horizons), end };
}

describe('research.markouts', () => {
  it('averages, by side and size bucket, the markouts a naive scan of /l2-orderbooks mids gives; the largest trades carry theirs', async () => {
    expect(trades.length).toBeGreaterThan(100);
    const on = paidRig();
    const edges = [0, 1_000, 10_000, 100_000];
    const result = await on.api.research.markouts({ requestId: requestId(), target: { kind: 'market', ...btc, ...range }, sizeEdges: edges, top: 20 });
    const { plain, columns, end } = referenceMarkouts();
    expect(result.read).toMatchObject({ source: 'hyperliquid', market: 'BTC', trades: trades.length, bookEvents: books.length, truncated: false });
    expect(result.dataEnd).toBe(end);
    expect(result.horizonsMs).toEqual(horizons);

    // Every (side, bucket, horizon) row against the naive mean, sd and band of the same trades.
    const notional = (trade: PlainTrade): number => trade.price * trade.quantity;
    const bucketOf = (value: number): number => edges.reduce((found, edge, b) => (edge <= value ? b : found), -1);
    const n = result.summary.side.length;
    expect(n).toBe(3 * (edges.length + 1) * horizons.length);
    for (let g = 0; g < n; g++) {
      const side = result.summary.side[g];
      const bucket = result.summary.bucket[g];
      const h = horizons.indexOf(result.summary.horizonMs[g] ?? -1);
      const members = plain.flatMap((trade, i) => {
        if (trade.side === null) return [];
        if (side === 1 && trade.side !== 'buy') return [];
        if (side === -1 && trade.side !== 'sell') return [];
        if (bucket !== -1 && bucketOf(notional(trade)) !== bucket) return [];
        return [i];
      });
      const values = members.flatMap((i) => {
        const value = columns[h]?.[i] ?? null;
        return value === null ? [] : [value];
      });
      const band = naiveMeanBand(values);
      expect(result.summary.trades[g], `trades of group ${g}`).toBe(members.length);
      expect(result.summary.count[g], `count of group ${g}`).toBe(band.count);
      expectClose([result.summary.mean[g] ?? Number.NaN], [band.mean], `mean of group ${g}`);
      expectClose([result.summary.sd[g] ?? Number.NaN], [band.sd], `sd of group ${g}`);
      expectClose([result.summary.ciLow[g] ?? Number.NaN, result.summary.ciHigh[g] ?? Number.NaN], [band.low, band.high], `band of group ${g}`);
    }
    // The 60 s horizon of the last trades runs past the books: those have none, counted, never 0.
    const missing = horizons.map((_, h) => plain.filter((trade, i) => trade.side !== null && columns[h]?.[i] === null).length);
    expect(result.withoutMarkout).toEqual(missing);
    expect(result.unknownSide).toBe(plain.filter((trade) => trade.side === null).length);

    // The 20 largest by notional (ties to the earlier), each with its own markouts.
    const order = plain
      .map((trade, i) => ({ i, value: notional(trade) }))
      .sort((a, b) => b.value - a.value || a.i - b.i)
      .slice(0, 20)
      .map((entry) => entry.i);
    expect(result.large.time).toEqual(order.map((i) => plain[i]?.time));
    expectClose(result.large.notional, order.map((i) => notional(plain[i] as PlainTrade)), 'large notional');
    horizons.forEach((_, h) => expectClose(result.large.markoutBps[h]?.map((v) => v ?? Number.NaN) ?? [], order.map((i) => columns[h]?.[i] ?? null), `large markouts ${h}`));
    // Progress followed the pages of books and of trades.
    expect(on.progress.some((p) => p.stage === 'books' && p.rows === books.length)).toBe(true);
    expect(on.progress.some((p) => p.stage === 'trades' && p.rows === trades.length)).toBe(true);
  }, 60_000);

  it('exports the summary as CSV with the same values, and the per-trade markouts as Parquet with null for null', async () => {
    const on = paidRig();
    const result = await on.api.research.markouts({ requestId: requestId(), target: { kind: 'market', ...btc, ...range } });
    const csv = await on.api.research.export({ resultId: result.resultId, table: 'markout-summary', format: 'csv', name: 'summary' });
    expect(csv.path).toBe(join(library, 'exports', 'summary.csv'));
    const lines = (await readFile(csv.path, 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe('side,size_low,size_high,all_sizes,horizon_ms,trades,count,mean_bps,sd_bps,ci95_low_bps,ci95_high_bps');
    expect(lines.length - 1).toBe(result.summary.side.length);
    expect(csv.rows).toBe(result.summary.side.length);
    const means = lines.slice(1).map((line) => line.split(',')[7] ?? '');
    expect(means).toEqual(result.summary.mean.map((value) => (value === null ? '' : String(value))));
    // The same name again is refused: an export never replaces a file.
    await expect(on.api.research.export({ resultId: result.resultId, table: 'markout-summary', format: 'csv', name: 'summary' })).rejects.toMatchObject({ kind: 'invalid-request' });

    const parquet = await on.api.research.export({ resultId: result.resultId, table: 'markouts', format: 'parquet', name: 'markouts' });
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(parquet.path) });
    const { columns } = referenceMarkouts();
    expect(rows.length).toBe(trades.length);
    expect(rows.map((row): unknown => row['markout_60s_bps'] ?? null)).toEqual(columns[3]?.map((value): unknown => (value === null ? null : expect.closeTo(value, 9))));
    // A result that was never made: not found, with the fix.
    await expect(on.api.research.export({ resultId: 'nope', table: 'markouts', format: 'csv' })).rejects.toMatchObject({ kind: 'not-found', resolution: 'Run the panel again, then export.' });
  }, 60_000);
});

describe('research.depth', () => {
  it('samples spread, imbalance within ±X % and the cost to trade a notional at each step, as a naive walk of each book gives', async () => {
    const on = paidRig();
    const result = await on.api.research.depth({ requestId: requestId(), target: { kind: 'market', ...btc, ...range }, bandPct: 0.01, notional: 250_000 });
    const inRange = books.filter((row) => row.collector_timestamp <= range.end);
    const ofRange = naiveBooks(inRange);
    const step = result.stepMs;
    expect(step).toBe(500);
    const first = Math.ceil((ofRange[0]?.time ?? 0) / step) * step;
    const last = Math.min(ofRange.at(-1)?.time ?? 0, range.end);
    const times: number[] = [];
    for (let g = first; g <= last; g += step) if (g >= range.start) times.push(g);
    expect(result.time).toEqual(times);
    const expected = times.map((g) => naiveDepth(bookAt(ofRange, g)?.top ?? null, 0.01, 250_000));
    const field = (k: number): (number | null)[] => expected.map((row) => row[k] ?? null);
    const asNumbers = (values: (number | null)[]): number[] => values.map((value) => value ?? Number.NaN);
    expectClose(asNumbers(result.mid), field(0), 'mid');
    expectClose(asNumbers(result.spreadBps), field(1), 'spread');
    expectClose(asNumbers(result.imbalance), field(2), 'imbalance');
    expectClose(asNumbers(result.buyCostBps), field(3), 'buy cost');
    expectClose(asNumbers(result.sellCostBps), field(4), 'sell cost');
    // The band binds (±0.01 % leaves out levels the whole book holds), and 250k is more than the
    // book holds at some samples: there the cost is null, never 0.
    const wholeBook = times.map((g) => naiveDepth(bookAt(ofRange, g)?.top ?? null, 50, 250_000)[2] ?? null);
    expect(result.imbalance.some((value, i) => value !== null && wholeBook[i] !== null && Math.abs(value - (wholeBook[i] ?? 0)) > 1e-6)).toBe(true);
    expect(result.buyCostBps.some((value) => value === null)).toBe(true);
  }, 60_000);
});

describe('research.latency', () => {
  it('gives p50, p99, min and max of collector − exchange time over books and trades, unknown exchange times counted apart', async () => {
    const on = paidRig();
    const result = await on.api.research.latency({ requestId: requestId(), target: { kind: 'market', source: 'binance', market: 'ETH-USDT', ...range } });
    const base = service.service.baseUrl;
    const ethBooks = await rawRows<L2Row>(base, '/l2-orderbooks', { source: 'binance', market: 'ETH-USDT', ...range, limit: 1000 }, paidKey);
    const ethTrades = await rawRows<TradeRow>(base, '/historical/trades', { source: 'binance', market: 'ETH-USDT', ...range, limit: 1000 }, paidKey);
    const events = [...ethBooks, ...ethTrades].filter((row) => row.collector_timestamp >= range.start && row.collector_timestamp <= range.end);
    const known = events.flatMap((row) => (row.exchange_timestamp === null ? [] : [row.collector_timestamp - row.exchange_timestamp]));
    expect(result.summary.known).toBe(known.length);
    expect(result.summary.unknown).toBe(events.length - known.length);
    expect(events.length).toBeGreaterThan(0);
    expectClose(
      [result.summary.p50, result.summary.p99, result.summary.min, result.summary.max].map((value) => value ?? Number.NaN),
      [naiveQuantile(known, 0.5), naiveQuantile(known, 0.99), known.length === 0 ? null : Math.min(...known), known.length === 0 ? null : Math.max(...known)],
      'latency summary',
    );
    // Over time: each interval's counts add up to the events.
    expect(result.intervals.known.reduce((a, b) => a + b, 0)).toBe(known.length);
    expect(result.intervals.unknown.reduce((a, b) => a + b, 0)).toBe(events.length - known.length);
  }, 60_000);
});

describe('research.activity', () => {
  it('builds tick bars, the CVD per interval and the volume profile with its POC as a naive pass over the trades', async () => {
    const on = paidRig();
    const result = await on.api.research.activity({ requestId: requestId(), target: { kind: 'market', ...btc, ...range }, barKind: 'tick', barSize: 25, priceStep: 5, cvdIntervalMs: 60_000 });
    const plain = plainTrades(trades);
    const chunks: PlainTrade[][] = [];
    for (let i = 0; i < plain.length; i += 25) chunks.push(plain.slice(i, i + 25));
    expect(result.bars.tradeCount).toEqual(chunks.map((chunk) => chunk.length));
    expect(result.bars.open).toEqual(chunks.map((chunk) => chunk[0]?.price));
    expect(result.bars.close).toEqual(chunks.map((chunk) => chunk.at(-1)?.price));
    expect(result.bars.high).toEqual(chunks.map((chunk) => Math.max(...chunk.map((t) => t.price))));
    expectClose(result.bars.volume, chunks.map((chunk) => chunk.reduce((a, t) => a + t.quantity, 0)), 'bar volume');
    expect(result.bars.complete).toEqual(chunks.map((chunk) => (chunk.length === 25 ? 1 : 0)));

    const byMinute = new Map<number, number>();
    for (const t of plain) {
      const open = Math.floor(t.time / 60_000) * 60_000;
      byMinute.set(open, (byMinute.get(open) ?? 0) + (t.side === 'buy' ? t.quantity : t.side === 'sell' ? -t.quantity : 0));
    }
    const opens = [...byMinute.keys()].sort((a, b) => a - b);
    expect(result.cvd.openTime).toEqual(opens);
    let running = 0;
    expectClose(result.cvd.cvd, opens.map((open) => (running += byMinute.get(open) ?? 0)), 'cvd');

    const volumeAt = new Map<number, number>();
    for (const t of plain) volumeAt.set(Math.floor(t.price / 5), (volumeAt.get(Math.floor(t.price / 5)) ?? 0) + t.quantity);
    const poc = [...volumeAt].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? Number.NaN;
    expect(result.profile.pocPrice).toBe(poc * 5);
    expectClose([result.profile.totalVolume], [plain.reduce((a, t) => a + t.quantity, 0)], 'total volume');
    // The value area holds at least 70 % of the volume and contains the POC.
    expect(result.profile.valueAreaVolume).toBeGreaterThanOrEqual(0.7 * result.profile.totalVolume * (1 - 1e-9));
    expect(result.profile.valueAreaLow ?? Infinity).toBeLessThanOrEqual(poc * 5);
    expect(result.profile.valueAreaHigh ?? -Infinity).toBeGreaterThanOrEqual(poc * 5);

    // The footprint export: per 1-minute candle and 5-wide bucket, sell (bid) and buy (ask) volume, the candle's POC marked.
    const cells = new Map<string, { open: number; price: number; bid: number; ask: number; trades: number }>();
    for (const t of plain) {
      const open = Math.floor(t.time / 60_000) * 60_000;
      const price = Math.floor(t.price / 5) * 5;
      const key = `${open}:${price}`;
      const cell = cells.get(key) ?? { open, price, bid: 0, ask: 0, trades: 0 };
      if (t.side === 'sell') cell.bid += t.quantity;
      if (t.side === 'buy') cell.ask += t.quantity;
      cell.trades++;
      cells.set(key, cell);
    }
    const expected = [...cells.values()].sort((a, b) => a.open - b.open || a.price - b.price);
    const csv = await on.api.research.export({ resultId: result.resultId, table: 'footprint', format: 'csv', name: 'footprint' });
    const lines = (await readFile(csv.path, 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe('open_time,price,bid_volume,ask_volume,unknown_volume,trades,buy_imbalance,sell_imbalance,poc');
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((row) => [Number(row[0]), Number(row[1]), Number(row[5])])).toEqual(expected.map((cell) => [cell.open, cell.price, cell.trades]));
    expectClose(rows.map((row) => Number(row[2])), expected.map((cell) => cell.bid), 'footprint bid volume');
    expectClose(rows.map((row) => Number(row[3])), expected.map((cell) => cell.ask), 'footprint ask volume');
    // One POC a candle: the bucket with the most volume (ties to the lower price).
    for (const open of new Set(expected.map((cell) => cell.open))) {
      const own = expected.filter((cell) => cell.open === open);
      const top = [...own].sort((a, b) => b.bid + b.ask - (a.bid + a.ask) || a.price - b.price)[0];
      const marked = rows.filter((row) => Number(row[0]) === open && row[8] === '1').map((row) => Number(row[1]));
      expect(marked).toEqual([top?.price]);
    }
  }, 60_000);
});

describe('research.venues', () => {
  it('overlays the venues’ mids, basis against the reference and spreads on one grid, and the lead–lag of mid returns at −2 s..+2 s', async () => {
    const on = paidRig();
    // ETH on three venues (lighter's pages are covered by conformance/mid-hour-paging.test.ts).
    const venues = [{ source: 'hyperliquid', market: 'ETH' }, { source: 'binance', market: 'ETH-USDT' }, { source: 'aster', market: 'ETHUSDT' }];
    const short = { start: range.start, end: range.start + 5 * minute };
    const result = await on.api.research.venues({ requestId: requestId(), venues, ...short, reference: 0, lagStepMs: 250 });
    expect(result.names).toEqual(['hyperliquid/ETH', 'binance/ETH-USDT', 'aster/ETHUSDT']);
    const base = service.service.baseUrl;
    const venueBooks = await Promise.all(venues.map(async (venue) => naiveBooks(await rawRows<L2Row>(base, '/l2-orderbooks', { ...venue, ...short, limit: 1000 }, paidKey))));
    expect(result.reads.map((read) => read.bookEvents)).toEqual(venueBooks.map((list) => list.filter((book) => book.top !== null).length));
    const midsOn = (times: readonly number[], list: (typeof venueBooks)[number]): (number | null)[] => times.map((g) => naiveMid(bookAt(list, g)?.top ?? null));
    expect(result.time[0]).toBe(short.start);
    expect(result.time.every((t, k) => t === short.start + k * result.stepMs)).toBe(true);
    venueBooks.forEach((list, v) => {
      const mids = midsOn(result.time, list);
      expectClose(result.mid[v]?.map((x) => x ?? Number.NaN) ?? [], mids, `mids of ${v}`);
      const reference = midsOn(result.time, venueBooks[0] ?? []);
      expectClose(result.basisBps[v]?.map((x) => x ?? Number.NaN) ?? [], mids.map((m, k) => (m === null || reference[k] == null ? null : ((m - (reference[k] ?? 0)) / (reference[k] ?? 1)) * 1e4)), `basis of ${v}`);
      expectClose(result.spreadBps[v]?.map((x) => x ?? Number.NaN) ?? [], result.time.map((g) => naiveSpreadBps(bookAt(list, g)?.top ?? null)), `spread of ${v}`);
    });
    // Lead–lag on the 250 ms grid: log returns, Pearson at each lag k of (reference[g], venue[g + k]).
    const fine: number[] = [];
    for (let g = short.start; g <= short.end; g += 250) fine.push(g);
    const returns = venueBooks.map((list) => {
      const mids = midsOn(fine, list);
      return mids.map((m, k) => (k === 0 || m === null || mids[k - 1] == null ? null : Math.log(m / (mids[k - 1] ?? 1))));
    });
    expect(result.leadLag.lagMs).toEqual(Array.from({ length: 17 }, (_, i) => (i - 8) * 250));
    returns.forEach((venueReturns, v) => {
      const expected = result.leadLag.lagMs.map((lag) => {
        const k = lag / 250;
        const pairs: [number, number][] = [];
        for (let g = 0; g < fine.length; g++) {
          const a = returns[0]?.[g];
          const b = venueReturns[g + k];
          if (a != null && b != null) pairs.push([a, b]);
        }
        return naiveCorrelation(pairs);
      });
      expectClose(result.leadLag.correlation[v]?.map((x) => x ?? Number.NaN) ?? [], expected, `lead–lag of ${v}`);
    });
    // The reference against itself peaks at lag 0.
    expect(result.leadLag.correlation[0]?.[8]).toBeCloseTo(1, 12);
  }, 90_000);
});

describe('research over granted files', () => {
  const T = 1_767_600_000_000;
  let file = '';
  beforeAll(async () => {
    file = join(library, 'hand.jsonl.zst');
    await writeFile(file, compressZstdFrame(await readFile(join(import.meta.dirname, '..', '..', 'fixtures', 'metrics', 'hand-book-trades.jsonl'))));
  });

  it('reads the hand fixture in the worker: markouts null past the data and for an unknown side, latency with unknowns apart', async () => {
    const on = paidRig();
    const [grant] = await on.files.grant([file], 'dialog');
    const target = { kind: 'files' as const, fileIds: [grant?.fileId ?? ''] };
    const result = await on.api.research.markouts({ requestId: requestId(), target, horizonsMs: [1000, 2000], top: 4 });
    expect(result.read).toMatchObject({ source: 'aster', market: 'ETH-USDT', bookEvents: 4, trades: 4 });
    // Largest first: unknown 6003, sell 3000, buy 1500.5, buy 750.5 (see the fixture's comments in metrics-cli.test.ts).
    expect(result.large.time).toEqual([T + 1500, T + 900, T + 100, T + 2500]);
    expect(result.large.markoutBps[0]).toEqual([null, expect.closeTo(-5_000 / 3000.5, 9), expect.closeTo(5_000 / 3000.5, 9), null]);
    expect(result.large.markoutBps[1]).toEqual([null, expect.closeTo(-12_500 / 3000.5, 9), expect.closeTo(12_500 / 3000.5, 9), null]);
    expect(result.withoutMarkout).toEqual([1, 1]);
    expect(result.unknownSide).toBe(1);

    const latency = await on.api.research.latency({ requestId: requestId(), target, intervalMs: 1000 });
    expect(latency.summary).toMatchObject({ known: 6, unknown: 2, p50: 10 });
    expect(latency.intervals.unknown).toEqual([1, 0, 1, 0]);
    const depth = await on.api.research.depth({ requestId: requestId(), target, bandPct: 0.05, notional: 4000, stepMs: 1000 });
    expect(depth.time).toEqual([T, T + 1000, T + 2000, T + 3000]);
    expectClose(depth.imbalance.map((x) => x ?? Number.NaN), [0, -1 / 3, -0.6, -0.6], 'imbalance');
    // The per-trade markouts as Parquet: the nulls stay null (never 0).
    const parquet = await on.api.research.export({ resultId: result.resultId, table: 'markouts', format: 'parquet', name: 'hand-markouts' });
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(parquet.path) });
    expect(rows.map((row): unknown => row['markout_1s_bps'])).toEqual([expect.closeTo(5_000 / 3000.5, 9), expect.closeTo(-5_000 / 3000.5, 9), null, null]);
    expect(rows.map((row): unknown => row['side'])).toEqual(['buy', 'sell', null, 'buy']);
  }, 60_000);
});

describe('research loads: refusals and cancel', () => {
  it('refuses a range before the last hour without a key, before sending anything', async () => {
    const counting = countingFetch();
    rig = researchRig({ baseUrl: service.service.baseUrl, key: null, libraryRoot: library, fetch: counting.fetch });
    const error = await rejectionOf(rig.api.research.depth({ requestId: requestId(), target: { kind: 'market', ...btc, ...range }, bandPct: 1, notional: 1000 }), ContractError);
    expect(error).toMatchObject({ kind: 'needs-api-key', channel: 'research.depth' });
    expect(error.message).toContain('/l2-orderbooks');
    const trades = await rejectionOf(rig.api.research.activity({ requestId: requestId(), target: { kind: 'market', ...btc, start: fixedNow - 5 * minute, end: fixedNow }, barKind: 'tick' }), ContractError);
    expect(trades.message).toContain('/historical/trades');
    expect(counting.count).toBe(0);
  });

  it('stops paging on research.cancel: the call fails as cancelled and no page is asked for after it', async () => {
    proxy = await startFaultProxy(service.service.baseUrl);
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = (): void => {};
    const secondAsked = new Promise<void>((resolve) => (held = resolve));
    proxy.plan = (_request, index) => {
      if (index === 0) return { kind: 'pass' };
      held();
      return { kind: 'hold', until: gate };
    };
    const on = paidRig({ baseUrl: proxy.url });
    const id = requestId();
    const call = rejectionOf(on.api.research.markouts({ requestId: id, target: { kind: 'market', ...btc, ...range } }), ContractError);
    await secondAsked;
    expect(await on.api.research.cancel({ requestId: id })).toEqual({ cancelled: true });
    release();
    expect(await call).toMatchObject({ kind: 'cancelled', channel: 'research.markouts' });
    expect(proxy.requests.length).toBe(2);
    expect(await on.api.research.cancel({ requestId: id })).toEqual({ cancelled: false });
  }, 60_000);

  it('checks its input: a range that ends before it starts, a reference that is not a venue', async () => {
    const on = paidRig();
    await expect(on.api.research.depth({ requestId: requestId(), target: { kind: 'market', ...btc, start: range.end, end: range.start }, bandPct: 1, notional: 1 })).rejects.toMatchObject({ kind: 'invalid-request' });
    await expect(on.api.research.venues({ requestId: requestId(), venues: [btc, btc], ...range, reference: 2 })).rejects.toMatchObject({ kind: 'invalid-request' });
    await expect(on.api.research.markouts({ requestId: requestId(), target: { kind: 'market', ...btc, ...range }, horizonsMs: [5000, 1000] })).rejects.toMatchObject({ kind: 'invalid-request' });
  });

  it('sizes nothing by time that holds no data: a range after now is refused, and a depth step that would take more samples than a study keeps is refused with the limit', async () => {
    const on = paidRig();
    const ahead = { start: fixedNow + 60_000, end: fixedNow + 30 * 86_400_000 };
    await expect(on.api.research.venues({ requestId: requestId(), venues: [btc, { source: 'binance', market: 'BTC-USDT' }], ...ahead, lagStepMs: 10 })).rejects.toMatchObject({
      kind: 'invalid-request',
      message: expect.stringContaining('after now') as unknown,
    });
    await expect(on.api.research.latency({ requestId: requestId(), target: { kind: 'market', ...btc, ...ahead } })).rejects.toMatchObject({ kind: 'invalid-request', channel: 'research.latency' });
    // A year to now at 10 ms: 3,153,600,001 samples asked for; the refusal names the limit and a step that fits.
    const year = { start: fixedNow - 365 * 86_400_000, end: fixedNow + 30 * 86_400_000 };
    await expect(on.api.research.depth({ requestId: requestId(), target: { kind: 'market', ...btc, ...year }, bandPct: 1, notional: 1, stepMs: 10 })).rejects.toMatchObject({
      kind: 'invalid-request',
      message: 'Depth sampled every 10 ms over this range would take 3,153,600,001 samples, more than the 2,000,000 a study keeps',
      resolution: 'Choose a step of at least 15,769 ms, or a shorter range.',
    });
  });
});

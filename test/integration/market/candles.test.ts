import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import { candleIntervals, type CandleRow } from '../../../shared/rows/candle-row.ts';
import { startFaultProxy, type FaultProxy } from '../client/support/fault-proxy.ts';
import { fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { requestService } from '../conformance/support/http.ts';
import { expectNonDecreasing } from '../conformance/support/paging.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { marketRig } from './support/market-rig.ts';
import { candleColumnsOfRows, foldedCandles, rawRows } from './support/raw-rows.ts';

// market.candles over the embedded demo on 127.0.0.1, through the contract's dispatch: the
// columns must equal the field notes' fold of the raw /ohlcv rows, fetched here by hand.

const minute = 60_000;
const hour = 60 * minute;
const btc = { source: 'hyperliquid', market: 'BTC' } as const;
const threeHours = { ...btc, interval: '1m', start: fixedNow - 3 * hour, end: fixedNow } as const;

let service: TestService;
let proxy: FaultProxy;

/** FNV-1a of a string: a fixed, order-free shuffle key. */
function shuffleKey(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * Each /ohlcv page with its revisions shuffled, and every row preceded by a twin published at
 * the same collector time with a larger event_id and a different close (its high): the twin is
 * the later revision by the tie rule, though it arrives first.
 */
function shuffledWithTies(body: unknown): unknown {
  const page = body as { items: CandleRow[] };
  const shuffled = [...page.items].sort((a, b) => shuffleKey(a.event_id) - shuffleKey(b.event_id));
  return { ...page, items: shuffled.flatMap((row) => [{ ...row, event_id: `${row.event_id}~tie`, close: row.high }, row]) };
}

beforeAll(async () => {
  service = await startTestService();
  proxy = await startFaultProxy(service.service.baseUrl);
  proxy.plan = (request) => (request.path.startsWith('/ohlcv') ? { kind: 'rewrite', rewrite: shuffledWithTies } : { kind: 'pass' });
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});

const ohlcvQuery = (input: { source: string; market: string; interval: string; start: number; end: number; instrument?: string }) => ({ ...input, limit: 1000 });

describe('market.candles folds revisions in main', () => {
  it('equals the fold of the raw /ohlcv rows: one candle per open time, the latest revision, sorted, revisions counted', async () => {
    const raw = await rawRows<CandleRow>(service.service.baseUrl, '/ohlcv', ohlcvQuery(threeHours), paidKey);
    const folded = foldedCandles(raw);
    // The fold matters here: several pages of rows, most candles revised more than once.
    expect(raw.length).toBeGreaterThan(1000);
    expect(folded.length).toBeGreaterThan(150);
    expect(raw.length).toBeGreaterThan(2 * folded.length);

    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const columns = await rig.api.market.candles({ ...threeHours, requestId: 'c-1' });
    expect(columns).toEqual({ ...candleColumnsOfRows('1m', folded, raw.length), cap: 200_000, truncated: false, droppedUntil: null });
  });

  it('folds revisions that arrive out of order, and ties at one collector time to the larger event_id', async () => {
    const raw = await rawRows<CandleRow>(proxy.url, '/ohlcv', ohlcvQuery(threeHours), paidKey);
    const folded = foldedCandles(raw);
    // The fixture does what it says: some candle's newest revision arrives before an older one…
    const arrivedOutOfOrder = raw.some((row, i) => raw.slice(i + 1).some((later) => later.open_timestamp === row.open_timestamp && later.collector_timestamp < row.collector_timestamp));
    expect(arrivedOutOfOrder).toBe(true);
    // …and every candle is decided by a tie, which changes its close on many of them.
    expect(folded.every((row) => row.event_id.endsWith('~tie'))).toBe(true);
    const tieWinners = new Map(folded.map((row) => [row.event_id.slice(0, -'~tie'.length), row.close]));
    expect(raw.filter((row) => tieWinners.has(row.event_id) && tieWinners.get(row.event_id) !== row.close).length).toBeGreaterThan(20);

    const rig = marketRig({ baseUrl: proxy.url, key: paidKey });
    const columns = await rig.api.market.candles({ ...threeHours, requestId: 'c-shuffled' });
    expect(columns).toEqual({ ...candleColumnsOfRows('1m', folded, raw.length), cap: 200_000, truncated: false, droppedUntil: null });
  });

  it('pushes progress for the load: its requestId, row counts that never fall and end at the revisions read', async () => {
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const columns = await rig.api.market.candles({ ...threeHours, requestId: 'c-progress' });
    const counts = rig.progressOf('c-progress');
    expect(rig.progress.every((event) => event.requestId === 'c-progress')).toBe(true);
    expect(counts.length).toBeGreaterThan(1);
    expectNonDecreasing(counts, 'market.progress rows');
    expect(counts.at(-1)).toBe(columns.revisions);
  });

  it('keeps the newest cap candles (fully folded) and says up to when it left candles out; at or below the cap, not truncated', async () => {
    const raw = await rawRows<CandleRow>(service.service.baseUrl, '/ohlcv', ohlcvQuery(threeHours), paidKey);
    const folded = foldedCandles(raw);
    const cap = 10;
    const newestCandles = folded.slice(-cap);
    const oldestKept = newestCandles[0]?.open_timestamp ?? 0;
    const theirRevisions = raw.filter((row) => row.open_timestamp >= oldestKept).length;

    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey, caps: { candles: cap } });
    const capped = await rig.api.market.candles({ ...threeHours, requestId: 'c-cap' });
    expect(capped).toEqual({ ...candleColumnsOfRows('1m', newestCandles, theirRevisions), cap, truncated: true, droppedUntil: capped.droppedUntil });
    // Only the newest ten minutes were read, not the three hours.
    expect(rig.progressOf('c-cap').at(-1)).toBe(theirRevisions);
    // Left out: the candle before the newest ten, and nothing after it.
    expect(capped.droppedUntil).toBeGreaterThanOrEqual(folded.at(-cap - 1)?.open_timestamp ?? Number.NaN);
    expect(capped.droppedUntil).toBeLessThan(oldestKept);

    const exact = await marketRig({ baseUrl: service.service.baseUrl, key: paidKey, caps: { candles: folded.length } }).api.market.candles({ ...threeHours, requestId: 'c-exact' });
    expect(exact).toEqual({ ...candleColumnsOfRows('1m', folded, raw.length), cap: folded.length, truncated: false, droppedUntil: null });
  });

  it('refuses a market whose candles belong to several instruments unless one is chosen, and serves the one chosen', async () => {
    const options = { source: 'deribit', market: 'BTC', interval: '1m', start: fixedNow - 10 * minute, end: fixedNow } as const;
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const error = await rejectionOf(rig.api.market.candles({ ...options, requestId: 'c-mixed' }), ContractError);
    expect(error).toMatchObject({ kind: 'invalid-request', channel: 'market.candles', resolution: 'Choose one instrument of this market.' });
    expect(error.message).toMatch(/^deribit\/BTC publishes candles of several instruments \(BTC-/);

    const all = await rawRows<CandleRow>(service.service.baseUrl, '/ohlcv', ohlcvQuery(options), paidKey);
    const instrument = all[0]?.instrument ?? '';
    const raw = await rawRows<CandleRow>(service.service.baseUrl, '/ohlcv', ohlcvQuery({ ...options, instrument }), paidKey);
    expect(raw.length).toBeGreaterThan(0);
    const columns = await rig.api.market.candles({ ...options, instrument, requestId: 'c-one' });
    expect(columns).toEqual({ ...candleColumnsOfRows('1m', foldedCandles(raw), raw.length), cap: 200_000, truncated: false, droppedUntil: null });
  });
});

describe('market.intervals', () => {
  /** The intervals at which /ohlcv has at least one row for the market, asked of the service directly. */
  async function publishedIntervals(market: { source: string; market: string }): Promise<string[]> {
    const found: string[] = [];
    for (const interval of candleIntervals) {
      const page = await requestService<{ items: unknown[] }>(service.service.baseUrl, '/ohlcv', { query: { ...market, interval, limit: 1 }, key: paidKey });
      if (page.body.items.length > 0) found.push(interval);
    }
    return found;
  }

  it('lists exactly the intervals the demo builds from trades (1m, 5m, 15m, 1h; never 100ms, 1s or 10s)', async () => {
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const { intervals } = await rig.api.market.intervals(btc);
    expect(intervals).toEqual(['1m', '5m', '15m', '1h']);
    expect(intervals).toEqual(await publishedIntervals(btc));
  });

  it('lists none for a market with no candles (DEX quotes)', async () => {
    const quotes = { source: 'fermiswap', market: 'ethereum' };
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    expect(await rig.api.market.intervals(quotes)).toEqual({ intervals: [] });
    expect(await publishedIntervals(quotes)).toEqual([]);
  });

  it('judges a range when given one (a market whose data ended earlier)', async () => {
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    expect(await rig.api.market.intervals({ ...btc, start: fixedNow - 3 * hour, end: fixedNow - 2 * hour })).toEqual({ intervals: ['1m', '5m', '15m', '1h'] });
    // Before the demo's history begins (three days), nothing.
    expect(await rig.api.market.intervals({ ...btc, start: fixedNow - 10 * 24 * hour, end: fixedNow - 9 * 24 * hour })).toEqual({ intervals: [] });
  });
});

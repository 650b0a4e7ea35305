import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { latestCandleRevisions } from '../../../shared/rows/candle-revisions.ts';
import { countingFetch, fixedNow, paidKey, startTestService, type TestService } from './support/test-service.ts';
import { rejectionOf } from '../../support/rejection.ts';

const minute = 60_000;
const hour = 60 * minute;
/** The demo's markets: 22 since the busy binance/BTCUSDT perpetual joined the simulator (binance has 6). */
const demoMarkets = 22;

let test: TestService;
let anonymous: MarketDataClient;
let keyed: MarketDataClient;

beforeAll(async () => {
  test = await startTestService();
  anonymous = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow });
  keyed = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow, apiKey: paidKey });
});
afterAll(async () => {
  await test.close();
});

const expectError = (promise: Promise<unknown>): Promise<MarketDataError> => rejectionOf(promise, MarketDataError);

describe('catalog family, anonymous and keyed', () => {
  it('GET /catalog lists every demo market, paging with a small limit to the same list', async () => {
    const all = await anonymous.catalog().all();
    expect(all).toHaveLength(demoMarkets);
    const paged = await keyed.catalog({ limit: 5 }).all();
    expect(paged.map((entry) => `${entry.source}/${entry.market}`)).toEqual(all.map((entry) => `${entry.source}/${entry.market}`));
    expect(all.find((entry) => entry.source === 'hyperliquid' && entry.market === 'BTC')?.symbol).toBe('BTCUSD');
  });

  it('GET /catalog/instruments pages to a null cursor (no has_more)', async () => {
    const first = await anonymous.instruments({ source: 'deribit', market: 'BTC', limit: 40 }).firstPage();
    expect(first.items).toHaveLength(40);
    expect(first.hasMore).toBe(true);
    const all = await keyed.instruments({ source: 'deribit', market: 'BTC', limit: 40 }).all();
    expect(all.length).toBeGreaterThan(40);
    expect(new Set(all.map((entry) => entry.instrument)).size).toBe(all.length);
  });

  it('GET /count gives source and market totals', async () => {
    const count = await anonymous.count();
    expect(count).toMatchObject({ sources: 8, markets: demoMarkets });
    expect((await keyed.count()).by_source['hyperliquid']).toBe(7);
    expect(count.by_source['binance']).toBe(6);
  });

  it('GET /snapshots lists hourly files with the access object in the page envelope', async () => {
    const page = await anonymous.snapshots({ source: 'hyperliquid', market: 'BTC' }).firstPage();
    // The service may end a listing page early rather than generate many demo hours in one response.
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items[0]).toMatchObject({ key: expect.stringMatching(/^standard-hyperliquid-BTC-/) as unknown });
    expect(page.envelope['access']).toEqual({ status: 'open', public_cutoff_date: null });
    const raw = await keyed.snapshots({ source: 'hyperliquid', market: 'BTC', raw: true }).all();
    expect(raw).toEqual([]);
  });

  it('GET /snapshots/download gives a link (mode=url) and reports the redirect without following it', async () => {
    const key = 'standard-hyperliquid-BTC-2026-11-20-10';
    const link = await anonymous.snapshotDownloadLink(key);
    expect(link.url.startsWith(test.service.downloadHost.origin)).toBe(true);
    expect(link.filename).toBe(`${key}.jsonl.zst`);
    const target = await keyed.snapshotRedirectTarget(key);
    expect(target.startsWith(test.service.downloadHost.origin)).toBe(true);
    const bytes = await keyed.fetchSnapshotFile(target);
    expect([...bytes.subarray(0, 4)]).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    expect(test.service.downloadHost.requestsWithAuthorization).toEqual([]);
  });

  it('GET /download returns the daily manifest of pre-signed URLs', async () => {
    const manifest = await anonymous.dailyManifest({ source: 'hyperliquid', market: 'BTC', date: '2026-11-19' });
    expect(manifest.total).toBe(24);
    expect(manifest.snapshots[0]?.timestamp).toBe('000000');
    const keyedManifest = await keyed.dailyManifest({ source: 'deribit', market: 'BTC', date: '2026-11-20' });
    expect(keyedManifest.snapshots.length).toBeGreaterThan(0);
  });
});

describe('historical family (spec 4.7 to 4.10)', () => {
  it('anonymous: the latest ten minutes of trades, L2 events, funding and option tickers', async () => {
    const trades = await anonymous.historicalTrades({ source: 'hyperliquid', market: 'BTC' }).all();
    expect(trades.length).toBeGreaterThan(0);
    for (const row of trades) expect(row.collector_timestamp).toBeGreaterThanOrEqual(fixedNow - 10 * minute);
    const books = await anonymous.historicalOrderbookL2({ source: 'hyperliquid', market: 'ETH', limit: 50 }).firstPage();
    expect(books.items).toHaveLength(50);
    expect(books.items.some((row) => row.bid_px_24 === null)).toBe(true);
    const funding = await anonymous.historicalFundingRates({ source: 'hyperliquid', market: 'BTC' }).all();
    expect(funding.length).toBeGreaterThan(0);
    for (const row of funding) expect(row.funding_rate === null || typeof row.funding_rate === 'string').toBe(true);
    const options = await anonymous.historicalOptionsTicker({ source: 'deribit', market: 'BTC', limit: 20 }).firstPage();
    expect(typeof options.items[0]?.instrument).toBe('string');
  });

  it('keyed: an older range, paged with a small limit to the same rows as one big page', async () => {
    const range = { source: 'hyperliquid', market: 'BTC', start: fixedNow - 3 * hour, end: fixedNow - 3 * hour + 5 * minute };
    const counting = countingFetch();
    const client = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow, apiKey: paidKey, fetch: counting.fetch });
    const paged = await client.historicalTrades({ ...range, limit: 50 }).all();
    const single = await keyed.historicalTrades(range).all();
    expect(paged.map((row) => row.event_id)).toEqual(single.map((row) => row.event_id));
    expect(counting.count).toBeGreaterThan(1);
    // Every continuation repeats the complete query; only the cursor differs.
    const queries = counting.urls.map((url) => {
      const params = new URL(url).searchParams;
      params.delete('cursor');
      return params.toString();
    });
    expect(new Set(queries).size).toBe(1);
    expect(counting.urls.slice(1).every((url) => new URL(url).searchParams.has('cursor'))).toBe(true);
    for (const name of ['historicalOrderbookL2', 'historicalFundingRates'] as const) {
      const first = await keyed.query(name, { ...range, limit: 10 }).firstPage();
      expect(first.items.length).toBeGreaterThan(0);
    }
    const options = await keyed.historicalOptionsTicker({ source: 'deribit', market: 'BTC', start: range.start, end: range.end, limit: 10 }).firstPage();
    expect(options.items.length).toBeGreaterThan(0);
  });
});

describe('latest-hour family (spec 4.11) and /l2-orderbooks', () => {
  it('anonymous: every latest-hour endpoint answers rows of its kind', async () => {
    const l2 = await anonymous.l2Updates({ source: 'binance', market: 'BTC-USDT', limit: 10 }).firstPage();
    expect(typeof l2.items[0]?.source_event_is_snapshot).toBe('boolean');
    const funding = await anonymous.fundingRates({ source: 'hyperliquid', market: 'SOL', limit: 10 }).firstPage();
    expect(funding.items.length).toBeGreaterThan(0);
    const alias = await anonymous.perpetualTicker({ source: 'hyperliquid', market: 'SOL', limit: 10 }).firstPage();
    expect(alias.items).toEqual(funding.items);
    const options = await anonymous.optionsTicker({ source: 'deribit', market: 'ETH', limit: 10 }).firstPage();
    expect(options.items.length).toBe(10);
    const candles = await anonymous.ohlcv({ source: 'hyperliquid', market: 'BTC', interval: '1m' }).all();
    expect(candles.length).toBeGreaterThan(0);
    const folded = latestCandleRevisions(candles);
    expect(folded.length).toBeLessThan(candles.length);
    expect(new Set(folded.map((row) => row.open_timestamp)).size).toBe(folded.length);
    const intents = await anonymous.intents({ source: 'uniswapx', limit: 10 }).firstPage();
    expect(intents.items.length).toBeGreaterThan(0);
    const quotes = await anonymous.quotes({ source: 'fermiswap', limit: 10 }).firstPage();
    expect(typeof quotes.items[0]?.input_amount).toBe('string');
  });

  it('explicit bounds inside the rolling hour are public; older ones need a key', async () => {
    const inside = { source: 'hyperliquid', market: 'BTC', start: fixedNow - 30 * minute, end: fixedNow - 25 * minute, limit: 20 };
    expect((await anonymous.l2Updates(inside).firstPage()).items.length).toBeGreaterThan(0);
    const older = { ...inside, start: fixedNow - 2 * hour, end: fixedNow - 2 * hour + 5 * minute };
    expect((await keyed.l2Updates(older).firstPage()).items.length).toBeGreaterThan(0);
    expect((await keyed.intents({ source: 'uniswapx', start: older.start, end: older.end, limit: 5 }).firstPage()).items.length).toBeGreaterThan(0);
  });

  it('GET /l2-orderbooks returns full sorted books, anonymously inside the hour and keyed before it', async () => {
    const books = await anonymous.l2Orderbooks({ source: 'hyperliquid', market: 'SOL', start: fixedNow - 10 * minute, end: fixedNow - 9 * minute }).all();
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) {
      if (book.bid_px_00 !== null && book.bid_px_01 !== null) expect(book.bid_px_00).toBeGreaterThan(book.bid_px_01);
    }
    const older = await keyed.l2Orderbooks({ source: 'hyperliquid', market: 'SOL', start: fixedNow - 5 * hour, end: fixedNow - 5 * hour + minute }).all();
    expect(older.length).toBeGreaterThan(0);
  });

  it('GET /events (keyed) merges the kinds in collector-time order and reports monthly usage', async () => {
    const heard: unknown[] = [];
    const stop = keyed.onUsage((usage) => heard.push(usage));
    const items = await keyed.events({ start: fixedNow - 5 * minute, end: fixedNow, source: 'hyperliquid', market: 'BTC', types: ['trade', 'funding_rate'] }).all();
    stop();
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(['trade', 'funding_rate']));
    const times = items.map((item) => item.data.collector_timestamp);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(heard.length).toBeGreaterThan(0);
    expect(keyed.usage.monthly).toMatchObject({ limit: 100_000 });
    expect(keyed.usage.rateLimit?.limit).toBe(1200);
  });
});

describe('access windows (spec 4.14): refused before any request is sent', () => {
  const cases: [string, (client: MarketDataClient) => Promise<unknown>][] = [
    ['historical with start', (client) => client.historicalTrades({ start: fixedNow - minute }).all()],
    ['historical with end', (client) => client.historicalFundingRates({ end: fixedNow }).all()],
    ['latest-hour starting before the hour', (client) => client.l2Updates({ start: fixedNow - hour - 1 }).all()],
    ['latest-hour ending before the hour', (client) => client.ohlcv({ end: fixedNow - hour - minute }).all()],
    ['/l2-orderbooks before the hour', (client) => client.l2Orderbooks({ source: 'hyperliquid', market: 'BTC', start: fixedNow - 2 * hour, end: fixedNow }).all()],
    ['/events', (client) => client.events({ start: fixedNow - minute, end: fixedNow }).all()],
    ['raw snapshot listing', (client) => client.snapshots({ source: 'hyperliquid', market: 'BTC', raw: true }).all()],
  ];
  it.each(cases)('%s → needs-api-key, zero requests', async (_name, call) => {
    const counting = countingFetch();
    const client = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow, fetch: counting.fetch });
    const error = await expectError(call(client));
    expect(error.kind).toBe('needs-api-key');
    expect(error.resolution).toContain('API key');
    expect(counting.count).toBe(0);
  });

  it('a range inside the public hour is sent anonymously and answered', async () => {
    const counting = countingFetch();
    const client = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow, fetch: counting.fetch });
    await client.ohlcv({ source: 'hyperliquid', market: 'BTC', start: fixedNow - hour + minute, limit: 5 }).firstPage();
    expect(counting.count).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { TypedRowBase } from '../../../shared/rows/common.ts';
import type { Query } from './support/http.ts';
import { expectArrivalOrder, expectMergedByTime, pageAll, type PageBody } from './support/paging.ts';
import { fixedNow, freeKey, minuteMs, paidKey, serviceFixture } from './support/service-fixture.ts';

const service = serviceFixture();
const sevenTypes = ['trade', 'l2_update', 'funding_rate', 'intent', 'quote', 'option_ticker', 'ohlcv'];
/** Two minutes of every BTC dataset (hyperliquid perp and deribit options). */
const btc = { market: 'BTC', start: fixedNow - 2 * minuteMs, end: fixedNow };

interface EventItem {
  type: string;
  data: TypedRowBase;
}

async function events(query: Query, key = paidKey): Promise<EventItem[]> {
  return (await pageAll<EventItem>(service, '/events', { query: { limit: 1000, ...query }, key })).items;
}

describe('4.13 GET /events', () => {
  it('4.13.1 /events without a key → 401', async () => {
    expect((await service.get('/events', { query: btc })).status).toBe(401);
    expect((await service.get('/events', { query: { ...btc, start: fixedNow - minuteMs } })).status).toBe(401);
  });

  it('4.13.1 /events with any valid key → 200', async () => {
    expect((await service.get('/events', { query: btc, key: freeKey })).status).toBe(200);
    expect((await service.get('/events', { query: btc, key: paidKey })).status).toBe(200);
  });

  it('4.13 start and end are required integers ≥ 0 with end at or after start → 400 otherwise', async () => {
    const bad: Query[] = [
      { start: btc.start },
      { end: btc.end },
      { start: -1, end: btc.end },
      { start: btc.end, end: btc.start },
      { start: 'yesterday', end: btc.end },
    ];
    for (const query of bad) expect((await service.get('/events', { query, key: paidKey })).status, JSON.stringify(query)).toBe(400);
    expect((await service.get('/events', { query: { ...btc, start: btc.end }, key: paidKey })).status).toBe(200);
  });

  it('4.13 types defaults to all seven row kinds', async () => {
    const seen = new Set<string>();
    for (const market of ['BTC', 'intents', 'ethereum']) {
      const items = await events({ market, start: fixedNow - 3 * minuteMs, end: fixedNow });
      for (const item of items) seen.add(item.type);
    }
    expect([...seen].sort()).toEqual([...sevenTypes].sort());
  });

  it('4.13 types selects a comma-separated subset; an unknown or empty type list → 400', async () => {
    const items = await events({ ...btc, types: 'trade,funding_rate' });
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(['trade', 'funding_rate']));
    for (const types of ['trade,perpetual_ticker', 'l2_orderbook', 'trades', ',']) {
      expect((await service.get('/events', { query: { ...btc, types }, key: paidKey })).status, types).toBe(400);
    }
  });

  it('4.13.2 rows come in one global order across sources (each stream in arrival order, streams merged by time); reconstructed books and the perpetual-ticker alias are excluded', async () => {
    const items = await events(btc);
    expect(new Set(items.map((item) => item.data.source))).toEqual(new Set(['hyperliquid', 'deribit']));
    expectArrivalOrder(items.map((item) => item.data), '/events');
    expectMergedByTime(items.map((item) => item.data.collector_timestamp), '/events');
    expect(items.every((item) => sevenTypes.includes(item.type))).toBe(true);
    // Sources interleave: the stream is merged, not concatenated per source.
    const switches = items.filter((item, index) => index > 0 && item.data.source !== items[index - 1]?.data.source).length;
    expect(switches).toBeGreaterThan(10);
    // Every l2_update is a source event, not a reconstructed book: updates are sparse.
    const updates = items.filter((item) => item.type === 'l2_update').map((item) => item.data as TypedRowBase & { source_event_is_snapshot: boolean });
    expect(updates.some((row) => !row.source_event_is_snapshot)).toBe(true);
  });

  it('2.9 each item is {type, data} and data is exactly the flat row of the matching typed endpoint', async () => {
    const items = await events(btc);
    const typed: [string, string, Query][] = [
      ['trade', '/historical/trades', btc],
      ['l2_update', '/historical/orderbook-l2', btc],
      ['funding_rate', '/historical/funding-rates', btc],
      ['option_ticker', '/historical/options-ticker', btc],
    ];
    for (const [type, path, query] of typed) {
      const expected = (await pageAll<TypedRowBase>(service, path, { query: { ...query, limit: 1000 }, key: paidKey })).items;
      expect(expected.length, path).toBeGreaterThan(0);
      expect(
        items.filter((item) => item.type === type).map((item) => item.data),
        type,
      ).toEqual(expected);
    }
    const window = { start: fixedNow - 3 * minuteMs, end: fixedNow };
    for (const [type, path, market] of [
      ['intent', '/intents', 'intents'],
      ['quote', '/quotes', 'ethereum'],
    ] as const) {
      const expected = (await pageAll<TypedRowBase>(service, path, { query: { market, ...window, limit: 1000 }, key: paidKey })).items;
      const mixed = await events({ market, ...window, types: type });
      expect(expected.length, path).toBeGreaterThan(0);
      expect(mixed.map((item) => item.data)).toEqual(expected);
    }
  });

  it('4.13 candles in /events are selected by collector time and equal the /ohlcv rows', async () => {
    const candles = (await events({ ...btc, types: 'ohlcv' })).map((item) => item.data as TypedRowBase & { open_timestamp: number });
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.every((row) => row.collector_timestamp >= btc.start && row.collector_timestamp <= btc.end)).toBe(true);
    const ohlcv = (await pageAll<TypedRowBase>(service, '/ohlcv', { query: { market: 'BTC', start: btc.start - 60 * minuteMs, end: btc.end, limit: 1000 }, key: paidKey })).items;
    const byId = new Map(ohlcv.map((row) => [row.event_id, row]));
    for (const row of candles) expect(byId.get(row.event_id), row.event_id).toEqual(row);
  });

  it('4.13 source, market and instrument filter the stream exactly', async () => {
    const deribit = await events({ ...btc, source: 'deribit' });
    expect(deribit.length).toBeGreaterThan(0);
    expect(deribit.every((item) => item.data.source === 'deribit')).toBe(true);
    const instrument = deribit.find((item) => item.type === 'option_ticker')?.data.instrument;
    if (instrument === undefined || instrument === null) throw new Error('no option ticker');
    const one = await events({ ...btc, instrument });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((item) => item.data.instrument === instrument)).toBe(true);
    expect(await events({ ...btc, market: 'BT' })).toEqual([]);
  });

  it('4.13.3 paging /events to the end returns every row exactly once, ending with has_more false and next_cursor null', async () => {
    const whole = await events(btc);
    const paged = await pageAll<EventItem>(service, '/events', { query: { ...btc, limit: 150 }, key: paidKey });
    expect(paged.pages).toBeGreaterThan(3);
    expect(paged.finalCursor).toBeNull();
    const ids = paged.items.map((item) => `${item.type}/${item.data.event_id}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(paged.items).toEqual(whole);
  });

  it('4.13.4 over-expensive /events → 422', async () => {
    const bounded = await service.startSibling({ eventsMaxHourFiles: 4 });
    try {
      const narrow = await bounded.get<PageBody<EventItem>>('/events', { query: { ...btc, source: 'hyperliquid' }, key: paidKey });
      expect(narrow.status).toBe(200);
      const wide = await bounded.get('/events', { query: { source: 'hyperliquid', start: btc.start, end: btc.end }, key: paidKey });
      expect(wide.status).toBe(422);
      // 4.13.5: the monthly usage headers are on this response too.
      expect(wide.headers.get('x-service-monthly-usage-limit')).not.toBeNull();
    } finally {
      await bounded.close();
    }
  });

  it('4.13.5 /events responses carry the monthly usage headers, counting each request', async () => {
    const counted = await service.startSibling({ monthlyAllowance: 3 });
    try {
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await counted.get('/events', { query: { ...btc, types: 'funding_rate' }, key: freeKey });
        expect(response.status).toBe(200);
        expect(response.headers.get('x-service-monthly-usage-limit')).toBe('3');
        const reset = Number(response.headers.get('x-service-monthly-usage-reset'));
        expect(reset).toBeGreaterThan(0);
        expect(reset).toBeLessThanOrEqual(31 * 86_400);
        remaining.push(response.headers.get('x-service-monthly-usage-remaining'));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const exhausted = await counted.get<{ reset_at?: string }>('/events', { query: { ...btc, types: 'funding_rate' }, key: freeKey });
      expect(exhausted.status).toBe(429);
      expect(Number(exhausted.headers.get('retry-after'))).toBeGreaterThan(0);
      // reset_at: the first instant of next UTC month, as the monthly reset header counts to it.
      const clock = new Date(fixedNow);
      expect(exhausted.body.reset_at).toBe(new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth() + 1, 1)).toISOString());
      expect(exhausted.headers.get('x-service-monthly-usage-remaining')).toBe('0');
      // Allowances are per key.
      expect((await counted.get('/events', { query: { ...btc, types: 'funding_rate' }, key: paidKey })).status).toBe(200);
    } finally {
      await counted.close();
    }
  });
});

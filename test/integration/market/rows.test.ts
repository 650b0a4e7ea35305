import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountResponse } from '../../../shared/rows/catalog.ts';
import { streamPageLimit } from '../../../electron/host/market/market-handlers.ts';
import { fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { requestService } from '../conformance/support/http.ts';
import { marketRig } from './support/market-rig.ts';
import { rawRows } from './support/raw-rows.ts';

// The row channels (intents, quotes, events) and /count over the embedded demo: what crosses the
// contract is what the service served, row for row.

const minute = 60_000;
const range = { start: fixedNow - 20 * minute, end: fixedNow } as const;

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

describe('row channels return the raw rows', () => {
  it('market.intents: every observation of the range, in order', async () => {
    const market = { source: 'uniswapx', market: 'intents' };
    const raw = await rawRows(service.service.baseUrl, '/intents', { ...market, ...range, limit: 1000 }, paidKey);
    expect(raw.length).toBeGreaterThan(0);
    expect(await marketRig({ baseUrl: service.service.baseUrl, key: paidKey }).api.market.intents({ ...market, ...range, requestId: 'i-1' })).toEqual({ rows: raw, cap: 50_000, truncated: false });
  });

  it('market.quotes: every ladder point of the range, in order', async () => {
    const market = { source: 'fermiswap', market: 'ethereum' };
    const raw = await rawRows(service.service.baseUrl, '/quotes', { ...market, ...range, limit: 1000 }, paidKey);
    expect(raw.length).toBeGreaterThan(0);
    expect(await marketRig({ baseUrl: service.service.baseUrl, key: paidKey }).api.market.quotes({ ...market, ...range, requestId: 'q-1' })).toEqual({ rows: raw, cap: 50_000, truncated: false });
  });

  it('market.events: the mixed stream of the types asked for, with a key', async () => {
    const filter = { source: 'hyperliquid', market: 'BTC', start: fixedNow - 5 * minute, end: fixedNow };
    const raw = await rawRows<{ type: string }>(service.service.baseUrl, '/events', { ...filter, types: 'trade,funding_rate', limit: 1000 }, paidKey);
    expect(new Set(raw.map((item) => item.type))).toEqual(new Set(['trade', 'funding_rate']));
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    expect(await rig.api.market.events({ ...filter, types: ['trade', 'funding_rate'], requestId: 'e-1' })).toEqual({ items: raw, cap: 20_000, truncated: false });
    expect(rig.progressOf('e-1').at(-1)).toBe(raw.length);
  });

  it('market.events stops at the cap', async () => {
    const filter = { source: 'hyperliquid', market: 'BTC', start: fixedNow - 5 * minute, end: fixedNow };
    const raw = await rawRows(service.service.baseUrl, '/events', { ...filter, limit: 1000 }, paidKey);
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey, caps: { events: 25 } });
    expect(await rig.api.market.events({ ...filter, requestId: 'e-cap' })).toEqual({ items: raw.slice(0, 25), cap: 25, truncated: true });
  });

  it('market.eventsStream: every event of the range pushed page by page, in order, before its answer', async () => {
    const filter = { source: 'binance', market: 'BTCUSDT', start: fixedNow - 30_000, end: fixedNow };
    const raw = await rawRows<{ type: string }>(service.service.baseUrl, '/events', { ...filter, limit: 1000 }, paidKey);
    expect(raw.length).toBeGreaterThan(2000);
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const end = await rig.api.market.eventsStream({ ...filter, requestId: 's-1' });
    const pushedBeforeAnswer = rig.eventRows.length;
    expect(end).toEqual({ count: raw.length, cap: 20_000, truncated: false });
    const pages = rig.eventRows.filter((event) => event.requestId === 's-1');
    // Pages of the stream's size (small, so no one page holds main's loop long), the last one shorter.
    expect(pages.map((page) => page.items.length)).toEqual(Array.from({ length: Math.ceil(raw.length / streamPageLimit) }, (_, page) => Math.min(streamPageLimit, raw.length - page * streamPageLimit)));
    expect(pages.flatMap((page) => page.items)).toEqual(raw);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rig.eventRows.length).toBe(pushedBeforeAnswer);
  });

  it('market.eventsStream stops at the cap and says so', async () => {
    const filter = { source: 'hyperliquid', market: 'BTC', start: fixedNow - 5 * minute, end: fixedNow };
    const raw = await rawRows(service.service.baseUrl, '/events', { ...filter, limit: 1000 }, paidKey);
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey, caps: { events: 25 } });
    expect(await rig.api.market.eventsStream({ ...filter, requestId: 's-cap' })).toEqual({ count: 25, cap: 25, truncated: true });
    expect(rig.eventRows.flatMap((event) => event.items)).toEqual(raw.slice(0, 25));
  });

  it('market.count: the /count totals', async () => {
    const count = (await requestService<CountResponse>(service.service.baseUrl, '/count')).body;
    expect(await marketRig({ baseUrl: service.service.baseUrl, key: paidKey }).api.market.count()).toEqual({ sources: count.sources, markets: count.markets, bySource: count.by_source, updatedAt: count.updatedAt });
  });
});

// Pins that the client only ever sends a cursor with the exact query it came from (spec 4.0.2): same limit, same range, never a forged or stale one.
import { afterEach, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { errorBody, startScriptedService, tradeRow, type ScriptedAnswer, type ScriptedService } from './support/scripted-service.ts';

const now = Date.UTC(2026, 10, 20, 12, 34, 56);

/** The query a request carried, cursor excluded, in one canonical text. */
function queryOf(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => name !== 'cursor').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

/** A strict service and what it saw: the cursors sent with a query other than the one they came from. */
interface StrictService extends ScriptedService {
  readonly misuses: string[];
}

/**
 * A hand-made service holding one row per millisecond: a query `[start, end]` (default: the ten
 * milliseconds before now) is served two rows a page, whatever the limit. It remembers the query
 * each cursor it issued belongs to, and answers a cursor sent with any other query 400, as spec
 * 4.0.2 says. `tooExpensive` picks requests to answer 422.
 */
async function strictService(tooExpensive: (url: URL) => boolean = () => false): Promise<StrictService> {
  const issued = new Map<string, { query: string; from: number }>();
  const misuses: string[] = [];
  const answer = (url: URL): ScriptedAnswer => {
    const cursor = url.searchParams.get('cursor');
    const query = queryOf(url);
    const bound = cursor === null ? undefined : issued.get(cursor);
    if (cursor !== null && bound?.query !== query) {
      misuses.push(`${cursor} (from ${bound?.query ?? 'nowhere'}) sent with ${query}`);
      return { status: 400, body: errorBody('invalid_request', 'Parameter "cursor" belongs to a different query', 'Repeat every parameter unchanged.') };
    }
    if (tooExpensive(url)) return { status: 422, body: errorBody('query_too_expensive', 'Query work exceeds its limit', 'Narrow the time range.') };
    const start = Number(url.searchParams.get('start') ?? now - 9);
    const end = Number(url.searchParams.get('end') ?? now);
    const from = bound?.from ?? start;
    const times = [from, from + 1].filter((time) => time <= end);
    const rows = times.map((time) => tradeRow(`t${time}`, time));
    const items = url.pathname === '/events' ? rows.map((row) => ({ type: 'trade', data: row })) : rows;
    if (from + 2 > end) return { status: 200, body: { items, has_more: false, next_cursor: null } };
    const next = `c${issued.size + 1}`;
    issued.set(next, { query, from: from + 2 });
    return { status: 200, body: { items, has_more: true, next_cursor: next } };
  };
  const scripted = await startScriptedService(answer);
  return Object.assign(scripted, { misuses });
}

let service: StrictService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

function started(): StrictService {
  if (service === undefined) throw new Error('no service');
  return service;
}

const limitsOf = (requests: readonly URL[]): (string | null)[] => requests.map((url) => url.searchParams.get('limit'));

describe('a cursor goes back only with the query it came from', () => {
  const pageSizes: [string, number | undefined, string][] = [
    ['of 3', 3, '3'],
    ['above the maximum (5000)', 5000, '1000'],
    ['left out', undefined, '1000'],
  ];
  it.each(pageSizes)('a limit %s is sent as one and the same limit on every page', async (_name, limit, sent) => {
    service = await strictService();
    const rows = await new MarketDataClient({ baseUrl: service.baseUrl, now: () => now }).historicalTrades(limit === undefined ? {} : { limit }).all();
    expect(rows.map((row) => row.collector_timestamp)).toEqual(Array.from({ length: 10 }, (_, index) => now - 9 + index));
    expect(service.requests).toHaveLength(5);
    expect(limitsOf(service.requests)).toEqual(Array.from({ length: 5 }, () => sent));
    expect(service.misuses).toEqual([]);
  });

  it('after a 422 mid-range, the split halves start afresh: no cursor of the whole range travels with a new start or end', async () => {
    const start = now - 20;
    const end = now - 1;
    // The whole range's first continuation is too expensive; its halves are not.
    const whole = (url: URL): boolean => url.searchParams.has('cursor') && url.searchParams.get('start') === String(start) && url.searchParams.get('end') === String(end);
    service = await strictService(whole);
    const client = new MarketDataClient({ baseUrl: service.baseUrl, apiKey: 'key-for-events', now: () => now });
    const items = await client.events({ start, end, types: ['trade'], limit: 7 }).all();
    const times = items.map((item) => item.data.collector_timestamp);
    expect(times).toEqual(Array.from({ length: end - start + 1 }, (_, index) => start + index));
    expect(started().misuses).toEqual([]);
    const afterSplit = started().requests.slice(2);
    expect(afterSplit.length).toBeGreaterThan(0);
    expect(afterSplit[0]?.searchParams.has('cursor')).toBe(false);
    expect(new Set(limitsOf(started().requests))).toEqual(new Set(['7']));
  });

  it('a cursor given by the caller is never sent: paging always starts with the query alone', async () => {
    service = await strictService();
    const rows = await new MarketDataClient({ baseUrl: service.baseUrl, now: () => now }).query('historicalTrades', { cursor: 'c3', limit: 2 }).all();
    expect(rows).toHaveLength(10);
    expect(service.requests[0]?.searchParams.has('cursor')).toBe(false);
    expect(service.misuses).toEqual([]);
  });

  it('reading a stream again starts afresh, never from the cursor the first reading stopped at', async () => {
    service = await strictService();
    const stream = new MarketDataClient({ baseUrl: service.baseUrl, now: () => now }).historicalTrades({ limit: 2 });
    await stream.firstPage();
    expect(await stream.all()).toHaveLength(10);
    expect(service.requests[1]?.searchParams.has('cursor')).toBe(false);
    expect(service.misuses).toEqual([]);
  });
});

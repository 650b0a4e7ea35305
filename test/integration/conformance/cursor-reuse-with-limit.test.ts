// Pins spec 4.0.1/4.0.2 on the local service: a cursor sent with another `limit` (or another changed parameter) is a 400 naming that parameter.
import { describe, expect, it } from 'vitest';
import type { ServiceErrorObject } from '../../../shared/rows/common.ts';
import type { Query } from './support/http.ts';
import { fixedNow, minuteMs, paidKey, serviceFixture } from './support/service-fixture.ts';

const service = serviceFixture();
const sol = { source: 'hyperliquid', market: 'SOL' } as const;
const recent = { ...sol, start: fixedNow - 5 * minuteMs, end: fixedNow - minuteMs };

/** A cursor-paged body of any endpoint (`/catalog/instruments` has no `has_more`): only the cursor matters here. */
interface AnyPage {
  has_more?: boolean;
  next_cursor?: string | null;
}

/** The first page's cursor of `query` on `path`; fails the test unless there is a second page. */
async function firstCursor(path: string, query: Query, key?: string): Promise<string> {
  const first = await service.get<AnyPage>(path, { query, ...(key === undefined ? {} : { key }) });
  expect(first.status, path).toBe(200);
  expect(first.body.has_more ?? true, path).toBe(true);
  const cursor = first.body.next_cursor;
  if (typeof cursor !== 'string' || cursor === '') throw new Error(`${path}: no next_cursor on a page with has_more`);
  return cursor;
}

/** The 400 error object of a continuation; fails the test on any other status. */
async function refusal(path: string, query: Query, key?: string): Promise<ServiceErrorObject> {
  const answer = await service.get<{ error: ServiceErrorObject }>(path, { query, ...(key === undefined ? {} : { key }) });
  expect(answer.status, `${path} ${JSON.stringify(query)}`).toBe(400);
  return answer.body.error;
}

// [path, the first page's query (with a limit), the key it needs]
const endpoints: [string, Query, string | undefined][] = [
  ['/historical/trades', { ...recent, limit: 5 }, paidKey],
  ['/l2-updates', { ...recent, limit: 5 }, undefined],
  ['/events', { ...recent, types: 'trade', limit: 5 }, paidKey],
  ['/l2-orderbooks', { ...recent, limit: 5 }, undefined],
  ['/catalog', { limit: 5 }, undefined],
  ['/catalog/instruments', { source: 'deribit', market: 'BTC', limit: 5 }, undefined],
  ['/snapshots', { ...sol, limit: 2 }, undefined],
];

describe('4.0.2 a cursor is bound to its limit', () => {
  it.each(endpoints)('%s: a changed limit → 400 naming "limit"; the same limit → 200', async (path, query, key) => {
    const cursor = await firstCursor(path, query, key);
    for (const limit of [Number(query['limit']) + 1, 1000]) {
      const error = await refusal(path, { ...query, limit, cursor }, key);
      expect(error.code).toBe('invalid_request');
      expect(error.message, `limit ${limit}`).toContain('"limit"');
      expect(error.message).toContain('cursor');
    }
    const unchanged = await service.get(path, { query: { ...query, cursor }, ...(key === undefined ? {} : { key }) });
    expect(unchanged.status).toBe(200);
  });

  it('a limit left out on the continuation → 400 naming "limit" (the default is another page size)', async () => {
    const query = { ...recent, limit: 5 };
    const cursor = await firstCursor('/historical/trades', query, paidKey);
    const error = await refusal('/historical/trades', { ...recent, cursor }, paidKey);
    expect(error.message).toContain('"limit"');
  });

  it('a limit added on the continuation of a query that had none → 400 naming "limit"', async () => {
    // Half an hour of SOL trades holds more than the default page of 200.
    const wide = { ...sol, start: fixedNow - 30 * minuteMs, end: fixedNow };
    const cursor = await firstCursor('/historical/trades', wide, paidKey);
    const error = await refusal('/historical/trades', { ...wide, limit: 5, cursor }, paidKey);
    expect(error.message).toContain('"limit"');
  });

  it('other changed parameters are named too, each of them, and only them', async () => {
    const query = { ...recent, limit: 5 };
    const cursor = await firstCursor('/historical/trades', query, paidKey);
    const moved = await refusal('/historical/trades', { ...query, start: recent.start + 1, cursor }, paidKey);
    expect(moved.message).toContain('"start"');
    expect(moved.message).not.toContain('"limit"');
    const two = await refusal('/historical/trades', { ...query, end: recent.end - 1, limit: 6, cursor }, paidKey);
    expect(two.message).toContain('"end"');
    expect(two.message).toContain('"limit"');
    expect(two.message).not.toContain('"start"');
    const added = await refusal('/historical/trades', { ...query, instrument: 'SOL', cursor }, paidKey);
    expect(added.message).toContain('"instrument"');
  });

  it('the same query on another endpoint: 400 saying the cursor came from another endpoint', async () => {
    const query = { ...recent, limit: 5 };
    const cursor = await firstCursor('/historical/trades', query, paidKey);
    const error = await refusal('/historical/orderbook-l2', { ...query, cursor }, paidKey);
    expect(error.message).toContain('another endpoint');
  });
});

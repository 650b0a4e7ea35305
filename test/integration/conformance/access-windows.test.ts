import { describe, expect, it } from 'vitest';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { FundingRow } from '../../../shared/rows/funding-row.ts';
import type { TypedRowBase } from '../../../shared/rows/common.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import type { Query } from './support/http.ts';
import { pageAll, type PageBody } from './support/paging.ts';
import { fixedNow, freeKey, hourMs, minuteMs, paidKey, serviceFixture } from './support/service-fixture.ts';

const service = serviceFixture();
const market = { source: 'hyperliquid', market: '0G' } as const;
const now = fixedNow;
/** Rows arrive every few seconds, so a window's first and last rows sit this close to its edges. */
const edge = 30_000;

async function times(path: string, query: Query, key?: string): Promise<number[]> {
  const paged = await pageAll<TypedRowBase>(service, path, { query: { ...market, limit: 1000, ...query }, ...(key === undefined ? {} : { key }) });
  return paged.items.map((row) => row.collector_timestamp);
}

function expectWindow(values: readonly number[], start: number, end: number): void {
  expect(values.length).toBeGreaterThan(0);
  const first = Math.min(...values);
  const last = Math.max(...values);
  expect(first).toBeGreaterThanOrEqual(start);
  expect(last).toBeLessThanOrEqual(end);
  expect(first - start, 'first row near the window start').toBeLessThan(edge);
  expect(end - last, 'last row near the window end').toBeLessThan(edge);
}

describe('4.14 access windows: historical family', () => {
  it('4.14 historical: no bounds → latest ten minutes anonymously', async () => {
    expectWindow(await times('/historical/trades', {}), now - 10 * minuteMs, now);
  });

  it('4.14 historical: no bounds → latest ten minutes on every historical endpoint', async () => {
    expectWindow(await times('/historical/orderbook-l2', {}), now - 10 * minuteMs, now);
    expectWindow(await times('/historical/funding-rates', {}), now - 10 * minuteMs, now);
    const options = await pageAll<TypedRowBase>(service, '/historical/options-ticker', { query: { source: 'deribit', market: 'ETH', limit: 1000 } });
    expectWindow(
      options.items.map((row) => row.collector_timestamp),
      now - 10 * minuteMs,
      now,
    );
  });

  it('4.14 historical: start without a key → 401', async () => {
    expect((await service.get('/historical/trades', { query: { ...market, start: now - 5 * minuteMs } })).status).toBe(401);
  });

  it('4.14 historical: end without a key → 401', async () => {
    expect((await service.get('/historical/trades', { query: { ...market, end: now } })).status).toBe(401);
  });

  it('4.14 historical: both bounds without a key → 401, even inside the last ten minutes', async () => {
    expect((await service.get('/historical/funding-rates', { query: { ...market, start: now - 5 * minuteMs, end: now } })).status).toBe(401);
  });

  it('4.14 historical: with a key, only start → through now', async () => {
    expectWindow(await times('/historical/trades', { start: now - 25 * minuteMs }, paidKey), now - 25 * minuteMs, now);
  });

  it('4.14 historical: with a key, only end → the ten minutes before end', async () => {
    const end = now - 40 * minuteMs;
    expectWindow(await times('/historical/trades', { end }, paidKey), end - 10 * minuteMs, end);
  });

  it('4.14 historical: with a key (free tier included), chosen bounds beyond the anonymous window are served inclusively', async () => {
    const start = now - 2 * hourMs;
    const end = start + 5 * minuteMs;
    const rows = await pageAll<TradeRow>(service, '/historical/trades', { query: { ...market, start, end, limit: 1000 }, key: freeKey });
    expectWindow(
      rows.items.map((row) => row.collector_timestamp),
      start,
      end,
    );
    const first = rows.items[0];
    const last = rows.items[rows.items.length - 1];
    if (first === undefined || last === undefined) throw new Error('no rows');
    // start and end are inclusive: a range of exactly one row's instant returns that row.
    const exact = await service.get<PageBody<TradeRow>>('/historical/trades', { query: { ...market, start: last.collector_timestamp, end: last.collector_timestamp }, key: paidKey });
    expect(exact.body.items.map((row) => row.event_id)).toContain(last.event_id);
    expect(exact.body.items.every((row) => row.collector_timestamp === last.collector_timestamp)).toBe(true);
  });

  it('4.7 start after end → 400; a non-integer bound → 400', async () => {
    expect((await service.get('/historical/trades', { query: { ...market, start: now, end: now - minuteMs }, key: paidKey })).status).toBe(400);
    expect((await service.get('/historical/trades', { query: { ...market, start: '2026-11-20T12:00:00Z' }, key: paidKey })).status).toBe(400);
    expect((await service.get('/historical/trades', { query: { ...market, end: '1.5' }, key: paidKey })).status).toBe(400);
  });
});

describe('4.14 access windows: latest-hour family', () => {
  it('4.14 latest-hour: no bounds → the latest hour anonymously', async () => {
    expectWindow(await times('/funding-rates', {}), now - hourMs, now);
  });

  it('4.14 latest-hour: explicit bounds inside the rolling last hour are public', async () => {
    const start = now - 45 * minuteMs;
    const end = now - 35 * minuteMs;
    expectWindow(await times('/l2-updates', { start, end }), start, end);
  });

  it('4.14 latest-hour: anonymous start older than the rolling hour → 401', async () => {
    expect((await service.get('/l2-updates', { query: { ...market, start: now - hourMs - minuteMs, end: now - 50 * minuteMs } })).status).toBe(401);
    expect((await service.get('/funding-rates', { query: { ...market, start: now - 3 * hourMs } })).status).toBe(401);
  });

  it('4.14 latest-hour: with a key, older history is served', async () => {
    const start = now - 3 * hourMs;
    const end = start + 10 * minuteMs;
    expectWindow(await times('/funding-rates', { start, end }, paidKey), start, end);
  });

  it('4.14 latest-hour: only start → through now', async () => {
    expectWindow(await times('/l2-updates', { start: now - 4 * minuteMs }), now - 4 * minuteMs, now);
  });

  it('4.14 latest-hour: with a key, only end → the preceding hour', async () => {
    const end = now - 2 * hourMs;
    expectWindow(await times('/funding-rates', { end }, paidKey), end - hourMs, end);
  });

  it('4.14 latest-hour: anonymously, only end → the preceding hour clamped to the public cutoff', async () => {
    const end = now - 20 * minuteMs;
    expectWindow(await times('/funding-rates', { end }), now - hourMs, end);
  });

  it('4.14 latest-hour: anonymously, only end before the rolling hour → 401', async () => {
    expect((await service.get('/funding-rates', { query: { ...market, end: now - 2 * hourMs } })).status).toBe(401);
  });

  it('4.14 /l2-orderbooks: anonymous inside the rolling hour → 200; older start anonymously → 401, with a key → 200', async () => {
    const inside = await service.get<PageBody<L2Row>>('/l2-orderbooks', { query: { ...market, start: now - 10 * minuteMs, end: now - 9 * minuteMs } });
    expect(inside.status).toBe(200);
    expect(inside.body.items.length).toBeGreaterThan(0);
    const older = { ...market, start: now - hourMs - 5 * minuteMs, end: now - hourMs - 4 * minuteMs };
    expect((await service.get('/l2-orderbooks', { query: older })).status).toBe(401);
    const keyed = await service.get<PageBody<L2Row>>('/l2-orderbooks', { query: older, key: paidKey });
    expect(keyed.status).toBe(200);
    expect(keyed.body.items.length).toBeGreaterThan(0);
  });
});

describe('5 authentication', () => {
  it('5.1 the key is sent as "Authorization: Bearer <key>"; other schemes or an unknown key → 401, never anonymous access', async () => {
    const query = { ...market, start: now - 20 * minuteMs, end: now - 19 * minuteMs };
    expect((await service.get('/historical/funding-rates', { query, key: paidKey })).status).toBe(200);
    expect((await service.get('/historical/funding-rates', { query, headers: { authorization: paidKey } })).status).toBe(401);
    expect((await service.get('/historical/funding-rates', { query, headers: { authorization: `Basic ${paidKey}` } })).status).toBe(401);
    expect((await service.get('/historical/funding-rates', { query, key: 'not-a-key' })).status).toBe(401);
    // An unknown key on an anonymous-window request is refused too, rather than served as anonymous.
    expect((await service.get('/historical/funding-rates', { query: market, key: 'not-a-key' })).status).toBe(401);
  });

  it('5.3 anonymous requests get the anonymous window; the same request with a key gets the chosen interval', async () => {
    const query = { ...market, start: now - 90 * minuteMs, end: now - 80 * minuteMs };
    expect((await service.get('/historical/funding-rates', { query })).status).toBe(401);
    const keyed = await service.get<PageBody<FundingRow>>('/historical/funding-rates', { query, key: freeKey });
    expect(keyed.status).toBe(200);
    expect(keyed.body.items.every((row) => row.collector_timestamp >= query.start && row.collector_timestamp <= query.end)).toBe(true);
  });
});

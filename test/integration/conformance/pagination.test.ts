import { describe, expect, it } from 'vitest';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { CandleRow } from '../../../shared/rows/candle-row.ts';
import type { IntentRow } from '../../../shared/rows/intent-row.ts';
import type { OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';
import type { QuoteRow } from '../../../shared/rows/quote-row.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { hourFileLines } from './support/oracle.ts';
import { pageAll, type PageBody } from './support/paging.ts';
import { fixedNow, hourMs, hourStartOf, minuteMs, paidKey, serviceFixture } from './support/service-fixture.ts';
import { lineTime } from './support/snapshot-file.ts';

const service = serviceFixture();
const sol = { source: 'hyperliquid', market: 'SOL' } as const;
const boundary = hourStartOf(fixedNow);
/** Six minutes of SOL trades around the 12:00 hour boundary: about a hundred rows. */
const acrossHours = { ...sol, start: boundary - 3 * minuteMs, end: boundary + 3 * minuteMs };

describe('4.0 pagination', () => {
  it('4.0.1/4.0.3 paging /historical/trades to the end returns every stored trade exactly once, in order, ending with has_more false and next_cursor null', async () => {
    const paged = await pageAll<TradeRow>(service, '/historical/trades', { query: { ...acrossHours, limit: 17 }, key: paidKey });
    expect(paged.pages).toBeGreaterThan(3);
    expect(paged.finalCursor).toBeNull();
    const ids = paged.items.map((row) => row.event_id);
    expect(new Set(ids).size).toBe(ids.length);
    // The oracle: the trade lines of both hour files inside the range, decoded independently, in file order.
    const lines = [...(await hourFileLines(service, sol.source, sol.market, boundary - hourMs)), ...(await hourFileLines(service, sol.source, sol.market, boundary))];
    const stored = lines
      .filter((line) => line.type === 'trade' && lineTime(line) >= acrossHours.start && lineTime(line) <= acrossHours.end)
      .map((line) => {
        const data = line.data as { price: number; quantity: number };
        return `${lineTime(line)}:${data.price}:${data.quantity}`;
      });
    expect(stored.length).toBeGreaterThan(50);
    expect(paged.items.map((row) => `${row.collector_timestamp}:${row.price}:${row.quantity}`)).toEqual(stored);
  });

  it('4.0.1 a continuation resumes strictly after the last row of the previous page', async () => {
    const first = await service.get<PageBody<TradeRow>>('/historical/trades', { query: { ...acrossHours, limit: 10 }, key: paidKey });
    const whole = await service.get<PageBody<TradeRow>>('/historical/trades', { query: { ...acrossHours, limit: 20 }, key: paidKey });
    const second = await service.get<PageBody<TradeRow>>('/historical/trades', { query: { ...acrossHours, limit: 10, cursor: first.body.next_cursor ?? undefined }, key: paidKey });
    expect(second.status).toBe(200);
    expect([...first.body.items, ...second.body.items]).toEqual(whole.body.items);
  });

  it('4.0.3 L2 endpoints end with next_cursor present and null', async () => {
    const range = { ...sol, start: fixedNow - 2 * minuteMs, end: fixedNow - minuteMs };
    for (const path of ['/historical/orderbook-l2', '/l2-updates', '/l2-orderbooks']) {
      const paged = await pageAll<L2Row>(service, path, { query: { ...range, limit: 1000 }, key: paidKey });
      expect(paged.items.length, path).toBeGreaterThan(0);
      expect(paged.finalCursor, path).toBeNull();
    }
  });

  it('4.0.2 cursor reused with other filters → 400', async () => {
    const first = await service.get<PageBody<TradeRow>>('/historical/trades', { query: { ...acrossHours, limit: 5 }, key: paidKey });
    const cursor = first.body.next_cursor ?? '';
    expect(cursor).not.toBe('');
    const changes: Record<string, string | number | undefined>[] = [
      { market: 'BTC' },
      { source: 'binance' },
      { instrument: 'SOL' },
      { start: acrossHours.start + 1 },
      { end: acrossHours.end - 1 },
    ];
    for (const change of changes) {
      const reused = await service.get('/historical/trades', { query: { ...acrossHours, limit: 5, ...change, cursor }, key: paidKey });
      expect(reused.status, JSON.stringify(change)).toBe(400);
    }
    const unchanged = await service.get('/historical/trades', { query: { ...acrossHours, limit: 5, cursor }, key: paidKey });
    expect(unchanged.status).toBe(200);
  });

  it('4.0.2 cursor of one endpoint used on another → 400', async () => {
    const first = await service.get<PageBody<TradeRow>>('/historical/trades', { query: { ...acrossHours, limit: 5 }, key: paidKey });
    const other = await service.get('/historical/orderbook-l2', { query: { ...acrossHours, limit: 5, cursor: first.body.next_cursor ?? '' }, key: paidKey });
    expect(other.status).toBe(400);
  });

  it('4.0.2 an edited or invented cursor → 400', async () => {
    const first = await service.get<PageBody<TradeRow>>('/historical/trades', { query: { ...acrossHours, limit: 5 }, key: paidKey });
    const cursor = first.body.next_cursor ?? '';
    const edited = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    for (const bad of [edited, 'not-a-cursor', `${cursor}x`]) {
      expect((await service.get('/historical/trades', { query: { ...acrossHours, limit: 5, cursor: bad }, key: paidKey })).status, bad).toBe(400);
    }
  });

  it('4.0.2 intent_id is part of the /intents query a cursor is bound to', async () => {
    const all = await pageAll<IntentRow>(service, '/intents', { query: { source: 'uniswapx', limit: 1000 } });
    const counts = new Map<string, number>();
    for (const row of all.items) if (row.intent_id !== null) counts.set(row.intent_id, (counts.get(row.intent_id) ?? 0) + 1);
    const ids = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
    const [id, otherId] = ids;
    if (id === undefined || otherId === undefined) throw new Error('no intent with several observations');
    const first = await service.get<PageBody<IntentRow>>('/intents', { query: { source: 'uniswapx', intent_id: id, limit: 1 } });
    expect(first.body.has_more).toBe(true);
    const cursor = first.body.next_cursor ?? '';
    expect((await service.get('/intents', { query: { source: 'uniswapx', intent_id: otherId, limit: 1, cursor } })).status).toBe(400);
    expect((await service.get('/intents', { query: { source: 'uniswapx', intent_id: id, limit: 1, cursor } })).status).toBe(200);
  });

  it('4.0.2 observation_id is part of the /quotes query a cursor is bound to', async () => {
    const page = await service.get<PageBody<QuoteRow>>('/quotes', { query: { source: 'fermiswap', limit: 50 } });
    const observations = [...new Set(page.body.items.map((row) => row.observation_id))];
    const [id, otherId] = observations;
    if (id === undefined || otherId === undefined) throw new Error('fewer than two quote observations');
    const first = await service.get<PageBody<QuoteRow>>('/quotes', { query: { source: 'fermiswap', observation_id: id, limit: 1 } });
    expect(first.body.has_more).toBe(true);
    const cursor = first.body.next_cursor ?? '';
    expect((await service.get('/quotes', { query: { source: 'fermiswap', observation_id: otherId, limit: 1, cursor } })).status).toBe(400);
  });

  it('4.0.2 types is part of the /events query a cursor is bound to', async () => {
    const range = { ...sol, start: fixedNow - 5 * minuteMs, end: fixedNow };
    const first = await service.get<PageBody<unknown>>('/events', { query: { ...range, types: 'trade', limit: 2 }, key: paidKey });
    expect(first.body.has_more).toBe(true);
    const cursor = first.body.next_cursor ?? '';
    expect((await service.get('/events', { query: { ...range, types: 'trade,l2_update', limit: 2, cursor }, key: paidKey })).status).toBe(400);
    expect((await service.get('/events', { query: { ...range, types: 'trade', limit: 2, cursor }, key: paidKey })).status).toBe(200);
  });

  it('4.0.4 limit defaults to 200 on the typed endpoints', async () => {
    const page = await service.get<PageBody<L2Row>>('/historical/orderbook-l2', { query: sol });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBe(200);
    expect(page.body.has_more).toBe(true);
  });

  it('4.0.4 limit 1001 on /historical/trades → 400', async () => {
    expect((await service.get('/historical/trades', { query: { ...sol, limit: 1001 } })).status).toBe(400);
  });

  it('4.0.4 limit 1001 is rejected on every endpoint that does not cap: historical family, /l2-updates, /funding-rates, /perpetual-ticker, /intents, /quotes, /l2-orderbooks', async () => {
    const paths = [
      '/historical/orderbook-l2',
      '/historical/funding-rates',
      '/historical/options-ticker',
      '/l2-updates',
      '/funding-rates',
      '/perpetual-ticker',
      '/intents',
      '/quotes',
      '/l2-orderbooks',
    ];
    for (const path of paths) {
      const response = await service.get(path, { query: { ...sol, start: fixedNow - minuteMs, end: fixedNow, limit: 1001 }, key: paidKey });
      expect(response.status, path).toBe(400);
    }
  });

  it('4.0.4 limit 0 or a non-integer limit on a typed endpoint → 400', async () => {
    for (const limit of ['0', '1.5', 'all', '']) {
      expect((await service.get('/l2-updates', { query: { ...sol, limit } })).status, `limit=${limit}`).toBe(400);
    }
  });

  it('4.0.4 limit 5000 on /events is capped to 1000', async () => {
    const page = await service.get<PageBody<unknown>>('/events', { query: { ...sol, types: 'l2_update', start: fixedNow - 20 * minuteMs, end: fixedNow, limit: 5000 }, key: paidKey });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBe(1000);
    expect(page.body.has_more).toBe(true);
  });

  it('4.0.4 limit 5000 on /ohlcv is capped to 1000', async () => {
    const page = await service.get<PageBody<CandleRow>>('/ohlcv', { query: { ...sol, limit: 5000 } });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBe(1000);
    expect(page.body.has_more).toBe(true);
  });

  it('4.0.4 limit 5000 on /options-ticker is capped to 1000', async () => {
    const page = await service.get<PageBody<OptionTickerRow>>('/options-ticker', { query: { source: 'deribit', market: 'ETH', limit: 5000 } });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBe(1000);
    expect(page.body.has_more).toBe(true);
  });

  it('4.0.5 anonymous continuation on /l2-updates skips rows that aged beyond the last hour', async () => {
    const first = await service.get<PageBody<L2Row>>('/l2-updates', { query: { ...sol, limit: 50 } });
    expect(first.status).toBe(200);
    const firstRow = first.body.items[0];
    expect(firstRow?.collector_timestamp).toBeGreaterThanOrEqual(fixedNow - hourMs);
    expect(firstRow?.collector_timestamp).toBeLessThan(fixedNow - hourMs + minuteMs);
    service.clock.now = fixedNow + 10 * minuteMs;
    try {
      const next = await service.get<PageBody<L2Row>>('/l2-updates', { query: { ...sol, limit: 50, cursor: first.body.next_cursor ?? undefined } });
      expect(next.status).toBe(200);
      const times = next.body.items.map((row) => row.collector_timestamp);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(service.clock.now - hourMs);
      expect(Math.min(...times)).toBeLessThan(service.clock.now - hourMs + minuteMs);
      // With a key the same continuation keeps every row: nothing is skipped.
      const keyedFirst = await service.get<PageBody<L2Row>>('/l2-updates', { query: { ...sol, start: fixedNow - hourMs, end: fixedNow, limit: 50 }, key: paidKey });
      const keyedNext = await service.get<PageBody<L2Row>>('/l2-updates', {
        query: { ...sol, start: fixedNow - hourMs, end: fixedNow, limit: 50, cursor: keyedFirst.body.next_cursor ?? undefined },
        key: paidKey,
      });
      expect(keyedNext.body.items[0]?.collector_timestamp).toBeLessThan(fixedNow - hourMs + minuteMs);
    } finally {
      service.clock.now = fixedNow;
    }
  });

  it('4.0.5 anonymous continuation with an explicit start that has since aged out skips the aged rows (it is not refused)', async () => {
    const query = { ...sol, start: fixedNow - 55 * minuteMs, limit: 50 };
    const first = await service.get<PageBody<L2Row>>('/l2-updates', { query });
    expect(first.status).toBe(200);
    service.clock.now = fixedNow + 10 * minuteMs;
    try {
      const next = await service.get<PageBody<L2Row>>('/l2-updates', { query: { ...query, cursor: first.body.next_cursor ?? undefined } });
      expect(next.status).toBe(200);
      const times = next.body.items.map((row) => row.collector_timestamp);
      expect(times.length).toBeGreaterThan(0);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(service.clock.now - hourMs);
      // A fresh anonymous request with that start is still refused: it no longer starts within the hour.
      expect((await service.get('/l2-updates', { query })).status).toBe(401);
    } finally {
      service.clock.now = fixedNow;
    }
  });
});

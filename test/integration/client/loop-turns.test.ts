// Pins that paging gives the event loop turns: a page's parse and its row checks each wait for a
// turn, so a process answering other calls (the service host) is never held for a page's whole work.
import { describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { tradeRow } from './support/scripted-service.ts';

const now = Date.UTC(2026, 10, 20, 12, 34, 56);

/** A fetch that answers at once from memory: three pages of two trades, chained by cursor. */
const instantFetch: typeof fetch = (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const page = Number(url.searchParams.get('cursor') ?? '0');
  const items = [tradeRow(`p${page}-1`, now - 60_000 + page * 2), tradeRow(`p${page}-2`, now - 60_000 + page * 2 + 1)];
  const body = page < 2 ? { items, has_more: true, next_cursor: String(page + 1) } : { items, has_more: false, next_cursor: null };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
};

describe('paging and the event loop', () => {
  it('lets the loop turn at least twice for each page (after the parse, after the row checks)', async () => {
    const client = new MarketDataClient({ baseUrl: 'http://127.0.0.1:9', fetch: instantFetch, now: () => now });
    let turns = 0;
    let counting = true;
    const tick = (): void => {
      turns += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    for await (const page of client.historicalTrades({ source: 'hyperliquid', market: 'BTC' }).pages()) {
      expect(page.items).toHaveLength(2);
      seen.push(turns);
    }
    counting = false;
    expect(seen).toHaveLength(3);
    const between = seen.map((at, i) => at - (i === 0 ? 0 : (seen[i - 1] ?? 0)));
    for (const count of between) expect(count).toBeGreaterThanOrEqual(2);
  });
});

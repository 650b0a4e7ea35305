// Pins that a cursor coming back after two or three pages (a cursor cycle) ends paging with a clear `pagination` error: no loop, no row twice.
import { afterEach, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { startScriptedService, tradeRow, type ScriptedService } from './support/scripted-service.ts';

const now = Date.UTC(2026, 10, 20, 12, 34, 56);
/** A client caught in a cycle would ask forever; the script ends the pages here so such a test fails instead of hanging. */
const requestCap = 12;

let service: ScriptedService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/**
 * A service whose page chain is `next`: the page asked for with cursor `c` (the first page: '')
 * holds two rows named after `c` and points on to `next[c]`, so following a cycle would serve
 * the same rows again.
 */
function cyclingService(next: Readonly<Record<string, string>>): Promise<ScriptedService> {
  return startScriptedService((url, index) => {
    const asked = url.searchParams.get('cursor') ?? '';
    const name = asked === '' ? 'first' : asked;
    const items = [tradeRow(`${name}-1`, now - 60_000 + index * 2), tradeRow(`${name}-2`, now - 60_000 + index * 2 + 1)];
    const following = next[asked];
    if (index >= requestCap || following === undefined) return { status: 200, body: { items, has_more: false, next_cursor: null } };
    return { status: 200, body: { items, has_more: true, next_cursor: following } };
  });
}

/** Reads every page until paging stops; returns the rows handed on and the error that ended it. */
async function readUntilError(client: MarketDataClient): Promise<{ rows: string[]; error: unknown }> {
  const rows: string[] = [];
  try {
    for await (const page of client.historicalTrades({ source: 'hyperliquid', market: 'BTC' }).pages()) rows.push(...page.items.map((row) => row.event_id));
  } catch (error) {
    return { rows, error };
  }
  return { rows, error: null };
}

const cycles: [string, Record<string, string>, string, number][] = [
  // [name, chain, the cursor that comes back, requests a careful client sends]
  ['A → B → A (length 2)', { '': 'A', A: 'B', B: 'A' }, 'A', 3],
  ['A → B → C → A (length 3)', { '': 'A', A: 'B', B: 'C', C: 'A' }, 'A', 4],
  ['A → B → C → B (back to the middle)', { '': 'A', A: 'B', B: 'C', C: 'B' }, 'B', 4],
];

describe('a cursor cycle longer than one step', () => {
  it.each(cycles)('%s: a `pagination` error naming the cycle, each cursor sent once, no row twice', async (_name, chain, repeated, expectedRequests) => {
    service = await cyclingService(chain);
    const { rows, error } = await readUntilError(new MarketDataClient({ baseUrl: service.baseUrl, now: () => now }));

    expect(error).toBeInstanceOf(MarketDataError);
    const failure = error as MarketDataError;
    expect(failure.kind).toBe('pagination');
    expect(failure.message).toContain('/historical/trades');
    expect(failure.message).toContain(`"${repeated}"`);
    expect(failure.message).toMatch(/cycle/i);
    // What to do about it, not only what happened.
    expect(failure.resolution).toMatch(/try again|narrower|report/i);

    expect(service.requests).toHaveLength(expectedRequests);
    const sent = service.requests.map((url) => url.searchParams.get('cursor')).filter((cursor) => cursor !== null);
    expect(new Set(sent).size).toBe(sent.length);
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('a long chain of distinct cursors is followed to its end', async () => {
    const chain: Record<string, string> = { '': 'c1' };
    for (let index = 1; index < 9; index++) chain[`c${index}`] = `c${index + 1}`;
    service = await cyclingService(chain);
    const rows = await new MarketDataClient({ baseUrl: service.baseUrl, now: () => now }).historicalTrades({ source: 'hyperliquid', market: 'BTC' }).all();
    expect(service.requests).toHaveLength(10);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(20);
  });
});

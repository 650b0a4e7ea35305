// Pins what `next_cursor: ""` means to the client: never a cursor to send back; the end only where has_more says false (spec 4.0.3).
import { afterEach, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { startScriptedService, tradeRow, type ScriptedService } from './support/scripted-service.ts';

const now = Date.UTC(2026, 10, 20, 12, 34, 56);
/** A client that sent `cursor=` back would get the same page forever; the script stops it here so the test fails instead. */
const requestCap = 5;

let service: ScriptedService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** A service that answers every request with `page`, until the cap. */
async function answering(page: Record<string, unknown>, stop: Record<string, unknown>): Promise<MarketDataClient> {
  service = await startScriptedService((_url, index) => ({ status: 200, body: index < requestCap ? page : stop }));
  return new MarketDataClient({ baseUrl: service.baseUrl, now: () => now });
}

function sentCursors(): string[] {
  return (service?.requests ?? []).filter((url) => url.searchParams.has('cursor')).map((url) => url.searchParams.get('cursor') ?? '');
}

const rows = [tradeRow('t-1', now - 2000), tradeRow('t-2', now - 1000)];

describe('next_cursor ""', () => {
  const continuing: [string, (client: MarketDataClient) => Promise<unknown>, Record<string, unknown>, Record<string, unknown>][] = [
    ['/historical/trades with has_more true', (client) => client.historicalTrades().all(), { items: rows, has_more: true, next_cursor: '' }, { items: [], has_more: false, next_cursor: null }],
    ['/snapshots with has_more true', (client) => client.snapshots({ source: 'hyperliquid', market: 'BTC' }).all(), { source: 'hyperliquid', market: 'BTC', snapshots: [], has_more: true, next_cursor: '' }, { snapshots: [], has_more: false }],
    ['/catalog/instruments (no has_more: only null ends it)', (client) => client.instruments({ source: 'deribit', market: 'BTC' }).all(), { updatedAt: '2026-11-20T12:00:00Z', instruments: [], next_cursor: '' }, { instruments: [], next_cursor: null }],
    ['/catalog without has_more', (client) => client.catalog().all(), { updatedAt: '2026-11-20T12:00:00Z', markets: [], next_cursor: '' }, { markets: [], has_more: false, next_cursor: null }],
  ];

  it.each(continuing)('%s: a `pagination` error naming the empty cursor, and "cursor=" is never sent', async (_name, call, page, stop) => {
    const client = await answering(page, stop);
    const error = await rejectionOf(call(client), MarketDataError);
    expect(error.kind).toBe('pagination');
    expect(error.message).toMatch(/next_cursor is an empty string/);
    expect(error.message).not.toContain('has_more is true');
    expect(error.resolution).toMatch(/try again|report/i);
    expect(service?.requests).toHaveLength(1);
    expect(sentCursors()).toEqual([]);
  });

  it('with has_more false it is the end (spec 4.0.3): the rows are kept and nothing more is asked', async () => {
    const client = await answering({ items: rows, has_more: false, next_cursor: '' }, { items: [tradeRow('never', now), tradeRow('never-2', now)], has_more: false, next_cursor: null });
    const pages = [];
    for await (const page of client.historicalTrades().pages()) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.items.map((row) => row.event_id)).toEqual(['t-1', 't-2']);
    expect(pages[0]?.nextCursor).toBeNull();
    expect(service?.requests).toHaveLength(1);
    expect(sentCursors()).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { startScriptedService, type ScriptedService } from './support/scripted-service.ts';

// The unpaged routes (/count, /download, /snapshots/download?mode=url) hand on only a body whose
// guard proved it has the shape the method promises: anything else is an `invalid-response` error
// naming the field, not a half-typed value.

let scripted: ScriptedService | null = null;
afterEach(async () => {
  await scripted?.close();
  scripted = null;
});

async function clientAnswering(body: unknown): Promise<MarketDataClient> {
  scripted = await startScriptedService(() => ({ status: 200, body }));
  return new MarketDataClient({ baseUrl: scripted.baseUrl });
}

const count = { updatedAt: '2026-11-20T12:00:00.000Z', sources: 2, markets: 3, by_source: { binance: 2, hyperliquid: 1 } };
const entry = { date: '2026-11-20', timestamp: '100000', key: 'standard-binance-BTC-USDT-2026-11-20-10', url: 'http://files/1', expires_in_seconds: 300 };
const manifest = { source: 'binance', market: 'BTC-USDT', date: '2026-11-20', total: 1, total_bytes: 1234, snapshots: [entry] };
const manifestQuery = { source: 'binance', market: 'BTC-USDT', date: '2026-11-20' };

describe('unpaged bodies are checked before they are typed', () => {
  it('a well-formed /count and /download come back as sent', async () => {
    expect(await (await clientAnswering(count)).count()).toEqual(count);
    await scripted?.close();
    expect(await (await clientAnswering(manifest)).dailyManifest(manifestQuery)).toEqual(manifest);
  });

  it('/count whose totals are not counts is an invalid-response error naming the field', async () => {
    const error = await rejectionOf((await clientAnswering({ ...count, markets: '3' })).count(), MarketDataError);
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toBe('/count: the totals: "markets" should be a count (an integer ≥ 0)');
  });

  it('/count whose by_source holds something other than counts is refused', async () => {
    const error = await rejectionOf((await clientAnswering({ ...count, by_source: { binance: null } })).count(), MarketDataError);
    expect(error.message).toBe('/count: the totals: "by_source" should be an object of counts by source');
  });

  it('/download without its totals is refused, after the entries were found sound', async () => {
    const withoutBytes: Record<string, unknown> = { ...manifest };
    delete withoutBytes['total_bytes'];
    const error = await rejectionOf((await clientAnswering(withoutBytes)).dailyManifest(manifestQuery), MarketDataError);
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toBe('/download: the manifest: "total_bytes" should be a safe integer');
  });

  it('/download whose body is not an object names the missing snapshots array', async () => {
    const error = await rejectionOf((await clientAnswering(null)).dailyManifest(manifestQuery), MarketDataError);
    expect(error.message).toBe('/download: the manifest has no "snapshots" array');
  });

  it('a download link that is not an object, or lacks a field, is refused; extra fields are dropped', async () => {
    const nullLink = await rejectionOf((await clientAnswering(null)).snapshotDownloadLink('k'), MarketDataError);
    expect(nullLink.message).toBe('/snapshots/download: the download link lacks url, filename or expires_in_seconds');
    await scripted?.close();
    const noName = await rejectionOf((await clientAnswering({ url: 'http://files/1', expires_in_seconds: 60 })).snapshotDownloadLink('k'), MarketDataError);
    expect(noName.kind).toBe('invalid-response');
    await scripted?.close();
    const link = await (await clientAnswering({ url: 'http://files/1', filename: 'f.jsonl.zst', expires_in_seconds: 60, extra: true })).snapshotDownloadLink('k');
    expect(link).toEqual({ url: 'http://files/1', filename: 'f.jsonl.zst', expires_in_seconds: 60 });
  });

  it('query() refuses a route that does not page, before any request', async () => {
    const client = await clientAnswering(count);
    expect(() => client.query('count', {})).toThrow('/count does not page; use fetchJson');
    expect(scripted?.requests).toHaveLength(0);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { CatalogMarket, CatalogResponse, CountResponse, InstrumentEntry, InstrumentsResponse } from '../../../shared/rows/catalog.ts';
import { requestService } from './support/http.ts';
import { paidKey, serviceFixture } from './support/service-fixture.ts';

const service = serviceFixture();

async function allMarkets(): Promise<CatalogMarket[]> {
  const response = await service.get<CatalogResponse>('/catalog', { query: { limit: 1000 } });
  expect(response.status).toBe(200);
  expect(response.body.has_more).toBe(false);
  return response.body.markets;
}

async function chain(query: Record<string, string | number> = {}): Promise<InstrumentEntry[]> {
  const response = await service.get<InstrumentsResponse>('/catalog/instruments', { query: { source: 'deribit', market: 'BTC', ...query } });
  expect(response.status).toBe(200);
  return response.body.instruments;
}

describe('4.1 GET /catalog', () => {
  it('4.1 lists public markets, each identified by source, market and BASEQUOTE symbol with its coverage and access', async () => {
    const markets = await allMarkets();
    expect(new Set(markets.map((entry) => entry.source)).size).toBeGreaterThanOrEqual(5);
    expect(markets.length).toBeGreaterThanOrEqual(20);
    const ids = markets.map((entry) => `${entry.source}/${entry.market}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of markets) {
      expect(entry.symbol).toMatch(/^[A-Z0-9]+$/);
      expect(Date.parse(entry.start)).toBeLessThan(Date.parse(entry.end));
      expect(['open', 'preview', 'restricted']).toContain(entry.access.status);
      expect(Array.isArray(entry.categories)).toBe(true);
    }
  });

  it('4.1 source filters to that exact source', async () => {
    const response = await service.get<CatalogResponse>('/catalog', { query: { source: 'binance' } });
    expect(response.status).toBe(200);
    expect(response.body.markets.length).toBeGreaterThan(0);
    expect(response.body.markets.every((entry) => entry.source === 'binance')).toBe(true);
    const partial = await service.get<CatalogResponse>('/catalog', { query: { source: 'binanc' } });
    expect(partial.body.markets).toEqual([]);
  });

  it('4.1 market requires source: market without source → 400', async () => {
    const response = await service.get('/catalog', { query: { market: 'BTC' } });
    expect(response.status).toBe(400);
  });

  it('4.1 source and market select exactly one market', async () => {
    const response = await service.get<CatalogResponse>('/catalog', { query: { source: 'hyperliquid', market: 'BTC' } });
    expect(response.status).toBe(200);
    expect(response.body.markets.map((entry) => `${entry.source}/${entry.market}`)).toEqual(['hyperliquid/BTC']);
  });

  it('4.1 symbol is an exact normalized BASEQUOTE match across sources', async () => {
    const markets = await allMarkets();
    const expected = markets.filter((entry) => entry.symbol === 'BTCUSD').map((entry) => `${entry.source}/${entry.market}`);
    expect(new Set(expected.map((id) => id.split('/')[0])).size).toBeGreaterThan(1);
    const response = await service.get<CatalogResponse>('/catalog', { query: { symbol: 'BTCUSD' } });
    expect(response.body.markets.map((entry) => `${entry.source}/${entry.market}`)).toEqual(expected);
    const lower = await service.get<CatalogResponse>('/catalog', { query: { symbol: 'BTCUS' } });
    expect(lower.body.markets).toEqual([]);
  });

  it('4.1 q searches source, market, symbol and category case-insensitively', async () => {
    const markets = await allMarkets();
    const byCategory = await service.get<CatalogResponse>('/catalog', { query: { q: 'oPtIoNs' } });
    expect(byCategory.body.markets.map((entry) => entry.market)).toEqual(markets.filter((entry) => entry.categories.includes('Options')).map((entry) => entry.market));
    expect(byCategory.body.markets.length).toBeGreaterThan(0);
    const bySource = await service.get<CatalogResponse>('/catalog', { query: { q: 'HYPERLIQ' } });
    expect(bySource.body.markets.length).toBe(markets.filter((entry) => entry.source === 'hyperliquid').length);
    const bySymbol = await service.get<CatalogResponse>('/catalog', { query: { q: 'wethusdc' } });
    expect(bySymbol.body.markets.map((entry) => entry.source).sort()).toEqual(markets.filter((entry) => entry.symbol === 'WETHUSDC').map((entry) => entry.source).sort());
  });

  it('4.0.4 /catalog default limit is 200', async () => {
    const response = await service.get<CatalogResponse>('/catalog');
    expect(response.status).toBe(200);
    expect(response.body.limit).toBe(200);
  });

  it('4.0.4 limit 5000 on /catalog is capped to 1000', async () => {
    const response = await service.get<CatalogResponse>('/catalog', { query: { limit: 5000 } });
    expect(response.status).toBe(200);
    expect(response.body.limit).toBe(1000);
    expect(response.body.markets.length).toBe((await allMarkets()).length);
  });

  it('4.0.4 limit 0, negative or not an integer on /catalog → 400', async () => {
    for (const limit of ['0', '-5', '2.5', 'ten']) {
      expect((await service.get('/catalog', { query: { limit } })).status, `limit=${limit}`).toBe(400);
    }
  });

  it('4.0.1/4.0.3 paging /catalog returns every market exactly once and ends with has_more false and next_cursor null', async () => {
    const all = (await allMarkets()).map((entry) => `${entry.source}/${entry.market}`);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const response = await service.get<CatalogResponse>('/catalog', { query: { limit: 4, cursor } });
      expect(response.status).toBe(200);
      expect(response.body.markets.length).toBeLessThanOrEqual(4);
      seen.push(...response.body.markets.map((entry) => `${entry.source}/${entry.market}`));
      if (!response.body.has_more) {
        expect(response.body.next_cursor).toBeNull();
        break;
      }
      expect(typeof response.body.next_cursor).toBe('string');
      cursor = response.body.next_cursor ?? undefined;
    }
    expect(seen).toEqual(all);
  });

  it('4.0.2 cursor reused with other filters on /catalog → 400', async () => {
    const first = await service.get<CatalogResponse>('/catalog', { query: { source: 'hyperliquid', limit: 2 } });
    expect(first.body.has_more).toBe(true);
    const cursor = first.body.next_cursor ?? '';
    const reused = await service.get('/catalog', { query: { source: 'binance', limit: 2, cursor } });
    expect(reused.status).toBe(400);
    const same = await service.get<CatalogResponse>('/catalog', { query: { source: 'hyperliquid', limit: 2, cursor } });
    expect(same.status).toBe(200);
    expect(same.body.markets.every((entry) => entry.source === 'hyperliquid')).toBe(true);
  });

  it('4.1 invalid query parameters → 400 (empty value, repeated parameter)', async () => {
    expect((await service.get('/catalog?source=')).status).toBe(400);
    expect((await service.get('/catalog?source=binance&source=hyperliquid')).status).toBe(400);
  });

  it('5 /catalog is public, and a bearer key is accepted on it', async () => {
    const anonymous = await service.get<CatalogResponse>('/catalog');
    const keyed = await service.get<CatalogResponse>('/catalog', { key: paidKey });
    expect(anonymous.status).toBe(200);
    expect(keyed.status).toBe(200);
    expect(keyed.body.markets.length).toBeGreaterThanOrEqual(anonymous.body.markets.length);
  });
});

describe('4.2 GET /catalog/instruments', () => {
  it('4.2 source and market are required → 400 without either', async () => {
    expect((await service.get('/catalog/instruments', { query: { market: 'BTC' } })).status).toBe(400);
    expect((await service.get('/catalog/instruments', { query: { source: 'deribit' } })).status).toBe(400);
  });

  it('4.2 lists venue-native option contracts of the underlying, with no has_more', async () => {
    const response = await service.get<InstrumentsResponse & { has_more?: unknown }>('/catalog/instruments', { query: { source: 'deribit', market: 'BTC' } });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('has_more');
    const instruments = response.body.instruments;
    expect(instruments.length).toBeGreaterThan(10);
    for (const entry of instruments) {
      expect(entry.source).toBe('deribit');
      expect(entry.market).toBe('BTC');
      expect(entry.instrument).toMatch(/^BTC-\d{1,2}[A-Z]{3}\d{2}-\d+-[CP]$/);
      expect(['call', 'put']).toContain(entry.option_type);
      expect(Number.isInteger(entry.expiry_timestamp)).toBe(true);
    }
  });

  it('8 /catalog/instruments has no default page size of 200: without limit a 250-contract chain comes in one page', async () => {
    // The demo chain is smaller than 200, so this rule runs against a folder whose sidecar lists 250 contracts.
    const root = await mkdtemp(join(tmpdir(), 'mde-conformance-dir-'));
    const template = (await chain())[0];
    if (template === undefined) throw new Error('empty chain');
    const instruments = Array.from({ length: 250 }, (_, i) => ({ ...template, instrument: `BTC-27NOV26-${1000 + i}-C`, strike: String(1000 + i) }));
    await writeFile(join(root, 'datasets.json'), JSON.stringify({ instruments }));
    const directory = await startEmbeddedService({ data: { kind: 'directory', root } });
    try {
      const response = await requestService<InstrumentsResponse>(directory.baseUrl, '/catalog/instruments', { query: { source: 'deribit', market: 'BTC' } });
      expect(response.status).toBe(200);
      expect(response.body.instruments.length).toBe(250);
      expect(response.body.next_cursor).toBeNull();
    } finally {
      await directory.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('4.2 instrument, expiry, option_type and q filter the chain', async () => {
    const all = await chain();
    const sample = all[Math.floor(all.length / 2)];
    if (sample === undefined) throw new Error('empty chain');
    expect((await chain({ instrument: sample.instrument })).map((entry) => entry.instrument)).toEqual([sample.instrument]);
    const byExpiry = await chain({ expiry: sample.expiry_timestamp });
    expect(byExpiry.length).toBe(all.filter((entry) => entry.expiry_timestamp === sample.expiry_timestamp).length);
    expect(byExpiry.length).toBeLessThan(all.length);
    const puts = await chain({ option_type: 'put' });
    expect(puts.length).toBe(all.filter((entry) => entry.option_type === 'put').length);
    expect(puts.every((entry) => entry.option_type === 'put')).toBe(true);
    const byStrike = await chain({ q: sample.strike });
    expect(byStrike.some((entry) => entry.instrument === sample.instrument)).toBe(true);
    expect(byStrike.every((entry) => entry.strike.includes(sample.strike) || entry.instrument.toLowerCase().includes(sample.strike))).toBe(true);
  });

  it('4.2 option_type other than call or put, or a non-integer expiry → 400', async () => {
    expect((await service.get('/catalog/instruments', { query: { source: 'deribit', market: 'BTC', option_type: 'straddle' } })).status).toBe(400);
    expect((await service.get('/catalog/instruments', { query: { source: 'deribit', market: 'BTC', expiry: 'soon' } })).status).toBe(400);
  });

  it('4.0.4 limit 1001 on /catalog/instruments → 400 (not one of the capped endpoints)', async () => {
    expect((await service.get('/catalog/instruments', { query: { source: 'deribit', market: 'BTC', limit: 1001 } })).status).toBe(400);
  });

  it('4.2 paging stops at next_cursor null and returns every contract exactly once', async () => {
    const all = (await chain()).map((entry) => entry.instrument);
    const seen: string[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const response = await service.get<InstrumentsResponse>('/catalog/instruments', { query: { source: 'deribit', market: 'BTC', limit: 50, cursor } });
      expect(response.status).toBe(200);
      seen.push(...response.body.instruments.map((entry) => entry.instrument));
      if (response.body.next_cursor === null) break;
      expect(cursors.has(response.body.next_cursor)).toBe(false);
      cursors.add(response.body.next_cursor);
      cursor = response.body.next_cursor;
    }
    expect(seen).toEqual(all);
    expect(cursors.size).toBe(Math.ceil(all.length / 50) - 1);
  });

  it('4.0.2 cursor reused with another instrument filter → 400', async () => {
    const first = await service.get<InstrumentsResponse>('/catalog/instruments', { query: { source: 'deribit', market: 'BTC', limit: 5 } });
    const cursor = first.body.next_cursor ?? '';
    const reused = await service.get('/catalog/instruments', { query: { source: 'deribit', market: 'BTC', option_type: 'call', limit: 5, cursor } });
    expect(reused.status).toBe(400);
  });
});

describe('4.3 GET /count', () => {
  it('4.3 returns source and market totals and a market count per source that agree with the catalog', async () => {
    const markets = await allMarkets();
    const response = await service.get<CountResponse>('/count');
    expect(response.status).toBe(200);
    const bySource: Record<string, number> = {};
    for (const entry of markets) bySource[entry.source] = (bySource[entry.source] ?? 0) + 1;
    expect(response.body.by_source).toEqual(bySource);
    expect(response.body.sources).toBe(Object.keys(bySource).length);
    expect(response.body.markets).toBe(markets.length);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogMarket } from '../../shared/rows/catalog.ts';
import type { SnapshotListing } from '../../shared/rows/snapshots.ts';
import { MarketDataClient } from '../../electron/host/client/market-data-client.ts';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import type { LocalService } from '../../electron/server/local-service.ts';

const extra = 20_000;
/** The demo's markets (22 since the busy binance/BTCUSDT perpetual joined the simulator). */
const demoMarkets = 22;
/** One clock for both services, so the demo's coverage (which ends now) is the same in each. */
const now = Date.UTC(2026, 10, 22, 10, 30);

const keyOf = (market: Pick<CatalogMarket, 'source' | 'market'>): string => `${market.source}/${market.market}`;

describe('the local service with 20,000 extra markets (mde serve --extra-markets 20000)', () => {
  let dir: string;
  let large: LocalService;
  let plain: LocalService;
  let client: MarketDataClient;
  let catalog: CatalogMarket[];
  let pages: number;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mde-extra-markets-'));
    const data = { kind: 'demo', dataDir: dir, seed: 7 } as const;
    large = await startEmbeddedService({ data, extraMarkets: extra, extra: { now: () => now } });
    plain = await startEmbeddedService({ data, extra: { now: () => now } });
    client = new MarketDataClient({ baseUrl: large.baseUrl, now: () => now });
    catalog = [];
    pages = 0;
    for await (const page of client.catalog().pages()) {
      catalog.push(...page.items);
      pages++;
    }
  });
  afterAll(async () => {
    await large.close();
    await plain.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('pages through /catalog to every market once: the 22 demo markets and the 20,000 extra', () => {
    expect(pages).toBe(Math.ceil((demoMarkets + extra) / 1000));
    expect(catalog).toHaveLength(demoMarkets + extra);
    expect(new Set(catalog.map(keyOf)).size).toBe(demoMarkets + extra);
  });

  it('has /count agree with the catalog, in total and per source', async () => {
    const count = await client.count();
    const bySource: Record<string, number> = {};
    for (const market of catalog) bySource[market.source] = (bySource[market.source] ?? 0) + 1;
    expect(count.markets).toBe(demoMarkets + extra);
    expect(count.by_source).toEqual(bySource);
    expect(count.sources).toBe(Object.keys(bySource).length);
  });

  it('leaves the demo markets exactly as they are, first and in their order', async () => {
    const demo = await new MarketDataClient({ baseUrl: plain.baseUrl, now: () => now }).catalog().all();
    expect(demo).toHaveLength(demoMarkets);
    expect(catalog.slice(0, demoMarkets)).toEqual(demo);
    expect((await new MarketDataClient({ baseUrl: plain.baseUrl, now: () => now }).count()).markets).toBe(demoMarkets);
  });

  it('filters by source across pages as the whole catalog does', async () => {
    const bybit = await client.catalog({ source: 'bybit', limit: 100 }).all();
    expect(bybit.map(keyOf)).toEqual(catalog.filter((market) => market.source === 'bybit').map(keyOf));
    expect(bybit.length).toBeGreaterThan(100);
  });

  it('serves the extra markets as catalog entries only: empty data pages, no snapshots, no option contracts', async () => {
    const synthetic = catalog.slice(demoMarkets);
    const perpetual = synthetic.find((market) => market.source_type === 'perpetuals');
    const options = synthetic.find((market) => market.source_type === 'options');
    if (perpetual === undefined || options === undefined) throw new Error('the extra markets lack a perpetual or an options market');
    const at = { source: perpetual.source, market: perpetual.market };
    expect(await client.ohlcv({ ...at, interval: '1m' }).all()).toEqual([]);
    expect(await client.historicalTrades(at).all()).toEqual([]);
    expect(await client.instruments({ source: options.source, market: options.market }).all()).toEqual([]);
    const response = await fetch(`${large.baseUrl}/snapshots?source=${encodeURIComponent(at.source)}&market=${encodeURIComponent(at.market)}`);
    expect(response.status).toBe(200);
    const listing = (await response.json()) as SnapshotListing;
    expect(listing.snapshots).toEqual([]);
    expect(listing.has_more).toBe(false);
  });
});

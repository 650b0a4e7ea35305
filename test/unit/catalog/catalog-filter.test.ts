import { describe, expect, it } from 'vitest';
import type { AccessStatus, CatalogMarket } from '../../../shared/rows/catalog.ts';
import { filterCatalog, indexCatalog, isFiltered, type CatalogCriteria } from '../../../renderer/src/views/catalog/catalog-filter.ts';
import { seededRandom } from '../../bench/book-stream.ts';


const sources = ['hyperliquid', 'binance', 'deribit', 'okx', 'uniswap', 'Kraken'];
const bases = ['BTC', 'ETH', 'SOL', 'btcb', 'WETH', 'DOGE', 'X'];
const quotes = ['USD', 'USDT', 'USDC', null];
const categorySets = [['Futures', 'Perpetual'], ['Spot'], ['Options'], ['DEX', 'Quotes'], ['Intents'], [], ['Spot', 'Spot']];
const statuses: AccessStatus[] = ['open', 'preview', 'restricted'];

function pick<T>(random: () => number, list: readonly T[]): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('empty list');
  return value;
}

function randomCatalog(seed: number, size: number): CatalogMarket[] {
  const random = seededRandom(seed);
  const markets: CatalogMarket[] = [];
  for (let i = 0; i < size; i++) {
    const base = pick(random, bases);
    const quote = pick(random, quotes);
    const market = random() < 0.3 ? base : `${base}-${quote ?? 'PERP'}${random() < 0.2 ? `-${i}` : ''}`;
    markets.push({
      source: pick(random, sources),
      market,
      symbol: `${base}${quote ?? ''}`.toUpperCase(),
      start: '2026-01-01T00:00:00Z',
      end: '2026-02-01T00:00:00Z',
      source_type: pick(random, ['perpetuals', 'spot', 'options', 'propamm']),
      categories: [...pick(random, categorySets)],
      access: { status: pick(random, statuses), public_cutoff_date: null },
      instrument: { base: random() < 0.1 ? null : base, quote, tick_size: null, lot_size: null, min_notional: null },
    });
  }
  return markets;
}

function keyOf(market: CatalogMarket): string {
  return `${market.source}/${market.market}`;
}

/** The reference: each rule written out plainly, per market, with no index. */
function naiveMatches(markets: readonly CatalogMarket[], criteria: CatalogCriteria): CatalogMarket[] {
  const words = criteria.text.toLowerCase().split(' ').filter((word) => word.trim() !== '').map((word) => word.trim());
  const passing = markets.filter((market) => {
    const fields = [keyOf(market), market.symbol, ...market.categories, market.source_type, market.instrument.base ?? '', market.instrument.quote ?? ''].map((field) => field.toLowerCase());
    return (
      words.every((word) => fields.some((field) => field.includes(word))) &&
      (criteria.source === null || market.source === criteria.source) &&
      (criteria.category === null || market.categories.includes(criteria.category)) &&
      (criteria.access === null || market.access.status === criteria.access) &&
      (!criteria.favouritesOnly || criteria.favourites.has(keyOf(market)))
    );
  });
  const first = words[0];
  if (first === undefined) return passing;
  const names = (market: CatalogMarket): string[] => [market.market, market.symbol, market.instrument.base ?? '', keyOf(market)].map((name) => name.toLowerCase());
  const rank = (market: CatalogMarket): number => (names(market).includes(first) ? 0 : names(market).some((name) => name.startsWith(first)) ? 1 : 2);
  // Array.prototype.sort is stable: equal ranks keep catalog order.
  return [...passing].sort((a, b) => rank(a) - rank(b));
}

function randomCriteria(random: () => number, markets: readonly CatalogMarket[]): CatalogCriteria {
  const favourites = new Set(markets.filter(() => random() < 0.1).map(keyOf));
  const texts = ['', '', 'btc', 'BTC usdt', 'eth', ' sol  perp ', 'hyperliquid/', 'binance/eth', 'spot', 'quotes', 'x', 'zzz', 'usd', 'okx btc', 'dex weth'];
  return {
    text: pick(random, texts),
    source: random() < 0.5 ? null : pick(random, [...sources, 'nowhere']),
    category: random() < 0.5 ? null : pick(random, ['Futures', 'Spot', 'Options', 'DEX', 'Intents', 'Perpetual']),
    access: random() < 0.6 ? null : pick(random, statuses),
    favouritesOnly: random() < 0.2,
    favourites,
  };
}

describe('filterCatalog against a naive reference filter, over seeded random catalogs', () => {
  it('shows the same markets in the same order for 300 random catalogs and criteria', () => {
    let narrowed = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const markets = randomCatalog(seed, 1 + (seed % 97) * 3);
      const criteria = randomCriteria(seededRandom(seed * 7919), markets);
      const { indices } = filterCatalog(indexCatalog(markets), criteria);
      const shown = Array.from(indices, (index) => markets[index]);
      expect(shown.map((market) => market && keyOf(market)), `seed ${seed}: ${JSON.stringify({ ...criteria, favourites: criteria.favourites.size })}`).toEqual(
        naiveMatches(markets, criteria).map(keyOf),
      );
      if (shown.length > 0 && shown.length < markets.length) narrowed++;
    }
    // The comparison means something only where the filter kept some markets and dropped others.
    expect(narrowed).toBeGreaterThan(100);
  });

  it('counts each facet as choosing it would show, the other filters unchanged', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const markets = randomCatalog(seed, 150);
      const criteria = randomCriteria(seededRandom(seed * 104_729), markets);
      const { facets } = filterCatalog(indexCatalog(markets), criteria);
      for (const source of sources) expect(facets.sources.get(source) ?? 0, `seed ${seed} source ${source}`).toBe(naiveMatches(markets, { ...criteria, source }).length);
      for (const category of ['Futures', 'Spot', 'Options', 'DEX', 'Quotes', 'Intents', 'Perpetual']) {
        expect(facets.categories.get(category) ?? 0, `seed ${seed} category ${category}`).toBe(naiveMatches(markets, { ...criteria, category }).length);
      }
      for (const access of statuses) expect(facets.access.get(access) ?? 0, `seed ${seed} access ${access}`).toBe(naiveMatches(markets, { ...criteria, access }).length);
      expect(facets.anyCategory, `seed ${seed} any category`).toBe(naiveMatches(markets, { ...criteria, category: null }).length);
      expect(facets.favourites, `seed ${seed} favourites`).toBe(naiveMatches(markets, { ...criteria, favouritesOnly: true }).length);
    }
  });

  it('puts an exact name first, then names that start with the word, then the rest, each in catalog order', () => {
    const base = randomCatalog(1, 1)[0];
    if (base === undefined) throw new Error('no market');
    const make = (source: string, market: string, symbol: string, baseAsset: string): CatalogMarket => ({ ...base, source, market, symbol, instrument: { ...base.instrument, base: baseAsset } });
    const markets = [make('a', 'WBTC-USD', 'WBTCUSD', 'WBTC'), make('b', 'BTC-USDT', 'BTCUSDT', 'BTC'), make('c', 'BTC', 'BTCUSD', 'BTC'), make('d', 'ETHBTC', 'ETHBTC', 'ETH')];
    const { indices } = filterCatalog(indexCatalog(markets), { text: 'btc', source: null, category: null, access: null, favouritesOnly: false, favourites: new Set() });
    expect(Array.from(indices)).toEqual([1, 2, 0, 3]);
  });

  it('needs every word of the search, and a word never spans two fields', () => {
    const markets = randomCatalog(3, 200);
    const index = indexCatalog(markets);
    const none = { source: null, category: null, access: null, favouritesOnly: false, favourites: new Set<string>() };
    const single = filterCatalog(index, { ...none, text: 'eth' }).indices.length;
    expect(single).toBeGreaterThan(0);
    expect(filterCatalog(index, { ...none, text: 'eth zzz' }).indices.length).toBe(0);
    // "perpetualsp" would only be found across the source_type and base fields.
    expect(filterCatalog(index, { ...none, text: 'perpetualsbtc' }).indices.length).toBe(0);
  });
});

describe('isFiltered', () => {
  const none = { text: '  ', source: null, category: null, access: null, favouritesOnly: false };
  it('is false with nothing chosen (blank text included), true with any one choice', () => {
    expect(isFiltered(none)).toBe(false);
    expect(isFiltered({ ...none, text: 'b' })).toBe(true);
    expect(isFiltered({ ...none, source: 'okx' })).toBe(true);
    expect(isFiltered({ ...none, category: 'Spot' })).toBe(true);
    expect(isFiltered({ ...none, access: 'open' })).toBe(true);
    expect(isFiltered({ ...none, favouritesOnly: true })).toBe(true);
  });
});

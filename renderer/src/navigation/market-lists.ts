import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import type { ViewParams } from '../stores/ui-store.ts';
import type { SearchField } from './palette-search.ts';

/** How many recently viewed markets settings keep (`markets.recent`). */
export const recentMarketLimit = 50;

/** A market's key in favourites and recently viewed: `source/market`. */
export function marketKey(source: string, market: string): string {
  return `${source}/${market}`;
}

/** The source and market of a key (`source/market`; the market may hold slashes); null when it has no slash. */
export function parseMarketKey(key: string): { source: string; market: string } | null {
  const slash = key.indexOf('/');
  if (slash <= 0 || slash === key.length - 1) return null;
  return { source: key.slice(0, slash), market: key.slice(slash + 1) };
}

/** Recently viewed markets with this one first, once, cut to the limit settings accept. */
export function withRecentMarket(recent: readonly string[], key: string, limit = recentMarketLimit): string[] {
  return [key, ...recent.filter((entry) => entry !== key)].slice(0, limit);
}

/** The catalog entries of these keys, in the keys' order; keys the catalog does not list are skipped. */
export function marketsOfKeys(keys: readonly string[], markets: readonly CatalogMarket[]): CatalogMarket[] {
  const byKey = new Map(markets.map((market) => [marketKey(market.source, market.market), market]));
  return keys.flatMap((key) => {
    const market = byKey.get(key);
    return market === undefined ? [] : [market];
  });
}

/**
 * The parameters a view opens a market with: the source and market, keeping the interval,
 * range and chart mode the view had (a trader switching from BTC 5m to ETH expects 5m), dropping what belonged
 * to the previous market (instrument, expiry, focus).
 */
export function paramsForMarket(previous: ViewParams | undefined, source: string, market: string): ViewParams {
  const kept: ViewParams = { source, market };
  if (previous?.interval !== undefined) kept.interval = previous.interval;
  if (previous?.span !== undefined) kept.span = previous.span;
  if (previous?.start !== undefined) kept.start = previous.start;
  if (previous?.end !== undefined) kept.end = previous.end;
  if (previous?.chart !== undefined) kept.chart = previous.chart;
  return kept;
}

/**
 * What a market is found by in the palette: its name first (so "binance btcusdt" finds the market
 * named BTCUSDT before the spot BTC-USDT whose symbol is BTCUSDT), then its symbol, then its
 * source, then its kind and assets.
 */
export function marketSearchFields(market: CatalogMarket): SearchField[] {
  const lower = (text: string | null): string => (text ?? '').toLowerCase();
  return [
    { text: lower(market.market), weight: 4 },
    { text: lower(market.symbol), weight: 3 },
    { text: lower(marketKey(market.source, market.market)), weight: 3 },
    { text: lower(market.source), weight: 2 },
    { text: lower(market.source_type), weight: 1 },
    ...market.categories.map((category) => ({ text: lower(category), weight: 1 })),
    { text: lower(market.instrument.base), weight: 1 },
    { text: lower(market.instrument.quote), weight: 1 },
  ];
}

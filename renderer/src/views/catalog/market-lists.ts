import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';

/** How many recently viewed markets are kept (settings allow 50). */
export const maxRecent = 50;

/** How many favourites can be kept (settings allow 500). */
export const maxFavourites = 500;

/** A market as `source/market`: the key of favourites, recently viewed and the catalog's rows. */
export function marketKey(market: Pick<CatalogMarket, 'source' | 'market'>): string {
  return `${market.source}/${market.market}`;
}

/** The source and market of a key (the source ends at the first `/`; a market may contain more). */
export function parseMarketKey(key: string): { source: string; market: string } | null {
  const slash = key.indexOf('/');
  if (slash <= 0 || slash === key.length - 1) return null;
  return { source: key.slice(0, slash), market: key.slice(slash + 1) };
}

/** Recently viewed with `key` just opened: newest first, each market once, at most `max`. */
export function withRecent(recent: readonly string[], key: string, max = maxRecent): string[] {
  return [key, ...recent.filter((entry) => entry !== key)].slice(0, max);
}

/**
 * Favourites with `key` starred or unstarred (starred ones keep their order, a new one goes
 * last). At `max`, starring another is refused: `full` says so and the list is unchanged.
 */
export function toggledFavourite(favourites: readonly string[], key: string, max = maxFavourites): { favourites: string[]; full: boolean } {
  if (favourites.includes(key)) return { favourites: favourites.filter((entry) => entry !== key), full: false };
  if (favourites.length >= max) return { favourites: [...favourites], full: true };
  return { favourites: [...favourites, key], full: false };
}

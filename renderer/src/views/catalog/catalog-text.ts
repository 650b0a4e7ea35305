/** What the catalog's subtitle counts. */
export interface CatalogTally {
  /** Markets the filters let through. */
  shown: number;
  /** Markets in the catalog as read. */
  listed: number;
  /** Distinct sources in the catalog as read. */
  listedSources: number;
  /** `/count` totals, when the service answered them. */
  count: { markets: number; sources: number } | null;
  simulated: boolean;
}

const grouped = (value: number): string => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string): string => `${grouped(value)} ${value === 1 ? one : many}`;

/**
 * The catalog's subtitle: "showing 312 of 20,021 markets · 8 sources" while filtered, else
 * "20,021 markets · 8 sources". Totals are `/count`'s; where the catalog as read differs (entries
 * skipped as malformed), the number listed is said too.
 */
export function catalogSubtitle({ shown, listed, listedSources, count, simulated }: CatalogTally): string {
  const total = count?.markets ?? listed;
  const sources = count?.sources ?? listedSources;
  const markets = shown === listed ? plural(total, 'market', 'markets') : `showing ${grouped(shown)} of ${plural(total, 'market', 'markets')}`;
  const mismatch = count !== null && count.markets !== listed ? ` (${grouped(listed)} listed)` : '';
  return `${markets}${mismatch} · ${plural(sources, 'source', 'sources')}${simulated ? ' · simulated' : ''}`;
}

/** The filters chosen, as the no-match sentence names them. */
export interface ChosenFilters {
  text: string;
  source: string | null;
  category: string | null;
  access: string | null;
  favouritesOnly: boolean;
}

/** Why nothing is shown, naming the search and each filter chosen: "Nothing matches “btc” in okx · Options." */
export function noMatchSentence(filters: ChosenFilters): string {
  const text = filters.text.trim();
  const chosen = [filters.source, filters.category, filters.access, filters.favouritesOnly ? 'favourites' : null].filter((choice) => choice !== null);
  const within = chosen.length === 0 ? '' : ` in ${chosen.join(' · ')}`;
  return text === '' ? `No market${within}.` : `Nothing matches “${text}”${within}.`;
}

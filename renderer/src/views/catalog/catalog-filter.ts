import type { AccessStatus, CatalogMarket } from '../../../../shared/rows/catalog.ts';
import { marketKey } from '../../navigation/market-lists.ts';

/** The access states a catalog entry can have, in the order the filter offers them. */
export const accessStates: readonly AccessStatus[] = ['open', 'preview', 'restricted'];

/**
 * A catalog prepared for searching, built once per catalog: for each market its `source/market`
 * key, one lowercase haystack of the fields a search reads, and its source, access and categories
 * as small numbers, so that a keystroke only scans and counts.
 */
export interface CatalogIndex {
  markets: readonly CatalogMarket[];
  keys: readonly string[];
  /** Positions of the market(s) of each key (one, unless a catalog lists a market twice). */
  positions: ReadonlyMap<string, readonly number[]>;
  /** Lowercase fields joined by newlines (a search token never spans two fields). */
  haystacks: readonly string[];
  /** Lowercase names a search token can equal or start: market, symbol, base, `source/market`. */
  names: readonly (readonly string[])[];
  /** Every source, and each market's as a position in that list. */
  sources: readonly string[];
  sourceIds: Uint16Array;
  /** Each market's access as a position in `accessStates`. */
  accessIds: Uint8Array;
  /** Every category, and each market's (each once) as positions in that list: market i's are `categoryIds[categoryStarts[i] … categoryStarts[i + 1])`. */
  categories: readonly string[];
  categoryStarts: Int32Array;
  categoryIds: Uint16Array;
}

/** What the user filters the catalog by; null (or an empty text) lets everything through. */
export interface CatalogCriteria {
  text: string;
  source: string | null;
  category: string | null;
  access: AccessStatus | null;
  favouritesOnly: boolean;
  /** `source/market` keys of the favourites. */
  favourites: ReadonlySet<string>;
}

/**
 * How many markets each filter choice would show, given every other filter as it is (so the
 * count beside a source is what choosing it shows).
 */
export interface CatalogFacets {
  sources: Map<string, number>;
  categories: Map<string, number>;
  access: Map<AccessStatus, number>;
  /** Markets shown with no category chosen (a market can be in several, so this is no sum). */
  anyCategory: number;
  favourites: number;
}

/** The markets a search shows, as positions in the catalog (best matches first), and the facets. */
export interface CatalogMatch {
  indices: Int32Array;
  facets: CatalogFacets;
}

function idOf(ids: Map<string, number>, list: string[], name: string): number {
  let id = ids.get(name);
  if (id === undefined) {
    id = list.length;
    ids.set(name, id);
    list.push(name);
  }
  return id;
}

/** Prepares a catalog for searching (once per catalog, not per keystroke). */
export function indexCatalog(markets: readonly CatalogMarket[]): CatalogIndex {
  const keys: string[] = [];
  const positions = new Map<string, number[]>();
  const haystacks: string[] = [];
  const names: string[][] = [];
  const sources: string[] = [];
  const sourceIdsByName = new Map<string, number>();
  const categories: string[] = [];
  const categoryIdsByName = new Map<string, number>();
  const sourceIds = new Uint16Array(markets.length);
  const accessIds = new Uint8Array(markets.length);
  const categoryStarts = new Int32Array(markets.length + 1);
  const categoryList: number[] = [];
  markets.forEach((market, i) => {
    const key = marketKey(market.source, market.market);
    keys.push(key);
    const listed = positions.get(key);
    if (listed === undefined) positions.set(key, [i]);
    else listed.push(i);
    const base = market.instrument.base ?? '';
    const quote = market.instrument.quote ?? '';
    haystacks.push([key, market.symbol, ...market.categories, market.source_type, base, quote].join('\n').toLowerCase());
    names.push([market.market, market.symbol, base, key].map((name) => name.toLowerCase()));
    sourceIds[i] = idOf(sourceIdsByName, sources, market.source);
    accessIds[i] = Math.max(0, accessStates.indexOf(market.access.status));
    categoryStarts[i] = categoryList.length;
    for (const category of new Set(market.categories)) categoryList.push(idOf(categoryIdsByName, categories, category));
  });
  categoryStarts[markets.length] = categoryList.length;
  return { markets, keys, positions, haystacks, names, sources, sourceIds, accessIds, categories, categoryStarts, categoryIds: Uint16Array.from(categoryList) };
}

/** The words of a search: lowercase, split on white space. */
export function searchTokens(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter((token) => token !== '');
}

/**
 * How well a market's names answer the first search token: 0 when one equals it ("btc" finds the
 * BTC market before BTC-USDT), 1 when one starts with it, 2 otherwise.
 */
function rankOf(names: readonly string[], token: string): number {
  let rank = 2;
  for (const name of names) {
    if (name === token) return 0;
    if (rank === 2 && name.startsWith(token)) rank = 1;
  }
  return rank;
}

/** A chosen name as its id; -1 when nothing is chosen, -2 when the catalog has no such name (nothing passes). */
function chosenId(list: readonly string[], chosen: string | null): number {
  if (chosen === null) return -1;
  const id = list.indexOf(chosen);
  return id < 0 ? -2 : id;
}

function countsByName<K extends string>(names: readonly K[], counts: Int32Array): Map<K, number> {
  const map = new Map<K, number>();
  names.forEach((name, id) => {
    if ((counts[id] ?? 0) > 0) map.set(name, counts[id] ?? 0);
  });
  return map;
}

/**
 * The markets that pass every criterion, best text matches first (then in catalog order), with
 * the facet counts. One pass over the index, counting into typed arrays; pure, so it can be
 * measured and tested alone.
 */
export function filterCatalog(index: CatalogIndex, criteria: CatalogCriteria): CatalogMatch {
  const count = index.markets.length;
  const tokens = searchTokens(criteria.text);
  const first = tokens[0];
  const source = chosenId(index.sources, criteria.source);
  const category = chosenId(index.categories, criteria.category);
  const access = criteria.access === null ? -1 : accessStates.indexOf(criteria.access);
  const favourite = new Uint8Array(count);
  for (const key of criteria.favourites) {
    for (const position of index.positions.get(key) ?? []) favourite[position] = 1;
  }
  const sourceCounts = new Int32Array(index.sources.length);
  const categoryCounts = new Int32Array(index.categories.length);
  const accessCounts = new Int32Array(accessStates.length);
  let anyCategory = 0;
  let favourites = 0;
  const matched = new Int32Array(count);
  const ranks = new Uint8Array(count);
  const perRank = [0, 0, 0];
  let found = 0;
  const { haystacks, names, sourceIds, accessIds, categoryStarts, categoryIds } = index;
  for (let i = 0; i < count; i++) {
    if (tokens.length > 0) {
      const haystack = haystacks[i] ?? '';
      let textOk = true;
      for (const token of tokens) {
        if (!haystack.includes(token)) {
          textOk = false;
          break;
        }
      }
      if (!textOk) continue;
    }
    const sourceId = sourceIds[i] ?? 0;
    const accessId = accessIds[i] ?? 0;
    const from = categoryStarts[i] ?? 0;
    const to = categoryStarts[i + 1] ?? 0;
    let categoryOk = category === -1;
    for (let c = from; c < to && !categoryOk; c++) categoryOk = categoryIds[c] === category;
    const isFavourite = favourite[i] === 1;
    const sourceOk = source === -1 || sourceId === source;
    const accessOk = access === -1 || accessId === access;
    const favouriteOk = !criteria.favouritesOnly || isFavourite;
    if (categoryOk && accessOk && favouriteOk) sourceCounts[sourceId] = (sourceCounts[sourceId] ?? 0) + 1;
    if (sourceOk && accessOk && favouriteOk) {
      anyCategory++;
      for (let c = from; c < to; c++) {
        const id = categoryIds[c] ?? 0;
        categoryCounts[id] = (categoryCounts[id] ?? 0) + 1;
      }
    }
    if (sourceOk && categoryOk && favouriteOk) accessCounts[accessId] = (accessCounts[accessId] ?? 0) + 1;
    if (sourceOk && categoryOk && accessOk) {
      if (isFavourite) favourites++;
      if (favouriteOk) {
        const rank = first === undefined ? 2 : rankOf(names[i] ?? [], first);
        matched[found] = i;
        ranks[found] = rank;
        found++;
        perRank[rank] = (perRank[rank] ?? 0) + 1;
      }
    }
  }
  // A stable counting sort by rank: best first, catalog order within a rank.
  const indices = new Int32Array(found);
  const next = [0, perRank[0] ?? 0, (perRank[0] ?? 0) + (perRank[1] ?? 0)];
  for (let j = 0; j < found; j++) {
    const rank = ranks[j] ?? 2;
    indices[next[rank] ?? 0] = matched[j] ?? 0;
    next[rank] = (next[rank] ?? 0) + 1;
  }
  return {
    indices,
    facets: { sources: countsByName(index.sources, sourceCounts), categories: countsByName(index.categories, categoryCounts), access: countsByName(accessStates, accessCounts), anyCategory, favourites },
  };
}

/** Whether any criterion narrows the catalog (the "Clear filters" action has something to clear). */
export function isFiltered(criteria: Omit<CatalogCriteria, 'favourites'>): boolean {
  return searchTokens(criteria.text).length > 0 || criteria.source !== null || criteria.category !== null || criteria.access !== null || criteria.favouritesOnly;
}

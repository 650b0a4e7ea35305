/** A text an item can be found by, and how much a match in it counts. */
export interface SearchField {
  text: string;
  weight: number;
}

/** The words of a search, lower-cased; an item must match every one. */
export function searchTerms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== '');
}

/**
 * How well an item's fields match the search terms: for each term, its best field counts
 * weight × 3 for an exact match, × 2 for a prefix and × 1 for a substring; 0 when a term matches
 * no field. Field texts must already be lower-case.
 */
export function matchScore(fields: readonly SearchField[], terms: readonly string[]): number {
  let total = 0;
  for (const term of terms) {
    let best = 0;
    for (const field of fields) {
      const at = field.text.indexOf(term);
      if (at < 0) continue;
      const quality = field.text.length === term.length ? 3 : at === 0 ? 2 : 1;
      best = Math.max(best, quality * field.weight);
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** An item found by a search, and its score. */
export interface Ranked<T> {
  item: T;
  score: number;
}

/**
 * The items matching every term of the search with their scores, best first (ties keep the
 * items' order), at most `limit` of them. An empty search matches nothing: the palette shows its
 * defaults instead.
 */
export function rankScored<T>(items: readonly T[], fieldsOf: (item: T) => readonly SearchField[], query: string, limit: number): Ranked<T>[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const scored: (Ranked<T> & { order: number })[] = [];
  items.forEach((item, order) => {
    const score = matchScore(fieldsOf(item), terms);
    if (score > 0) scored.push({ item, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map(({ item, score }) => ({ item, score }));
}

/** The items of `rankScored`, without their scores. */
export function rankItems<T>(items: readonly T[], fieldsOf: (item: T) => readonly SearchField[], query: string, limit: number): T[] {
  return rankScored(items, fieldsOf, query, limit).map((entry) => entry.item);
}

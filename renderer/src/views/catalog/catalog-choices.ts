import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';

/** Categories in the order the filter offers them; others a service lists follow, by name. */
export const categoryOrder: readonly string[] = ['Futures', 'Perpetual', 'Spot', 'Options', 'Intents', 'DEX', 'Quotes'];

/** The sources (by name) and categories (known ones in their order, then the rest by name) a catalog lists, for the filter choices. */
export function choicesOf(markets: readonly CatalogMarket[]): { sources: string[]; categories: string[] } {
  const sources = new Set<string>();
  const categories = new Set<string>();
  for (const market of markets) {
    sources.add(market.source);
    for (const category of market.categories) categories.add(category);
  }
  const known = categoryOrder.filter((category) => categories.has(category));
  const others = [...categories].filter((category) => !categoryOrder.includes(category)).sort();
  return { sources: [...sources].sort(), categories: [...known, ...others] };
}

import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import type { ViewId } from '../../../shared/settings.ts';

/** The view that fits a market's kind: options → the chain, intents → lifecycles, DEX → quotes, else the market workspace. */
export function viewForMarket(market: Pick<CatalogMarket, 'source_type' | 'categories'>): ViewId {
  const type = market.source_type.toLowerCase();
  const categories = market.categories.map((category) => category.toLowerCase());
  if (type === 'options' || categories.includes('options')) return 'options';
  if (type === 'intents' || categories.includes('intents')) return 'intents';
  if (type === 'propamm' || type === 'dex' || categories.includes('dex') || categories.includes('quotes')) return 'quotes';
  return 'workspace';
}

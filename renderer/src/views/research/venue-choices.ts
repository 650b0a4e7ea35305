import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';
import { viewForMarket } from '../../navigation/view-for-market.ts';

/** A venue of an asset: a book market of the catalog. */
export interface VenueMarket {
  source: string;
  market: string;
}

/** The normalized asset of a market: its base (upper case), else its symbol. */
export function assetOf(market: Pick<CatalogMarket, 'symbol' | 'instrument'>): string {
  return (market.instrument.base ?? market.symbol).toUpperCase();
}

/**
 * The book markets of the same asset as `chosen` (matched by normalized base), `chosen` first,
 * then the others in catalog order: the venues the Venues panel can put side by side.
 */
export function venuesOfAsset(markets: readonly CatalogMarket[], chosen: VenueMarket): VenueMarket[] {
  const own = markets.find((market) => market.source === chosen.source && market.market === chosen.market);
  if (own === undefined) return [chosen];
  const asset = assetOf(own);
  const others = markets.filter((market) => viewForMarket(market) === 'workspace' && assetOf(market) === asset && !(market.source === chosen.source && market.market === chosen.market));
  return [chosen, ...others.map((market) => ({ source: market.source, market: market.market }))];
}

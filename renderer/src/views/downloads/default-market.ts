import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';
import { marketsOfKeys } from '../../navigation/market-lists.ts';
import type { ViewParams } from '../../stores/ui-store.ts';

/** A dataset: a source and a market. */
export interface Place {
  source: string;
  market: string;
}

/**
 * The dataset the Downloads view shows: its own parameters; else the market last opened in the
 * market workspace; else the most recently viewed market the catalog lists; else the catalog's
 * first market; null when there is nothing to choose from yet.
 */
export function defaultPlace(own: ViewParams, workspace: ViewParams | undefined, recent: readonly string[], markets: readonly CatalogMarket[]): Place | null {
  if (own.source !== undefined && own.market !== undefined) return { source: own.source, market: own.market };
  if (workspace?.source !== undefined && workspace.market !== undefined) return { source: workspace.source, market: workspace.market };
  const seen = marketsOfKeys(recent, markets)[0] ?? markets[0];
  return seen === undefined ? null : { source: seen.source, market: seen.market };
}

/** `source · market`, the name of a dataset in the panels. */
export function placeName(place: Place): string {
  return `${place.source} · ${place.market}`;
}

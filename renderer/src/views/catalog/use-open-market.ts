import { useCallback } from 'react';
import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';
import { viewForMarket } from '../../navigation/view-for-market.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { marketKey, toggledFavourite, withRecent } from './market-lists.ts';
import { useSaveMarketLists } from './use-market-lists.ts';

/** What opening a market needs to know of it: its name and its kind. */
export type MarketToOpen = Pick<CatalogMarket, 'source' | 'market' | 'source_type' | 'categories'>;

/**
 * Opens a market in the view that fits its kind (options → the chain, intents → lifecycles,
 * DEX → quotes, else the market workspace) and records it first in recently viewed. The catalog
 * and the command palette open markets through this one hook.
 */
export function useOpenMarket(): (market: MarketToOpen) => void {
  const openView = useUiStore((state) => state.openView);
  const save = useSaveMarketLists();
  return useCallback(
    (market) => {
      openView(viewForMarket(market), { source: market.source, market: market.market });
      save((lists) => ({ recent: withRecent(lists.recent, marketKey(market)) }));
    },
    [openView, save],
  );
}

/** Stars or unstars a market (`source/market` key); past 500 favourites a new star is refused. */
export function useToggleFavourite(): (key: string) => void {
  const save = useSaveMarketLists();
  return useCallback((key) => save((lists) => ({ favourites: toggledFavourite(lists.favourites, key).favourites })), [save]);
}

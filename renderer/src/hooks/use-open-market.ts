import { useCallback } from 'react';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { useSettings, useUpdateSettings } from './contract-queries.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { marketKey, paramsForMarket, withRecentMarket } from '../navigation/market-lists.ts';
import { viewForMarket } from '../navigation/view-for-market.ts';

/** The fields of a catalog entry that opening it needs. */
export type OpenableMarket = Pick<CatalogMarket, 'source' | 'market' | 'source_type' | 'categories'>;

/**
 * Opens a market in the view that fits its kind (options → the chain, intents → lifecycles,
 * DEX → quotes, else the market workspace), keeping that view's interval and range, and records
 * it first among the recently viewed markets. The palette and the catalog share it.
 */
export function useOpenMarket(): (market: OpenableMarket) => void {
  const openView = useUiStore((state) => state.openView);
  const recent = useSettings().data?.markets.recent;
  const { mutate: saveSettings } = useUpdateSettings();
  return useCallback(
    (market: OpenableMarket) => {
      const view = viewForMarket(market);
      openView(view, paramsForMarket(useUiStore.getState().params[view], market.source, market.market));
      if (recent !== undefined) saveSettings({ markets: { recent: withRecentMarket(recent, marketKey(market.source, market.market)) } });
    },
    [openView, recent, saveSettings],
  );
}

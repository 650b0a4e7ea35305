import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MarketLists, Settings } from '../../../../shared/settings.ts';
import { queryKeys, useSettings, useUpdateSettings } from '../../hooks/contract-queries.ts';

const noLists: MarketLists = { favourites: [], recent: [] };

/**
 * Saves a change to the user's market lists. It is applied to the cached settings at once (so a
 * star or a recent entry shows without a round trip, and a second change made before the first
 * is saved builds on it), then saved; a failed save reloads the settings as stored.
 */
export function useSaveMarketLists(): (change: (lists: MarketLists) => Partial<MarketLists>) => void {
  const client = useQueryClient();
  const { mutate } = useUpdateSettings();
  return useCallback(
    (change) => {
      const settings = client.getQueryData<Settings>(queryKeys.settings);
      if (settings === undefined) return;
      const patch = change(settings.markets);
      client.setQueryData<Settings>(queryKeys.settings, { ...settings, markets: { ...settings.markets, ...patch } });
      mutate({ markets: patch }, { onError: () => void client.invalidateQueries({ queryKey: queryKeys.settings }) });
    },
    [client, mutate],
  );
}

/** The user's favourite and recently viewed markets (`source/market` keys), empty until settings arrive. */
export function useMarketLists(): MarketLists {
  return useSettings().data?.markets ?? noLists;
}

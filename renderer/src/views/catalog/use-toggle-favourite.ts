import { useCallback } from 'react';
import { toggledFavourite } from './favourites.ts';
import { useSaveMarketLists } from './use-market-lists.ts';

/** Stars or unstars a market (`source/market` key), at once on screen; past 500 favourites a new star is refused. */
export function useToggleFavourite(): (key: string) => void {
  const save = useSaveMarketLists();
  return useCallback((key) => save((lists) => ({ favourites: toggledFavourite(lists.favourites, key).favourites })), [save]);
}

import { create } from 'zustand';
import type { AccessStatus } from '../../../../shared/rows/catalog.ts';

/** The catalog's filters. They outlive the view (back from a market, the list is as it was) but not a reload. */
export interface CatalogFilterState {
  text: string;
  source: string | null;
  category: string | null;
  access: AccessStatus | null;
  favouritesOnly: boolean;
  setText: (text: string) => void;
  setSource: (source: string | null) => void;
  setCategory: (category: string | null) => void;
  setAccess: (access: AccessStatus | null) => void;
  setFavouritesOnly: (on: boolean) => void;
  /** Clears every filter and the search ("Clear filters"). */
  clear: () => void;
}

const cleared = { text: '', source: null, category: null, access: null, favouritesOnly: false } as const;

/** The catalog's filter store. */
export const useCatalogFilters = create<CatalogFilterState>((set) => ({
  ...cleared,
  setText: (text) => set({ text }),
  setSource: (source) => set({ source }),
  setCategory: (category) => set({ category }),
  setAccess: (access) => set({ access }),
  setFavouritesOnly: (favouritesOnly) => set({ favouritesOnly }),
  clear: () => set(cleared),
}));

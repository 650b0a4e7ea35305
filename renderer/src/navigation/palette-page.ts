import { create } from 'zustand';

/** The palette's pages: everything, or markets only ("Go to market…"). */
export type PalettePage = 'all' | 'markets';

/** Which page the command palette shows; whether it is open lives in the UI store (`paletteOpen`). */
export const usePalettePage = create<{ page: PalettePage; setPage: (page: PalettePage) => void }>((set) => ({
  page: 'all',
  setPage: (page) => set({ page }),
}));

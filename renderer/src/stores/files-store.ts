import { create } from 'zustand';
import type { FileGrant } from '../../../shared/contract/file-schemas.ts';
import type { RowQuery } from '../../../shared/contract/file-view-schemas.ts';

/** The file viewer's state kept across visits: which file is open and how its table is filtered. */
export interface FilesViewState {
  /** The file shown; null before one is opened. File ids last one session, so they stay out of the URL. */
  file: FileGrant | null;
  query: RowQuery;
  /** The selected row's position among the matches. */
  selected: number | null;
  /** Whether the selected row's raw line is shown. */
  detailOpen: boolean;
  show: (file: FileGrant) => void;
  setQuery: (patch: Partial<RowQuery>) => void;
  select: (position: number | null) => void;
  setDetailOpen: (open: boolean) => void;
}

/** An empty query: every record. */
export const everyRow: RowQuery = { types: null, text: '' };

/** The file viewer's store. */
export const useFilesView = create<FilesViewState>((set) => ({
  file: null,
  query: everyRow,
  selected: null,
  detailOpen: false,
  show: (file) => set({ file, query: everyRow, selected: null, detailOpen: false }),
  setQuery: (patch) => set((state) => ({ query: { ...state.query, ...patch }, selected: null })),
  select: (selected) => set({ selected }),
  setDetailOpen: (detailOpen) => set({ detailOpen }),
}));

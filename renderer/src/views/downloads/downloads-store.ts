import { create } from 'zustand';
import type { CellRef, Selection } from './selection.ts';

/** The Downloads view's state kept across visits: the calendar's selection and cursor, the library's checked files, and a pending delete. */
export interface DownloadsViewState {
  /** Selected hours of the calendar (`YYYY-MM-DD/H`). */
  selection: Selection;
  /** The keyboard cursor: a day row and an hour column. */
  cursor: CellRef;
  /** Where a shift-click or a drag range starts. */
  anchor: CellRef | null;
  /** Library files checked for Open, Replay, Export or Delete, by key. */
  checked: ReadonlySet<string>;
  /** Library files awaiting the user's confirmation to delete; null when no dialog is open. */
  pendingDelete: readonly string[] | null;
  setSelection: (selection: Selection) => void;
  setCursor: (cursor: CellRef) => void;
  setAnchor: (anchor: CellRef | null) => void;
  setChecked: (checked: ReadonlySet<string>) => void;
  askDelete: (keys: readonly string[] | null) => void;
}

/** The Downloads view's store. Selections name hours of the dataset shown; a new dataset or range prunes them. */
export const useDownloadsView = create<DownloadsViewState>((set) => ({
  selection: new Set(),
  cursor: { day: 0, hour: 0 },
  anchor: null,
  checked: new Set(),
  pendingDelete: null,
  setSelection: (selection) => set({ selection }),
  setCursor: (cursor) => set({ cursor }),
  setAnchor: (anchor) => set({ anchor }),
  setChecked: (checked) => set({ checked }),
  askDelete: (pendingDelete) => set({ pendingDelete }),
}));

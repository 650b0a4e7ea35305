import { create } from 'zustand';
import type { FileGrant } from '../../../../shared/contract/file-schemas.ts';

/** Granted snapshot files the Research view studies instead of a market range. */
export interface ResearchFilesState {
  /** The files, in order; null when the view studies a market range. */
  files: readonly FileGrant[] | null;
  /** Adds a file (the view studies the files from then on). */
  add: (file: FileGrant) => void;
  /** Back to the market range. */
  clear: () => void;
}

/** Which granted files the Research view reads. File ids last one session, so they stay out of the URL. */
export const useResearchFiles = create<ResearchFilesState>((set) => ({
  files: null,
  add: (file) => set((state) => ({ files: [...(state.files ?? []).filter((held) => held.fileId !== file.fileId), file] })),
  clear: () => set({ files: null }),
}));

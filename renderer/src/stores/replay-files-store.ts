import { create } from 'zustand';
import type { FileGrant } from '../../../shared/contract/file-schemas.ts';
import { useUiStore } from './ui-store.ts';

/** Granted snapshot files the book replay plays instead of a market range ("Replay this file's books"). */
export interface ReplayFilesState {
  /** The files to replay, in order; null when the replay plays a market range. */
  files: readonly FileGrant[] | null;
  /** Shows the book replay playing these files. */
  playFiles: (files: readonly FileGrant[]) => void;
  /** Back to the market range of the replay's parameters. */
  clearFiles: () => void;
}

/** Which granted files the replay plays. File ids last one session, so they stay out of the URL. */
export const useReplayFiles = create<ReplayFilesState>((set) => ({
  files: null,
  playFiles: (files) => {
    set({ files: [...files] });
    useUiStore.getState().showView('replay');
  },
  clearFiles: () => set({ files: null }),
}));

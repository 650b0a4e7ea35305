import type { FileGrant } from '../../../shared/contract/file-schemas.ts';
import { useUiStore } from './ui-store.ts';

/** Plays granted files in the book replay instead of a market range ("Replay this file's books"). */
export interface ReplayFilesActions {
  /** Shows the book replay playing these files; the address names them (`file=<grant id>:<name>`), so a reload or Back reopens them. */
  playFiles: (files: readonly FileGrant[]) => void;
  /** Back to the market range of the replay's parameters. */
  clearFiles: () => void;
}

/** The book replay's file actions. The files played live in the replay's view parameters (and so in the address), not here. */
export const useReplayFiles = {
  getState: (): ReplayFilesActions => replayFilesActions,
};

const replayFilesActions: ReplayFilesActions = {
  playFiles: (files) => {
    const ui = useUiStore.getState();
    ui.setParams('replay', { files: files.map((file) => ({ fileId: file.fileId, name: file.name })), at: undefined });
    ui.showView('replay');
  },
  clearFiles: () => useUiStore.getState().setParams('replay', { files: undefined, at: undefined }),
};

import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';

/** The native open dialog for snapshot files: several at once; `zst` matches `.jsonl.zst` and `.zst`. */
export const snapshotOpenDialog: OpenDialogOptions = {
  title: 'Open snapshot files',
  properties: ['openFile', 'multiSelections'],
  filters: [{ name: 'Snapshot files (.jsonl.zst)', extensions: ['zst'] }],
};

/** Shows the open dialog over `window` (modal to it when there is one); the chosen paths, none when cancelled. */
export async function pickSnapshotFiles(window: BrowserWindow | null): Promise<string[]> {
  const result = window === null ? await dialog.showOpenDialog(snapshotOpenDialog) : await dialog.showOpenDialog(window, snapshotOpenDialog);
  return result.canceled ? [] : result.filePaths;
}

import { useEffect, useState } from 'react';
import type { FileGrant } from '../../../../shared/contract/file-schemas.ts';
import type { FileViewProgress } from '../../../../shared/contract/file-view-schemas.ts';
import { asContractError, ContractError } from '../../../../shared/contract/errors.ts';
import { useApi } from '../../transport/connection-context.ts';

/** An opened file view: its id once main answered, its latest progress, or why it could not open. */
export interface OpenedFileView {
  viewId: string | null;
  progress: FileViewProgress | null;
  error: ContractError | null;
  /** When the error happened, Unix ms. */
  failedAt: number;
}

const notOpen: OpenedFileView = { viewId: null, progress: null, error: null, failedAt: 0 };

/**
 * Opens a granted file in main's viewer for as long as the component shows it, follows its
 * `files.viewProgress` events, and closes it (freeing main's memory) when the file changes or the
 * view goes away. `attempt` reopens after a failure.
 */
export function useFileView(file: FileGrant | null, attempt: number): OpenedFileView {
  const api = useApi();
  const key = file === null ? '' : `${file.fileId}\n${attempt}`;
  // The state of another file or attempt is not shown: each opening starts from nothing.
  const [state, setState] = useState<OpenedFileView & { key: string }>({ ...notOpen, key });
  useEffect(() => {
    if (file === null) return;
    let viewId: string | null = null;
    let gone = false;
    const early: FileViewProgress[] = [];
    const stop = api.events.on('files.viewProgress', (progress) => {
      if (viewId === null) early.push(progress);
      else if (progress.viewId === viewId) setState((now) => ({ ...now, progress }));
    });
    // The benchmark measures from here to `mde:file-first-rows` (the table's first rows painted).
    performance.clearMarks('mde:file-first-rows');
    performance.mark('mde:file-open');
    api.files
      .openView({ fileId: file.fileId })
      .then((opened) => {
        if (gone) {
          void api.files.closeView({ viewId: opened.viewId });
          return;
        }
        viewId = opened.viewId;
        const latest = early.filter((progress) => progress.viewId === opened.viewId).at(-1) ?? null;
        setState({ key, viewId: opened.viewId, progress: latest, error: null, failedAt: 0 });
      })
      .catch((error: unknown) => {
        if (gone) return;
        const shown = asContractError(error, null, 'Open the file again.');
        setState({ key, viewId: null, progress: null, error: shown, failedAt: Date.now() });
      });
    return () => {
      gone = true;
      stop();
      if (viewId !== null) void api.files.closeView({ viewId }).catch(() => undefined);
    };
  }, [api, file, key]);
  return state.key === key ? state : notOpen;
}

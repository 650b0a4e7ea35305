import { useState } from 'react';
import { asContractError, ContractError } from '../../../shared/contract/errors.ts';
import type { FileGrant } from '../../../shared/contract/file-schemas.ts';
import { useConnection } from '../transport/connection-context.ts';
import { uploadFile } from '../transport/upload-file.ts';

/** A file being sent to browser mode: its name, size and bytes sent. */
export interface Sending {
  name: string;
  bytes: number;
  sent: number;
}

/** How the viewer takes a file in, whichever host runs it. */
export interface FileOpening {
  /** Set while a chosen file streams to browser mode. */
  sending: Sending | null;
  /** Why the last attempt failed, with its fixing advice. */
  error: ContractError | null;
  /** When it failed, Unix ms. */
  failedAt: number;
  /** The desktop app's native dialog; null in browser mode (the page's file input is used). */
  pick: (() => void) | null;
  /** Files chosen in the page's input, or dropped on the view. */
  take: (files: readonly File[]) => void;
  clearError: () => void;
}

/**
 * Opening a file: in the desktop app, the native dialog or a drop whose path the preload reads;
 * in browser mode, the file's bytes stream to the server (there are no paths). Either way the
 * result is a grant, handed to `onGranted`. Only the first file of several is opened.
 */
export function useOpenFile(onGranted: (file: FileGrant) => void): FileOpening {
  const connection = useConnection();
  const [sending, setSending] = useState<Sending | null>(null);
  const [failure, setFailure] = useState<{ error: ContractError; at: number } | null>(null);
  const setError = (error: ContractError | null): void => setFailure(error === null ? null : { error, at: Date.now() });
  const desktop = connection.transport === 'ipc';
  const granted = (files: readonly FileGrant[]): void => {
    const first = files[0];
    if (first !== undefined) onGranted(first);
  };
  const fail = (cause: unknown): void => setError(asContractError(cause, null, 'Try again.'));

  const take = (files: readonly File[]): void => {
    const file = files[0];
    if (file === undefined) return;
    setError(null);
    if (desktop) {
      connection.api.files.grantDropped([file]).then((answer) => granted(answer.files), fail);
      return;
    }
    setSending({ name: file.name, bytes: file.size, sent: 0 });
    uploadFile(file, (sent) => setSending({ name: file.name, bytes: file.size, sent }))
      .then((grant) => granted([grant]), fail)
      .finally(() => setSending(null));
  };
  const pick = desktop
    ? () => {
        setError(null);
        connection.api.files.pick().then((answer) => granted(answer.files), fail);
      }
    : null;
  return { sending, error: failure?.error ?? null, failedAt: failure?.at ?? 0, pick, take, clearError: () => setError(null) };
}

import { randomUUID } from 'node:crypto';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { FileViewProgress } from '../../../shared/contract/file-view-schemas.ts';
import type { EventHub } from '../contract/event-hub.ts';
import type { ContractHandlers } from '../contract/handlers.ts';
import type { GrantedFiles } from '../files/file-grants.ts';
import type { WorkerEntry } from '../../base/workers/worker-entry.ts';
import { FileViewWorker, fileViewWorkerEntry } from './file-view-worker-client.ts';
import { defaultRecordIndexCaps, type RecordIndexCaps } from './record-index.ts';
import { contractError, internalError } from '../contract-errors.ts';

/** The contract channels this module implements. */
export type FileViewHandlers = Pick<ContractHandlers, 'files.openView' | 'files.rows' | 'files.locate' | 'files.rowDetail' | 'files.closeView' | 'files.warmViewer'>;

/** Options of the file viewer's channels. */
export interface FileViewHandlerOptions {
  caps?: RecordIndexCaps;
  /** Views open at once; opening one more closes the oldest (each holds its file's text). */
  maxOpenViews?: number;
  /** Compressed bytes per read (default 256 KiB). */
  chunkSize?: number;
  entry?: WorkerEntry;
}

/** The file viewer in main: its channels, a way to start a worker ahead of need, and shutdown. */
export interface FileViews {
  handlers: FileViewHandlers;
  /** Starts a spare worker (if there is none) so the next `files.openView` skips its start-up; call it when a file is granted. */
  warm(): void;
  /** Closes every view and the spare. */
  close(): Promise<void>;
}

function unknownView(viewId: string): ContractError {
  return contractError('not-found', null, `No file view is open with the id ${JSON.stringify(viewId)}`, 'Open the file again: a view closes when another file is opened or the app restarts.');
}

function workerFailed(error: unknown): ContractError {
  return internalError(null, error, 'Open the file again.');
}

/**
 * The snapshot file viewer's channels. `files.openView` gives a worker (the spare, when one was
 * warmed) a granted file to decode into a compact index of its records, and answers at once;
 * `files.viewProgress` events carry the summary as it grows. `files.rows`, `files.locate` and
 * `files.rowDetail` answer from the index while the decode runs; `files.closeView` frees it.
 */
export function createFileViews(events: EventHub, grants: GrantedFiles, options: FileViewHandlerOptions = {}): FileViews {
  const caps = options.caps ?? defaultRecordIndexCaps;
  const maxOpen = options.maxOpenViews ?? 2;
  const entry = options.entry ?? fileViewWorkerEntry();
  const open = new Map<string, { worker: FileViewWorker; fileId: string }>();
  let spare: FileViewWorker | null = null;
  const viewOf = (viewId: string): FileViewWorker => {
    const view = open.get(viewId);
    if (view === undefined) throw unknownView(viewId);
    return view.worker;
  };
  const close = async (viewId: string): Promise<boolean> => {
    const view = open.get(viewId);
    if (view === undefined) return false;
    open.delete(viewId);
    await view.worker.close();
    return true;
  };
  const asking = async <T>(viewId: string, question: (worker: FileViewWorker) => Promise<T>): Promise<T> => {
    const worker = viewOf(viewId);
    try {
      return await question(worker);
    } catch (error) {
      throw workerFailed(error);
    }
  };

  const handlers: FileViewHandlers = {
    'files.openView': async ({ fileId }) => {
      const [file] = grants.resolve([fileId]);
      if (file === undefined) throw unknownView(fileId);
      const viewId = randomUUID();
      const cap = { maxRows: caps.maxRows, maxTextBytes: caps.maxTextBytes };
      const worker = spare ?? new FileViewWorker(entry);
      spare = null;
      worker.open(file.path, {
        caps,
        ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
        onProgress: (progress) => {
          // Once a decode ends, a spare starts for the next file, in the idle time.
          if (progress.state !== 'reading' && open.has(viewId)) spare ??= new FileViewWorker(entry);
          const { capReached, ...rest } = progress;
          const payload: FileViewProgress = { viewId, ...rest, cap: { ...cap, reached: capReached } };
          events.emit('files.viewProgress', payload);
        },
        onFailure: (message) => {
          if (!open.has(viewId)) return;
          const error = { kind: 'io' as const, message: `${file.name}: ${message}`, resolution: 'Open the file again.', file: file.name, line: null, byteOffset: null, recordsDecoded: 0 };
          events.emit('files.viewProgress', {
            viewId,
            state: 'stopped',
            bytesRead: 0,
            totalBytes: file.bytes,
            rows: 0,
            cap: { ...cap, reached: false },
            summary: { file: file.name, format: null, header: null, records: 0, countsByType: {}, firstCollectorTimestamp: null, lastCollectorTimestamp: null, backwardSteps: 0, lines: 0, skippedLines: 0, skippedSamples: [], compressedBytes: 0, decompressedBytes: 0 },
            error,
          });
        },
      });
      open.set(viewId, { worker, fileId });
      // The oldest views go first: each holds its file's text in memory.
      for (const oldest of [...open.keys()].slice(0, Math.max(0, open.size - maxOpen))) await close(oldest);
      return { viewId, file: { fileId: file.fileId, name: file.name, bytes: file.bytes } };
    },
    'files.rows': ({ viewId, query, start, count }) => asking(viewId, (worker) => worker.ask({ kind: 'rows', query, start, count })),
    'files.locate': ({ viewId, query, at }) => asking(viewId, (worker) => worker.ask({ kind: 'locate', query, at })),
    'files.rowDetail': ({ viewId, index }) => asking(viewId, (worker) => worker.ask({ kind: 'detail', index })),
    'files.closeView': async ({ viewId }) => ({ closed: await close(viewId) }),
    'files.warmViewer': () => {
      const warmed = spare === null;
      spare ??= new FileViewWorker(entry);
      return Promise.resolve({ warmed });
    },
  };
  return {
    handlers,
    warm: () => {
      spare ??= new FileViewWorker(entry);
    },
    close: async () => {
      const idle = spare;
      spare = null;
      await Promise.all([...[...open.keys()].map(close), idle?.close()]);
    },
  };
}

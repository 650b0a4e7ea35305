import { randomUUID } from 'node:crypto';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { FileViewProgress } from '../../../shared/contract/file-view-schemas.ts';
import type { EventHub } from '../../contract-host/event-hub.ts';
import type { ContractHandlers } from '../../contract-host/handlers.ts';
import type { GrantedFiles } from '../files/file-grants.ts';
import { FileViewWorker, type FileViewWorkerOptions } from './file-view-worker-client.ts';
import { defaultRecordIndexCaps, type RecordIndexCaps } from './record-index.ts';

/** The contract channels this module implements. */
export type FileViewHandlers = Pick<ContractHandlers, 'files.openView' | 'files.rows' | 'files.locate' | 'files.rowDetail' | 'files.closeView'>;

/** Options of the file viewer's channels. */
export interface FileViewHandlerOptions {
  caps?: RecordIndexCaps;
  /** Views open at once; opening one more closes the oldest (each holds its file's text). */
  maxOpenViews?: number;
  worker?: Pick<FileViewWorkerOptions, 'chunkSize' | 'entry'>;
  /** Told when a view closes, with the id of the file it showed (uploads are deleted then). */
  onViewClosed?: (fileId: string) => void;
}

function unknownView(viewId: string): ContractError {
  return new ContractError({
    kind: 'not-found',
    message: `No file view is open with the id ${JSON.stringify(viewId)}`,
    resolution: 'Open the file again: a view closes when another file is opened or the app restarts.',
    channel: null,
  });
}

function workerFailed(error: unknown): ContractError {
  return new ContractError({
    kind: 'internal',
    message: error instanceof Error ? error.message : String(error),
    resolution: 'Open the file again.',
    channel: null,
  });
}

/**
 * The snapshot file viewer's channels. `files.openView` starts a worker that decodes a granted
 * file and keeps a compact index of its records, and answers at once; `files.viewProgress` events
 * carry the summary as it grows. `files.rows`, `files.locate` and `files.rowDetail` answer from
 * the index while the decode runs; `files.closeView` frees it.
 */
export function fileViewHandlers(events: EventHub, grants: GrantedFiles, options: FileViewHandlerOptions = {}): FileViewHandlers {
  const caps = options.caps ?? defaultRecordIndexCaps;
  const maxOpen = options.maxOpenViews ?? 2;
  const open = new Map<string, { worker: FileViewWorker; fileId: string }>();
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
    options.onViewClosed?.(view.fileId);
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

  return {
    'files.openView': async ({ fileId }) => {
      const [file] = grants.resolve([fileId]);
      if (file === undefined) throw unknownView(fileId);
      const viewId = randomUUID();
      const cap = { maxRows: caps.maxRows, maxTextBytes: caps.maxTextBytes };
      const worker = new FileViewWorker(file.path, {
        caps,
        ...options.worker,
        onProgress: (progress) => {
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
  };
}

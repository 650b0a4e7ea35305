import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import type { FileViewAnswers, FileViewCommand, FileViewEvent, FileViewQuestion, FileViewRequest, FileViewWorkerProgress } from './file-view-protocol.ts';
import { defaultRecordIndexCaps, type RecordIndexCaps } from './record-index.ts';

/** Finds the file view worker: `file-view-worker.js` in a build, `file-view-worker.ts` from source. */
export function fileViewWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './file-view-worker.ts', builtFile: 'file-view-worker.js' });
}

/** Options of one opened file view. */
export interface FileViewWorkerOptions {
  caps?: RecordIndexCaps;
  /** Compressed bytes per read (default 256 KiB). */
  chunkSize?: number;
  onProgress: (progress: FileViewWorkerProgress) => void;
  /** Called once if the worker itself fails (not for a damaged file, which is a `stopped` progress). */
  onFailure: (message: string) => void;
}

/**
 * One file in the viewer: a worker that decodes it, keeps its index and answers questions. The
 * worker starts at construction and waits, unreferenced, until `open` names the file, so a spare
 * can be started ahead of time (its start-up is most of the time to the first rows).
 */
export class FileViewWorker {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private closed = false;
  private options: FileViewWorkerOptions | null = null;

  constructor(entry: WorkerEntry = fileViewWorkerEntry()) {
    this.worker = entry.kind === 'file' ? new Worker(entry.url, { execArgv: entry.execArgv }) : new Worker(entry.code, { eval: true, execArgv: entry.execArgv });
    // A spare must not keep the process alive.
    this.worker.unref();
    this.worker.on('message', (event: FileViewEvent) => {
      if (event.kind === 'progress') {
        this.options?.onProgress(event.progress);
        return;
      }
      const waiter = this.waiting.get(event.id);
      this.waiting.delete(event.id);
      if (event.kind === 'reply') waiter?.resolve(event.value);
      else waiter?.reject(new Error(event.message));
    });
    const fail = (message: string): void => {
      if (this.closed) return;
      this.closed = true;
      for (const waiter of this.waiting.values()) waiter.reject(new Error(message));
      this.waiting.clear();
      this.options?.onFailure(message);
    };
    this.worker.on('error', (error) => fail(`the file viewer's worker failed (${error.message})`));
    this.worker.on('exit', () => fail("the file viewer's worker stopped"));
  }

  /** Opens a file in this worker: its decode starts. */
  open(path: string, options: FileViewWorkerOptions): void {
    this.options = options;
    this.worker.ref();
    const request: FileViewRequest = { path, caps: options.caps ?? defaultRecordIndexCaps, chunkSize: options.chunkSize ?? 256 * 1024 };
    const command: FileViewCommand = { kind: 'open', request };
    this.worker.postMessage(command);
  }

  /** Asks the worker one question. */
  ask<K extends FileViewQuestion['kind']>(question: Extract<FileViewQuestion, { kind: K }>): Promise<FileViewAnswers[K]> {
    if (this.closed) return Promise.reject(new Error('the file view is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // The worker answers each id with the value of the question's kind.
      this.waiting.set(id, { resolve: (value) => resolve(value as FileViewAnswers[K]), reject });
      const command: FileViewCommand = { ...question, id };
      this.worker.postMessage(command);
    });
  }

  /** Stops the decode and frees the worker's memory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const waiter of this.waiting.values()) waiter.reject(new Error('the file view was closed'));
    this.waiting.clear();
    await this.worker.terminate();
  }
}

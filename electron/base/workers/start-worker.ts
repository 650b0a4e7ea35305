import { Worker } from 'node:worker_threads';
import type { WorkerEntry } from './worker-entry.ts';

/**
 * Starts a worker thread from where `workerEntry` found it: the built file, or the tsx bootstrap
 * evaluated from source. `data` becomes its `workerData`. The one `new Worker` in electron/ (lint).
 */
export function startWorker(entry: WorkerEntry, data?: unknown): Worker {
  const options = { execArgv: entry.execArgv, ...(data === undefined ? {} : { workerData: data }) };
  return entry.kind === 'file' ? new Worker(entry.url, options) : new Worker(entry.code, { ...options, eval: true });
}

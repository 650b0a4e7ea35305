import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';

/** File name of the book worker in a build, beside the main bundle. */
export const builtBookWorkerFile = 'book-replay-worker.js';

/** Finds the book replay worker: `book-replay-worker.js` in a build, `book-worker.ts` from source. */
export function bookWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './book-worker.ts', builtFile: builtBookWorkerFile });
}

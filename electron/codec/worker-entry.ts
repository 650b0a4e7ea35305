import { workerEntry, type WorkerEntry } from '../base/workers/worker-entry.ts';

export type { WorkerEntry } from '../base/workers/worker-entry.ts';

/** Finds the snapshot decode worker: `snapshot-decode-worker.js` in a build, `decode-worker.ts` from source. */
export function snapshotWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './decode-worker.ts', builtFile: 'snapshot-decode-worker.js' });
}

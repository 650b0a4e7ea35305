import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import { ExportError } from './export-error.ts';
import type { ExportRequest, ExportResult } from './export-run.ts';
import type { ExportJobEvent, ExportJobRequest } from './export-worker-protocol.ts';

/** Finds the export worker: `export-worker.js` in a build, `export-worker.ts` from source. */
export function exportWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './export-worker.ts', builtFile: 'export-worker.js' });
}

/** Runs `runExport` in a worker thread, with the same result, errors, progress and cancel. */
export function runExportInWorker(request: ExportRequest, entry: WorkerEntry = exportWorkerEntry()): Promise<ExportResult> {
  const job: ExportJobRequest = {
    files: request.files,
    window: request.window ?? null,
    types: request.types,
    format: request.format,
    out: request.out,
    force: request.force ?? false,
    ...(request.rowGroupRows === undefined ? {} : { rowGroupRows: request.rowGroupRows }),
  };
  const worker =
    entry.kind === 'file'
      ? new Worker(entry.url, { workerData: job, execArgv: entry.execArgv })
      : new Worker(entry.code, { eval: true, workerData: job, execArgv: entry.execArgv });
  const cancel = (): void => worker.postMessage({ kind: 'cancel' });
  if (request.signal?.aborted === true) cancel();
  request.signal?.addEventListener('abort', cancel, { once: true });
  return new Promise<ExportResult>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      request.signal?.removeEventListener('abort', cancel);
      outcome();
      void worker.terminate();
    };
    worker.on('message', (event: ExportJobEvent) => {
      if (event.kind === 'progress') request.onProgress?.(event.progress);
      else if (event.kind === 'done') finish(() => resolve(event.result));
      else finish(() => reject(new ExportError(event.error.kind, event.error.message, event.error.resolution)));
    });
    worker.on('error', (error) => finish(() => reject(new ExportError('io', `the export worker failed (${error.message})`, 'Try the export again.'))));
    worker.on('exit', () => finish(() => reject(new ExportError('io', 'the export worker stopped before the export ended', 'Try the export again.'))));
  });
}

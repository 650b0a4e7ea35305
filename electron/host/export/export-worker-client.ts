import { startWorker } from '../../base/workers/start-worker.ts';
import { WorkerCallError, WorkerChannel, WorkerStoppedError } from '../../base/workers/worker-channel.ts';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import { ExportError, isExportErrorKind } from './export-error.ts';
import type { ExportRequest, ExportResult } from './export-run.ts';
import type { ExportJobRequest, ExportWorkerProtocol } from './export-worker-protocol.ts';

/** Finds the export worker: `export-worker.js` in a build, `export-worker.ts` from source. */
export function exportWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './export-worker.ts', builtFile: 'export-worker.js' });
}

/** Runs `runExport` in a worker thread, with the same result, errors, progress and cancel. */
export async function runExportInWorker(request: ExportRequest, entry: WorkerEntry = exportWorkerEntry()): Promise<ExportResult> {
  const job: ExportJobRequest = {
    files: request.files,
    window: request.window ?? null,
    types: request.types,
    format: request.format,
    out: request.out,
    force: request.force ?? false,
    ...(request.rowGroupRows === undefined ? {} : { rowGroupRows: request.rowGroupRows }),
  };
  const worker = new WorkerChannel<ExportWorkerProtocol>(startWorker(entry), { name: 'the export worker', events: { progress: (progress) => request.onProgress?.(progress) } });
  const result = worker.call('export', job);
  const cancel = (): void => worker.tell('cancel');
  if (request.signal?.aborted === true) cancel();
  request.signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await result;
  } catch (error) {
    throw exportErrorOf(error);
  } finally {
    request.signal?.removeEventListener('abort', cancel);
    void worker.terminate();
  }
}

/** An export's failure in the worker as its `ExportError`; the worker's own failure as an `io` one. */
function exportErrorOf(error: unknown): ExportError {
  if (error instanceof WorkerCallError) return new ExportError(isExportErrorKind(error.kind) ? error.kind : 'io', error.message, error.resolution ?? 'Try the export again.');
  const exited = error instanceof WorkerStoppedError && error.end.kind === 'exited';
  return new ExportError('io', exited ? 'the export worker stopped before the export ended' : error instanceof Error ? error.message : String(error), 'Try the export again.');
}

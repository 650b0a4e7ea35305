import { parentPort, workerData } from 'node:worker_threads';
import { ExportError } from './export-error.ts';
import { runExport } from './export-run.ts';
import type { ExportJobEvent, ExportJobRequest } from './export-worker-protocol.ts';

// Worker-thread entry: runs one export off the main event loop, posting progress and how it
// ended. A `cancel` message aborts it; the part file is removed before `failed` is posted.
const port = parentPort;
if (port === null) throw new Error('export-worker.ts must run in a worker thread');
const abort = new AbortController();
// `cancel` is the one command (ExportJobCommand).
port.on('message', () => abort.abort());
const post = (event: ExportJobEvent): void => port.postMessage(event);

try {
  const result = await runExport({ ...(workerData as ExportJobRequest), signal: abort.signal, onProgress: (progress) => post({ kind: 'progress', progress }) });
  post({ kind: 'done', result });
} catch (error) {
  const failure = error instanceof ExportError ? error : new ExportError('io', error instanceof Error ? error.message : String(error), 'Try the export again.');
  post({ kind: 'failed', error: { kind: failure.kind, message: failure.message, resolution: failure.resolution } });
}
port.close();

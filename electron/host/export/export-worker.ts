import { serveWorker } from '../../base/workers/serve-worker.ts';
import { ExportError } from './export-error.ts';
import { runExport } from './export-run.ts';
import type { ExportWorkerProtocol } from './export-worker-protocol.ts';

// Worker-thread entry: runs one export off the main event loop, posting progress and how it
// ended. A `cancel` note aborts it; the part file is removed before the export fails.
const abort = new AbortController();
const outbox = serveWorker<ExportWorkerProtocol>({
  calls: {
    export: async (job) => {
      try {
        return await runExport({ ...job, signal: abort.signal, onProgress: (progress) => outbox.post('progress', progress) });
      } catch (error) {
        throw error instanceof ExportError ? error : new ExportError('io', error instanceof Error ? error.message : String(error), 'Try the export again.');
      }
    },
  },
  notes: { cancel: () => abort.abort() },
});

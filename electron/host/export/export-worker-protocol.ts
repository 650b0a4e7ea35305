import type { WorkerCall } from '../../base/workers/worker-protocol.ts';
import type { ExportProgress, ExportRequest, ExportResult } from './export-run.ts';

/** What the worker is asked to export: the request without its callbacks. */
export type ExportJobRequest = Omit<ExportRequest, 'signal' | 'onProgress'>;

/** The export worker's messages: one export (failing with its `ExportError`), its cancel, and its progress. */
export interface ExportWorkerProtocol {
  calls: { export: WorkerCall<ExportJobRequest, ExportResult> };
  notes: { cancel: undefined };
  events: { progress: ExportProgress };
}

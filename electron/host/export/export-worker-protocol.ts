import type { ExportErrorKind } from './export-error.ts';
import type { ExportProgress, ExportRequest, ExportResult } from './export-run.ts';

/** What the worker is asked to export (its `workerData`): the request without its callbacks. */
export type ExportJobRequest = Omit<ExportRequest, 'signal' | 'onProgress'>;

/** Messages the app sends the worker. */
export type ExportJobCommand = { kind: 'cancel' };

/** Messages the worker sends the app. */
export type ExportJobEvent =
  | { kind: 'progress'; progress: ExportProgress }
  | { kind: 'done'; result: ExportResult }
  | { kind: 'failed'; error: { kind: ExportErrorKind; message: string; resolution: string } };

import type { FileLocated, FileRowDetail, FileRows, RowQuery } from '../../../shared/contract/file-view-schemas.ts';
import type { SnapshotErrorShape } from '../../../shared/snapshot/decode-errors.ts';
import type { SnapshotSummary } from '../../../shared/snapshot/decode-summary.ts';
import type { RecordIndexCaps } from './record-index.ts';

/** What the file view worker is asked to open (its first message: a worker may start before the file is known). */
export interface FileViewRequest {
  path: string;
  caps: RecordIndexCaps;
  /** Compressed bytes per read: small reads keep the worker quick to answer row requests. */
  chunkSize: number;
}

/** A question to the worker, answered by a `reply` with the same id. */
export type FileViewQuestion =
  | { kind: 'rows'; query: RowQuery; start: number; count: number }
  | { kind: 'locate'; query: RowQuery; at: number }
  | { kind: 'detail'; index: number };

/** Messages the app sends the worker. */
export type FileViewCommand = ({ id: number } & FileViewQuestion) | { kind: 'cancel' } | { kind: 'open'; request: FileViewRequest };

/** The answer to each kind of question. */
export interface FileViewAnswers {
  rows: FileRows;
  locate: FileLocated;
  detail: FileRowDetail;
}

/** How far the worker's decode has come. */
export interface FileViewWorkerProgress {
  state: 'reading' | 'done' | 'stopped' | 'cancelled';
  bytesRead: number;
  totalBytes: number;
  rows: number;
  capReached: boolean;
  summary: SnapshotSummary;
  error: SnapshotErrorShape | null;
}

/** Messages the worker sends the app. */
export type FileViewEvent =
  | { kind: 'progress'; progress: FileViewWorkerProgress }
  | { kind: 'reply'; id: number; value: FileRows | FileLocated | FileRowDetail }
  | { kind: 'failed'; id: number; message: string };

import type { FileLocated, FileRowDetail, FileRows, RowQuery } from '../../../shared/contract/file-view-schemas.ts';
import type { SnapshotErrorShape } from '../../../shared/snapshot/decode-errors.ts';
import type { SnapshotSummary } from '../../../shared/snapshot/decode-summary.ts';
import type { WorkerCall } from '../../base/workers/worker-protocol.ts';
import type { RecordIndexCaps } from './record-index.ts';

/** What the file view worker is asked to open (its first note: a worker may start before the file is known). */
export interface FileViewRequest {
  path: string;
  caps: RecordIndexCaps;
  /** Compressed bytes per read: small reads keep the worker quick to answer row requests. */
  chunkSize: number;
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

/** The file view worker's messages: its questions (a window of rows, a time lookup, a raw line), the file to open and cancel, and the decode's progress. */
export interface FileViewWorkerProtocol {
  calls: {
    rows: WorkerCall<{ kind: 'rows'; query: RowQuery; start: number; count: number }, FileRows>;
    locate: WorkerCall<{ kind: 'locate'; query: RowQuery; at: number }, FileLocated>;
    detail: WorkerCall<{ kind: 'detail'; index: number }, FileRowDetail>;
  };
  notes: { open: FileViewRequest; cancel: undefined };
  events: { progress: FileViewWorkerProgress };
}

type Questions = FileViewWorkerProtocol['calls'];

/** A question to the worker. */
export type FileViewQuestion = Questions[keyof Questions]['input'];

/** The answer to each kind of question. */
export type FileViewAnswers = { [K in keyof Questions]: Questions[K]['output'] };

import type { DecodeProgress } from '../../shared/snapshot/decode-summary.ts';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import type { SnapshotDecodeResult } from './snapshot-reader.ts';

/** What the worker is asked to decode (its `workerData`). */
export interface DecodeJobRequest {
  path: string;
  lenient: boolean;
  /** Post the records back (false: only progress and the summary, as `inspect` needs). */
  deliverRecords: boolean;
  /** Batches in flight before the worker waits for the app to acknowledge one. */
  maxBatchesInFlight: number;
}

/** Messages the app sends the worker. */
export type DecodeJobCommand = { kind: 'cancel' } | { kind: 'ack' };

/** Messages the worker sends the app. */
export type DecodeJobEvent =
  | { kind: 'records'; records: SnapshotRecord[] }
  | { kind: 'progress'; progress: DecodeProgress }
  | { kind: 'done'; result: SnapshotDecodeResult };

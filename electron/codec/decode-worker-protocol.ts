import type { WorkerCall } from '../base/workers/worker-protocol.ts';
import type { DecodeProgress } from '../../shared/snapshot/decode-summary.ts';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import type { SnapshotDecodeResult } from './snapshot-reader.ts';

/** What the worker is asked to decode. */
export interface DecodeJobRequest {
  path: string;
  lenient: boolean;
  /** Post the records back (false: only progress and the summary, as `inspect` needs). */
  deliverRecords: boolean;
  /** Batches in flight before the worker waits for the app to acknowledge one. */
  maxBatchesInFlight: number;
}

/** The decode worker's messages: one decode, each record batch acknowledged, cancel; batches and progress back. */
export interface DecodeWorkerProtocol {
  calls: { decode: WorkerCall<DecodeJobRequest, SnapshotDecodeResult> };
  notes: { ack: undefined; cancel: undefined };
  events: { records: SnapshotRecord[]; progress: DecodeProgress };
}

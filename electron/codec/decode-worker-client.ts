import { startWorker } from '../base/workers/start-worker.ts';
import { WorkerCallError, WorkerChannel, WorkerStoppedError } from '../base/workers/worker-channel.ts';
import { snapshotErrorResolution } from '../../shared/snapshot/decode-errors.ts';
import type { DecodeProgress, SnapshotSummary } from '../../shared/snapshot/decode-summary.ts';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import type { DecodeWorkerProtocol } from './decode-worker-protocol.ts';
import type { SnapshotDecodeResult } from './snapshot-reader.ts';
import { snapshotWorkerEntry, type WorkerEntry } from './worker-entry.ts';

/** Options of a background decode. */
export interface DecodeJobOptions {
  lenient?: boolean;
  /** Receives record batches in file order; when absent, only the summary is produced. */
  onRecords?: (records: SnapshotRecord[]) => void | Promise<void>;
  onProgress?: (progress: DecodeProgress) => void;
  /** Batches posted before the worker waits for `onRecords` to finish one (memory bound). */
  maxBatchesInFlight?: number;
  /** Overrides where the worker script is found. */
  entry?: WorkerEntry;
}

/** A decode running in a worker thread. */
export interface DecodeJob {
  /** Resolves with the summary, or the typed error (`cancelled` after `cancel()`). Never rejects for a bad file. */
  result: Promise<SnapshotDecodeResult>;
  /** Asks the worker to stop at its next chunk. */
  cancel(): void;
}

function emptySummary(file: string): SnapshotSummary {
  return {
    file,
    format: null,
    header: null,
    records: 0,
    countsByType: {},
    firstCollectorTimestamp: null,
    lastCollectorTimestamp: null,
    backwardSteps: 0,
    lines: 0,
    skippedLines: 0,
    skippedSamples: [],
    compressedBytes: 0,
    decompressedBytes: 0,
  };
}

/** Decodes a snapshot file in a worker thread, with progress, flow control and cancellation. */
export function decodeSnapshotInWorker(path: string, options: DecodeJobOptions = {}): DecodeJob {
  let records = 0;
  let cancelled = false;
  let chain = Promise.resolve();
  const worker: WorkerChannel<DecodeWorkerProtocol> = new WorkerChannel(startWorker(options.entry ?? snapshotWorkerEntry()), {
    name: 'the decode worker',
    events: {
      progress: (progress) => options.onProgress?.(progress),
      records: (batch) => {
        records += batch.length;
        // Batches are handed over one at a time, in order; the ack lets the worker send another.
        chain = chain.then(async () => {
          if (!cancelled) await options.onRecords?.(batch);
          worker.tell('ack');
        });
      },
    },
  });
  const failed = (kind: 'io' | 'cancelled', message: string): SnapshotDecodeResult => ({
    ok: false,
    error: { kind, message, resolution: snapshotErrorResolution(kind), file: path, line: null, byteOffset: null, recordsDecoded: records },
    summary: { ...emptySummary(path), records },
  });
  const request = { path, lenient: options.lenient ?? false, deliverRecords: options.onRecords !== undefined, maxBatchesInFlight: options.maxBatchesInFlight ?? 4 };
  const result = worker
    .call('decode', request)
    .then(
      // The result comes after the batches still being handed over.
      async (outcome) => {
        await chain;
        return outcome;
      },
      (error: unknown) => {
        if (cancelled && error instanceof WorkerStoppedError && error.end.kind === 'exited') return failed('cancelled', `${path}: decoding was cancelled`);
        const words = error instanceof WorkerCallError ? `the decode worker failed (${error.message})` : error instanceof Error ? error.message : String(error);
        return failed('io', `${path}: ${words}`);
      },
    )
    .finally(() => void worker.terminate());

  return {
    result,
    cancel: () => {
      cancelled = true;
      worker.tell('cancel');
    },
  };
}

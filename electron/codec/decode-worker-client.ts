import { Worker } from 'node:worker_threads';
import { snapshotErrorResolution } from '../../shared/snapshot/decode-errors.ts';
import type { DecodeProgress, SnapshotSummary } from '../../shared/snapshot/decode-summary.ts';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import type { DecodeJobCommand, DecodeJobEvent, DecodeJobRequest } from './decode-worker-protocol.ts';
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
  const entry = options.entry ?? snapshotWorkerEntry();
  const request: DecodeJobRequest = {
    path,
    lenient: options.lenient ?? false,
    deliverRecords: options.onRecords !== undefined,
    maxBatchesInFlight: options.maxBatchesInFlight ?? 4,
  };
  const worker =
    entry.kind === 'file'
      ? new Worker(entry.url, { workerData: request, execArgv: entry.execArgv })
      : new Worker(entry.code, { eval: true, workerData: request, execArgv: entry.execArgv });
  const send = (command: DecodeJobCommand): void => worker.postMessage(command);
  let lastSummary = emptySummary(path);
  let records = 0;
  let cancelled = false;
  let finished = false;
  let chain = Promise.resolve();

  const result = new Promise<SnapshotDecodeResult>((resolve) => {
    const failed = (kind: 'io' | 'cancelled', message: string): void => {
      lastSummary = { ...lastSummary, records };
      resolve({
        ok: false,
        error: { kind, message, resolution: snapshotErrorResolution(kind), file: path, line: null, byteOffset: null, recordsDecoded: records },
        summary: lastSummary,
      });
    };
    worker.on('message', (event: DecodeJobEvent) => {
      if (event.kind === 'progress') options.onProgress?.(event.progress);
      else if (event.kind === 'records') {
        records += event.records.length;
        // Batches are handed over one at a time, in order; the ack lets the worker send another.
        chain = chain.then(async () => {
          if (!cancelled) await options.onRecords?.(event.records);
          send({ kind: 'ack' });
        });
      } else {
        finished = true;
        void chain.then(() => {
          resolve(event.result);
          void worker.terminate();
        });
      }
    });
    worker.on('error', (error) => failed('io', `${path}: the decode worker failed (${error.message})`));
    // The worker exits right after posting its result; that result is still on its way through
    // the batches being handed over, and must not be overtaken by "stopped".
    worker.on('exit', () => {
      if (finished) return;
      if (cancelled) failed('cancelled', `${path}: decoding was cancelled`);
      else failed('io', `${path}: the decode worker stopped`);
    });
  });

  return {
    result,
    cancel: () => {
      cancelled = true;
      send({ kind: 'cancel' });
    },
  };
}

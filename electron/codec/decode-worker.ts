import { serveWorker } from '../base/workers/serve-worker.ts';
import type { DecodeJobRequest, DecodeWorkerProtocol } from './decode-worker-protocol.ts';
import { decodeSnapshot, type SnapshotDecodeResult } from './snapshot-reader.ts';

// Worker-thread entry: decodes one snapshot file off the main event loop, posting record batches
// (with flow control), progress, and the final result. A `cancel` note stops it at the next chunk.
const abort = new AbortController();
let inFlight = 0;
let wake: (() => void) | null = null;

const outbox = serveWorker<DecodeWorkerProtocol>({
  calls: { decode },
  notes: {
    ack: () => {
      inFlight = Math.max(0, inFlight - 1);
      wake?.();
    },
    cancel: () => {
      abort.abort();
      wake?.();
    },
  },
});

async function roomForBatch(maxBatchesInFlight: number): Promise<void> {
  while (inFlight >= maxBatchesInFlight && !abort.signal.aborted) {
    await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  }
}

function decode(request: DecodeJobRequest): Promise<SnapshotDecodeResult> {
  let lastProgress = 0;
  return decodeSnapshot(
    { path: request.path },
    {
      lenient: request.lenient,
      signal: abort.signal,
      onProgress: (progress) => {
        const now = Date.now();
        if (now - lastProgress < 50 && progress.bytesRead < progress.totalBytes) return;
        lastProgress = now;
        outbox.post('progress', progress);
      },
      ...(request.deliverRecords
        ? {
            onRecords: async (records) => {
              await roomForBatch(request.maxBatchesInFlight);
              inFlight++;
              outbox.post('records', records);
            },
          }
        : {}),
    },
  );
}

import { parentPort, workerData } from 'node:worker_threads';
import type { DecodeJobCommand, DecodeJobEvent, DecodeJobRequest } from './decode-worker-protocol.ts';
import { decodeSnapshot } from './snapshot-reader.ts';

// Worker-thread entry: decodes one snapshot file off the main event loop, posting record batches
// (with flow control), progress, and the final result. A `cancel` message stops it at the next chunk.
const port = parentPort;
if (port === null) throw new Error('decode-worker.ts must run in a worker thread');
const request = workerData as DecodeJobRequest;
const abort = new AbortController();
let inFlight = 0;
let wake: (() => void) | null = null;

port.on('message', (command: DecodeJobCommand) => {
  if (command.kind === 'cancel') abort.abort();
  else inFlight = Math.max(0, inFlight - 1);
  wake?.();
});

const post = (event: DecodeJobEvent): void => port.postMessage(event);

async function roomForBatch(): Promise<void> {
  while (inFlight >= request.maxBatchesInFlight && !abort.signal.aborted) {
    await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  }
}

let lastProgress = 0;
const result = await decodeSnapshot(
  { path: request.path },
  {
    lenient: request.lenient,
    signal: abort.signal,
    onProgress: (progress) => {
      const now = Date.now();
      if (now - lastProgress < 50 && progress.bytesRead < progress.totalBytes) return;
      lastProgress = now;
      post({ kind: 'progress', progress });
    },
    ...(request.deliverRecords
      ? {
          onRecords: async (records) => {
            await roomForBatch();
            inFlight++;
            post({ kind: 'records', records });
          },
        }
      : {}),
  },
);
post({ kind: 'done', result });
port.close();

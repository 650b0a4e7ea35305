import { parentPort, workerData } from 'node:worker_threads';
import { SnapshotVerificationError, streamingVerifier } from './download-verifier.ts';
import type { VerifyCommand, VerifyEvent, VerifyWorkerData } from './verify-worker-protocol.ts';

// Worker-thread entry: verifies a downloading snapshot file off the transfer's event loop. Chunks
// are verified in order; each is acknowledged once taken, so the sender bounds what is in flight.
const port = parentPort;
if (port === null) throw new Error('verify-worker.ts must run in a worker thread');
const { name } = workerData as VerifyWorkerData;
const verifier = streamingVerifier(name);
const post = (event: VerifyEvent): void => port.postMessage(event);
let chain = Promise.resolve();
let failed = false;

const fail = (error: unknown): void => {
  if (failed) return;
  failed = true;
  post({ kind: 'failed', message: error instanceof SnapshotVerificationError || error instanceof Error ? error.message : String(error) });
};

port.on('message', (command: VerifyCommand) => {
  chain = chain.then(async () => {
    if (failed) return;
    try {
      if (command.kind === 'chunk') {
        await verifier.push(command.bytes);
        post({ kind: 'taken', bytes: command.bytes.length });
      } else {
        const { records } = await verifier.finish();
        post({ kind: 'done', records });
      }
    } catch (error) {
      fail(error);
    }
  });
});

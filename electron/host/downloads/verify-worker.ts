import { workerData } from 'node:worker_threads';
import { serveWorker } from '../../base/workers/serve-worker.ts';
import { streamingVerifier } from './download-verifier.ts';
import type { VerifyWorkerData, VerifyWorkerProtocol } from './verify-worker-protocol.ts';

// Worker-thread entry: verifies a downloading snapshot file off the transfer's event loop. Chunks
// are verified in order; each call is answered once its chunk is taken, so the sender bounds what
// is in flight. After the first failure nothing more is verified: every later call fails with it.
const { name } = workerData as VerifyWorkerData;
const verifier = streamingVerifier(name);
let chain: Promise<unknown> = Promise.resolve();
let failure: { error: unknown } | null = null;

/** Runs `step` after every step before it, unless one failed. */
function inOrder<T>(step: () => Promise<T>): Promise<T> {
  const next = chain.then(async () => {
    if (failure !== null) throw failure.error;
    try {
      return await step();
    } catch (error) {
      failure = { error };
      throw error;
    }
  });
  chain = next.catch(() => undefined);
  return next;
}

serveWorker<VerifyWorkerProtocol>({
  calls: {
    chunk: (bytes) => inOrder(() => verifier.push(bytes)),
    end: () => inOrder(() => verifier.finish()),
  },
});

import type { NoMessages, WorkerCall } from '../../base/workers/worker-protocol.ts';

/** The verify worker's messages: the file's bytes in order (each answered once taken), then the end, answered with the verdict. */
export interface VerifyWorkerProtocol {
  calls: { chunk: WorkerCall<Uint8Array, void>; end: WorkerCall<undefined, { records: number }> };
  notes: NoMessages;
  events: NoMessages;
}

/** The worker's start-up data. */
export interface VerifyWorkerData {
  name: string;
}

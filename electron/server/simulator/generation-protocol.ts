import type { NoMessages, WorkerCall } from '../../base/workers/worker-protocol.ts';

/** A request to the demo generation worker: one hour of one dataset, up to `until`. */
export interface GenerateHourRequest {
  seed: number;
  source: string;
  market: string;
  hourStart: number;
  /** Generate up to here (exclusive); null for the whole hour. */
  until: number | null;
}

/** The demo generation worker's messages: one call, answered with the file's bytes (moved) or its error. */
export interface GenerationWorkerProtocol {
  calls: { generate: WorkerCall<GenerateHourRequest, Uint8Array> };
  notes: NoMessages;
  events: NoMessages;
}

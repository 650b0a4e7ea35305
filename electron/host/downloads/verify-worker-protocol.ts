/** What the transfer sends the verify worker: the file's bytes in order, then the end. */
export type VerifyCommand = { kind: 'chunk'; bytes: Uint8Array } | { kind: 'end' };

/** What the verify worker answers: each chunk taken, then the verdict. */
export type VerifyEvent = { kind: 'taken'; bytes: number } | { kind: 'done'; records: number } | { kind: 'failed'; message: string };

/** The worker's start-up data. */
export interface VerifyWorkerData {
  name: string;
}

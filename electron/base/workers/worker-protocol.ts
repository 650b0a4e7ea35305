import type { Transferable } from 'node:worker_threads';

// The messages between a worker thread and its parent, typed by a per-worker protocol map: calls
// answered by sequence number (Signal Desktop's ts/sql/main.ts), one-way notes to the worker, and
// events from it. The wire shapes below are what `WorkerChannel` and `serveWorker` exchange.

/** One call a worker answers: what it is given and what it gives back (void: nothing, once done). */
export interface WorkerCall<Input = unknown, Output = unknown> {
  input: Input;
  output: Output;
}

/** A worker's messages by name: the calls it answers, the notes it takes, the events it posts. */
export interface WorkerProtocol {
  calls: Record<string, WorkerCall>;
  notes: Record<string, unknown>;
  events: Record<string, unknown>;
}

/** No messages of a kind (a worker that posts no events, or takes no notes). */
export type NoMessages = Record<string, never>;

/** The name of a call of `P`. */
export type CallName<P extends WorkerProtocol> = keyof P['calls'] & string;
/** The name of a note of `P`. */
export type NoteName<P extends WorkerProtocol> = keyof P['notes'] & string;
/** The name of an event of `P`. */
export type EventName<P extends WorkerProtocol> = keyof P['events'] & string;

/** What call `K` of `P` is given. */
export type CallInput<P extends WorkerProtocol, K extends CallName<P>> = P['calls'][K]['input'];
/** What call `K` of `P` answers. */
export type CallOutput<P extends WorkerProtocol, K extends CallName<P>> = P['calls'][K]['output'];

/** A message's payload as arguments: optional when it may be undefined (`tell('cancel')`). */
export type PayloadArgs<T> = undefined extends T ? [payload?: T] : [payload: T];

/** A call's failure in the worker as it crosses the thread: the error's message and kind (its `kind`, else its name). */
export interface WorkerFailure {
  message: string;
  kind: string;
  /** What to do about it, when the error said. */
  resolution: string | null;
}

/** A message to the worker. */
export type ToWorker<P extends WorkerProtocol> =
  | { [K in CallName<P>]: { type: 'call'; seq: number; name: K; input: CallInput<P, K> } }[CallName<P>]
  | { [K in NoteName<P>]: { type: 'note'; name: K; note: P['notes'][K] } }[NoteName<P>];

/** Event `K` as the worker posts it. */
export interface EventMessage<P extends WorkerProtocol, K extends EventName<P>> {
  type: 'event';
  name: K;
  payload: P['events'][K];
}

/** A message from the worker. */
export type FromWorker<P extends WorkerProtocol> =
  | { type: 'answer'; seq: number; output: unknown }
  | { type: 'failure'; seq: number; failure: WorkerFailure }
  | { [K in EventName<P>]: EventMessage<P, K> }[EventName<P>];

/** A value sent with buffers that move to the other thread (detached here) instead of being copied. */
export class Moved<T> {
  constructor(
    readonly value: T,
    readonly transfer: readonly Transferable[],
  ) {}
}

/** Answers a call with `value`, moving `transfer` (ArrayBuffers inside it) rather than copying them. */
export function moved<T>(value: T, transfer: readonly Transferable[]): Moved<T> {
  return new Moved(value, transfer);
}

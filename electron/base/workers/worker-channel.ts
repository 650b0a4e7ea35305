import type { Transferable, Worker } from 'node:worker_threads';
import type { CallName, CallOutput, EventName, FromWorker, NoteName, PayloadArgs, ToWorker, WorkerFailure, WorkerProtocol } from './worker-protocol.ts';

/** How a worker's thread ended: terminated by its parent, failed with an uncaught error, or exited on its own. */
export type WorkerEnd = { kind: 'terminated' } | { kind: 'failed'; error: Error } | { kind: 'exited'; code: number };

/** A call the worker failed: the error it threw, with its message and kind. */
export class WorkerCallError extends Error {
  override readonly name = 'WorkerCallError';
  /** The thrown error's `kind` when it had one, else its name. */
  readonly kind: string;
  readonly resolution: string | null;

  constructor(failure: WorkerFailure) {
    super(failure.message);
    this.kind = failure.kind;
    this.resolution = failure.resolution;
  }
}

/** A call that never got its answer: the worker ended first (`end` says how). */
export class WorkerStoppedError extends Error {
  override readonly name = 'WorkerStoppedError';

  constructor(
    readonly end: WorkerEnd,
    worker: string,
  ) {
    super(end.kind === 'terminated' ? `${worker} was terminated` : end.kind === 'failed' ? `${worker} failed (${end.error.message})` : `${worker} stopped`);
  }
}

/** Handlers of a worker's events, by name. */
export type EventHandlers<P extends WorkerProtocol> = { [K in EventName<P>]: (payload: P['events'][K]) => void };

/** A call's arguments: its input (optional when it may be undefined) and the buffers to move with it. */
export type CallArgs<P extends WorkerProtocol, K extends CallName<P>> = undefined extends P['calls'][K]['input']
  ? [input?: P['calls'][K]['input'], transfer?: readonly Transferable[]]
  : [input: P['calls'][K]['input'], transfer?: readonly Transferable[]];

/** What a channel is told about its worker. */
export interface WorkerChannelOptions<P extends WorkerProtocol> {
  /** The worker in words, for its errors ("the decode worker"). */
  name: string;
  events?: EventHandlers<P>;
  /** Called once when the worker ends on its own (an uncaught error, or an exit), as its pending calls fail. */
  onStop?: (error: WorkerStoppedError) => void;
  /** The worker holds the process open only while a call waits (default: always, as any worker does). */
  idleUnref?: boolean;
}

interface PendingCall {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

function emit<P extends WorkerProtocol, K extends EventName<P>>(handlers: EventHandlers<P>, name: K, payload: P['events'][K]): void {
  handlers[name](payload);
}

/**
 * The parent's side of a worker: calls tagged by sequence number and answered in any order, notes
 * (one-way), and the worker's events. A call the worker fails rejects with a `WorkerCallError`;
 * when the worker ends, every waiting call rejects with a `WorkerStoppedError` and later calls
 * reject at once. The client decides whether to start another.
 */
export class WorkerChannel<P extends WorkerProtocol> {
  readonly #worker: Worker;
  readonly #options: WorkerChannelOptions<P>;
  readonly #pending = new Map<number, PendingCall>();
  #nextSeq = 1;
  #end: WorkerEnd | null = null;

  constructor(worker: Worker, options: WorkerChannelOptions<P>) {
    this.#worker = worker;
    this.#options = options;
    if (options.idleUnref === true) worker.unref();
    worker.on('message', (message: FromWorker<P>) => this.#receive(message));
    worker.on('error', (error) => this.#stop({ kind: 'failed', error }));
    worker.on('exit', (code) => this.#stop({ kind: 'exited', code }));
  }

  /** How the worker ended; null while it runs. */
  get end(): WorkerEnd | null {
    return this.#end;
  }

  /** Calls waiting for their answer. */
  get pendingCalls(): number {
    return this.#pending.size;
  }

  /** Calls the worker; `transfer` lists buffers of the input to move (detached here), not copy. */
  call<K extends CallName<P>>(name: K, ...[input, transfer = []]: CallArgs<P, K>): Promise<CallOutput<P, K>> {
    if (this.#end !== null) return Promise.reject(new WorkerStoppedError(this.#end, this.#options.name));
    const seq = this.#nextSeq++;
    const message: ToWorker<P> = { type: 'call', seq, name, input };
    try {
      this.#worker.postMessage(message, transfer);
    } catch (error) {
      // An input that cannot cross the thread (a DataCloneError) fails the call.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (this.#pending.size === 0 && this.#options.idleUnref === true) this.#worker.ref();
    return new Promise((resolve, reject) => {
      // Trusted as call `name`'s output: the worker's handler for it gave it.
      this.#pending.set(seq, { resolve: (output) => resolve(output), reject });
    });
  }

  /** Sends the worker a note; nothing answers it. Dropped once the worker has ended. */
  tell<K extends NoteName<P>>(name: K, ...[note]: PayloadArgs<P['notes'][K]>): void {
    if (this.#end !== null) return;
    // A note left out is one whose type allows undefined (PayloadArgs).
    const message: ToWorker<P> = { type: 'note', name, note: note as P['notes'][K] };
    this.#worker.postMessage(message);
  }

  /** Lets the worker hold the process open. */
  ref(): void {
    this.#worker.ref();
  }

  /** Stops the worker holding the process open. */
  unref(): void {
    this.#worker.unref();
  }

  /** Ends the worker: waiting calls reject (`terminated`); resolves once its thread has stopped. */
  async terminate(): Promise<void> {
    this.#stop({ kind: 'terminated' });
    await this.#worker.terminate();
  }

  #receive(message: FromWorker<P>): void {
    if (message.type === 'event') {
      if (this.#options.events !== undefined) emit(this.#options.events, message.name, message.payload);
      return;
    }
    const call = this.#pending.get(message.seq);
    if (call === undefined) return;
    this.#pending.delete(message.seq);
    if (this.#pending.size === 0 && this.#options.idleUnref === true) this.#worker.unref();
    if (message.type === 'answer') call.resolve(message.output);
    else call.reject(new WorkerCallError(message.failure));
  }

  #stop(end: WorkerEnd): void {
    if (this.#end !== null) return;
    this.#end = end;
    const error = new WorkerStoppedError(end, this.#options.name);
    const calls = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of calls) call.reject(error);
    if (end.kind !== 'terminated') this.#options.onStop?.(error);
  }
}

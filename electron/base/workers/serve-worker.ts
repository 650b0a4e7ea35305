import { parentPort, type Transferable } from 'node:worker_threads';
import { Moved, type CallInput, type CallName, type CallOutput, type EventMessage, type EventName, type FromWorker, type NoMessages, type NoteName, type ToWorker, type WorkerFailure, type WorkerProtocol } from './worker-protocol.ts';

/** A call's answer: the output, or the output with buffers to move (`moved`). */
type Reply<T> = T | Moved<T>;

/** How a worker answers each of its calls (a thrown error, or a rejection, fails the call). */
export type CallHandlers<P extends WorkerProtocol> = {
  [K in CallName<P>]: (input: CallInput<P, K>) => Reply<CallOutput<P, K>> | Promise<Reply<CallOutput<P, K>>>;
};

/** How a worker takes each of its notes. */
export type NoteHandlers<P extends WorkerProtocol> = { [K in NoteName<P>]: (note: P['notes'][K]) => void };

/** A worker's handlers: of its calls, and of its notes when it takes any. */
export type WorkerHandlers<P extends WorkerProtocol> = { calls: CallHandlers<P> } & (P['notes'] extends NoMessages ? { notes?: NoteHandlers<P> } : { notes: NoteHandlers<P> });

/** The worker's way to post its events to the parent. */
export interface WorkerOutbox<P extends WorkerProtocol> {
  /** Posts event `name`; `transfer` lists buffers of the payload to move (detached here), not copy. */
  post<K extends EventName<P>>(name: K, payload: P['events'][K], transfer?: readonly Transferable[]): void;
}

/** A thrown value as it crosses the thread: its message, its `kind` (else its name) and its resolution. */
function failureOf(error: unknown): WorkerFailure {
  if (!(error instanceof Error)) return { message: String(error), kind: 'Error', resolution: null };
  const kind: unknown = Reflect.get(error, 'kind');
  const resolution: unknown = Reflect.get(error, 'resolution');
  return { message: error.message, kind: typeof kind === 'string' ? kind : error.name, resolution: typeof resolution === 'string' ? resolution : null };
}

function answerOf<P extends WorkerProtocol, K extends CallName<P>>(handlers: CallHandlers<P>, name: K, input: CallInput<P, K>): unknown {
  return handlers[name](input);
}

function take<P extends WorkerProtocol, K extends NoteName<P>>(handlers: NoteHandlers<P> | undefined, name: K, note: P['notes'][K]): void {
  handlers?.[name](note);
}

/**
 * The worker's side of its `WorkerChannel`: answers each call with its handler's value (at once
 * when the handler is synchronous), carries a thrown error back with its message and kind, and
 * hands notes to theirs. Returns the outbox for events. Keeps the thread alive until terminated.
 */
export function serveWorker<P extends WorkerProtocol>(handlers: WorkerHandlers<P>): WorkerOutbox<P> {
  const port = parentPort;
  if (port === null) throw new Error('serveWorker must run in a worker thread');
  const send = (message: FromWorker<P>, transfer: readonly Transferable[] = []): void => port.postMessage(message, transfer);
  const fail = (seq: number, error: unknown): void => send({ type: 'failure', seq, failure: failureOf(error) });
  const answer = (seq: number, reply: unknown): void => {
    try {
      if (reply instanceof Moved) send({ type: 'answer', seq, output: reply.value }, reply.transfer);
      else send({ type: 'answer', seq, output: reply });
    } catch (error) {
      // An answer that cannot cross the thread (a DataCloneError) fails its call, not the worker.
      fail(seq, error);
    }
  };

  port.on('message', (message: ToWorker<P>) => {
    if (message.type === 'note') {
      take(handlers.notes, message.name, message.note);
      return;
    }
    const { seq } = message;
    let reply: unknown;
    try {
      reply = answerOf(handlers.calls, message.name, message.input);
    } catch (error) {
      fail(seq, error);
      return;
    }
    if (reply instanceof Promise) reply.then((value: unknown) => answer(seq, value), (error: unknown) => fail(seq, error));
    else answer(seq, reply);
  });
  return {
    post<K extends EventName<P>>(name: K, payload: P['events'][K], transfer: readonly Transferable[] = []) {
      const message: EventMessage<P, K> = { type: 'event', name, payload };
      port.postMessage(message, transfer);
    },
  };
}

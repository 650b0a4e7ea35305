import { serveWorker } from '../../electron/base/workers/serve-worker.ts';
import { moved, type WorkerCall } from '../../electron/base/workers/worker-protocol.ts';

// A small worker for the worker channel's own tests: each call exercises one part of the wrapper.

/** The test worker's messages. */
export interface TestWorkerProtocol {
  calls: {
    /** Answers its input. */
    echo: WorkerCall<string, string>;
    /** Answers only once `release` is told: a call left waiting while others are answered. */
    held: WorkerCall<string, string>;
    /** Posts `tick` events `1..count` in order, then answers `count`. */
    count: WorkerCall<number, number>;
    /** Throws (or, `later`, rejects with) an error of this message and kind (a RangeError without one); `text` throws the bare message. */
    fail: WorkerCall<{ message: string; kind?: string; resolution?: string; later?: boolean; text?: boolean }, never>;
    /** Answers the byte length of the buffer it got. */
    measure: WorkerCall<ArrayBuffer, number>;
    /** Answers something that cannot cross to another thread (a function). */
    uncloneable: WorkerCall<undefined, () => void>;
    /** Takes anything, answers nothing. */
    ignore: WorkerCall<unknown, undefined>;
    /** Answers a buffer of this many bytes (moved), posts another as a `chunk` (moved), then `kept` with both lengths left here. */
    give: WorkerCall<number, ArrayBuffer>;
    /** Never answers. */
    never: WorkerCall<undefined, never>;
    /** Throws an uncaught error with this message on the next turn: the thread fails. */
    crash: WorkerCall<string, never>;
    /** Exits the thread with this code. */
    exit: WorkerCall<number, never>;
  };
  notes: { release: undefined };
  events: { tick: number; chunk: ArrayBuffer; kept: [number, number] };
}

class KindedError extends Error {
  constructor(
    message: string,
    readonly kind: string,
    readonly resolution: string | undefined,
  ) {
    super(message);
  }
}

const held: (() => void)[] = [];

const outbox = serveWorker<TestWorkerProtocol>({
  calls: {
    echo: (text) => text,
    held: (text) => new Promise((resolve) => held.push(() => resolve(text))),
    count: (count) => {
      for (let tick = 1; tick <= count; tick++) outbox.post('tick', tick);
      return count;
    },
    fail: ({ message, kind, resolution, later, text }) => {
      if (text === true) {
        // A plain string thrown, as careless code may.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw message;
      }
      const error = kind === undefined ? new RangeError(message) : new KindedError(message, kind, resolution);
      if (later === true) return Promise.reject(error);
      throw error;
    },
    measure: (buffer) => buffer.byteLength,
    uncloneable: () => () => {},
    ignore: () => undefined,
    give: (bytes) => {
      const answer = new ArrayBuffer(bytes);
      const chunk = new ArrayBuffer(bytes);
      outbox.post('chunk', chunk, [chunk]);
      setImmediate(() => outbox.post('kept', [answer.byteLength, chunk.byteLength]));
      return moved(answer, [answer]);
    },
    never: () => new Promise<never>(() => {}),
    crash: (message) => {
      setImmediate(() => {
        throw new Error(message);
      });
      return new Promise<never>(() => {});
    },
    exit: (code) => process.exit(code),
  },
  notes: { release: () => held.splice(0).forEach((resolve) => resolve()) },
});

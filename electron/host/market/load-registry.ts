import { contractError } from '../contract-errors.ts';

/** What a load is given: the signal that ends it and the way it reports rows so far. */
export interface LoadContext {
  signal: AbortSignal;
  progress: (rows: number) => void;
}

/**
 * The long loads in flight, by the renderer's `requestId`: each gets an AbortSignal that
 * `cancel(requestId)` fires (a view that goes away stops its load, and the client stops paging),
 * and a progress reporter. A cancelled load fails as a `cancelled` contract error.
 */
export class LoadRegistry {
  readonly #running = new Map<string, AbortController>();
  readonly #onProgress: (requestId: string, rows: number) => void;

  constructor(onProgress: (requestId: string, rows: number) => void) {
    this.#onProgress = onProgress;
  }

  /** Runs one load under `requestId`; a second load with an id still running is refused. */
  async run<T>(requestId: string, channel: string, load: (context: LoadContext) => Promise<T>): Promise<T> {
    if (this.#running.has(requestId)) {
      throw contractError('invalid-request', channel, `A load with id ${requestId} is already running`, 'Give each load its own requestId.');
    }
    const controller = new AbortController();
    this.#running.set(requestId, controller);
    try {
      return await load({ signal: controller.signal, progress: (rows) => this.#onProgress(requestId, rows) });
    } catch (error) {
      if (controller.signal.aborted) {
        throw contractError('cancelled', channel, `${channel} was cancelled`, 'Nothing to do: the view that asked for it went away.');
      }
      throw error;
    } finally {
      this.#running.delete(requestId);
    }
  }

  /** Stops the load with this id; false when none is running. */
  cancel(requestId: string): boolean {
    const controller = this.#running.get(requestId);
    controller?.abort();
    return controller !== undefined;
  }

  /** How many loads are running (tests). */
  get size(): number {
    return this.#running.size;
  }
}

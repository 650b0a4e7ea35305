import { startWorker } from '../../base/workers/start-worker.ts';
import { WorkerChannel, WorkerStoppedError } from '../../base/workers/worker-channel.ts';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import type { GenerationWorkerProtocol } from './generation-protocol.ts';
import { generateHourFile } from './generate-hour.ts';

/** Produces the bytes of one simulated hour file. */
export type HourGenerator = (seed: number, dataset: SimulatedDataset, hourStart: number, until: number) => Promise<Uint8Array>;

/** Generates on the calling thread (tests, the command line's one-off runs). */
export const generateInProcess: HourGenerator = (seed, dataset, hourStart, until) => Promise.resolve(generateHourFile(seed, dataset, hourStart, until));

/** Finds the generation worker: `demo-generation-worker.js` in a build, `generation-worker.ts` from source. */
export function generationWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './generation-worker.ts', builtFile: 'demo-generation-worker.js' });
}

/** Starts a one-off timer; returns a function that cancels it. */
export type StopTimer = (run: () => void, delayMs: number) => () => void;

const unrefTimer: StopTimer = (run, delayMs) => {
  const timer = setTimeout(run, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

/** When an idle generation worker is stopped, and the timer that waits for it. */
export interface WorkerIdleOptions {
  /** A worker with nothing to generate for this long ends (a later hour starts a new one); 20 s by default. */
  idleMs?: number;
  timer?: StopTimer;
}

/**
 * Generates hours in a worker thread, so that building a simulated hour (0.05–0.3 s; ~2 s for the
 * busy binance/BTCUSDT) never blocks the process that serves requests. One worker, started on
 * first use, unref'd while idle and ended after `idleMs` with nothing to do: building a busy hour
 * leaves the worker's heap at ~100 MB, which only ending it gives back.
 */
export class WorkerHourGenerator {
  readonly #entry: WorkerEntry;
  readonly #idleMs: number;
  readonly #timer: StopTimer;
  #worker: WorkerChannel<GenerationWorkerProtocol> | null = null;
  #cancelStop: (() => void) | null = null;

  constructor(entry: WorkerEntry = generationWorkerEntry(), idle: WorkerIdleOptions = {}) {
    this.#entry = entry;
    this.#idleMs = idle.idleMs ?? 20_000;
    this.#timer = idle.timer ?? unrefTimer;
  }

  /** Whether a worker thread is running now. */
  get running(): boolean {
    return this.#worker !== null;
  }

  /** The generator function to hand to the demo store. */
  readonly generate: HourGenerator = async (seed, dataset, hourStart, until) => {
    this.#cancelStop?.();
    this.#cancelStop = null;
    const worker = this.#start();
    try {
      return await worker.call('generate', { seed, source: dataset.source, market: dataset.market, hourStart, until: Number.isFinite(until) ? until : null });
    } catch (error) {
      throw generationError(error);
    } finally {
      if (worker.end === null && worker.pendingCalls === 0) this.#stopWhenIdle(worker);
    }
  };

  /** Stops the worker; pending generations fail. */
  async close(): Promise<void> {
    this.#cancelStop?.();
    this.#cancelStop = null;
    const worker = this.#worker;
    this.#worker = null;
    if (worker !== null) await worker.terminate();
  }

  #start(): WorkerChannel<GenerationWorkerProtocol> {
    if (this.#worker !== null) return this.#worker;
    // Held open only while an hour is being generated. Only the worker in use is forgotten when it
    // stops: one ended for being idle (or closed) is gone already.
    const worker: WorkerChannel<GenerationWorkerProtocol> = new WorkerChannel(startWorker(this.#entry), {
      name: 'The demo generation worker',
      idleUnref: true,
      onStop: () => {
        if (this.#worker === worker) this.#worker = null;
      },
    });
    this.#worker = worker;
    return worker;
  }

  /** Ends `worker` once it has had nothing to do for the idle time. */
  #stopWhenIdle(worker: WorkerChannel<GenerationWorkerProtocol>): void {
    this.#cancelStop?.();
    this.#cancelStop = this.#timer(() => {
      this.#cancelStop = null;
      if (this.#worker !== worker || worker.pendingCalls > 0) return;
      this.#worker = null;
      void worker.terminate();
    }, this.#idleMs);
  }
}

/** Why a generation failed: the worker's error, its thread's own failure, or that the generator was closed. */
function generationError(error: unknown): Error {
  if (error instanceof WorkerStoppedError && error.end.kind === 'failed') return error.end.error;
  if (error instanceof WorkerStoppedError && error.end.kind === 'terminated') return new Error('The demo generator was closed');
  return error instanceof Error ? error : new Error(String(error));
}

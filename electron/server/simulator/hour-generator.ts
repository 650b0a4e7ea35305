import { availableParallelism } from 'node:os';
import { startWorker } from '../../base/workers/start-worker.ts';
import { WorkerChannel, WorkerStoppedError } from '../../base/workers/worker-channel.ts';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import type { GenerateHourRequest, GenerationWorkerProtocol } from './generation-protocol.ts';
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

/** How many generation workers, and when an idle one is stopped. */
export interface WorkerIdleOptions {
  /** A worker with nothing to generate for this long ends (a later hour starts a new one); 20 s by default. */
  idleMs?: number;
  timer?: StopTimer;
  /** Hours generated at once, each in its own worker thread: the machine's cores (at most 4) by default. */
  workers?: number;
}

/** The pool size when none is given: one worker per core the process may use, at most 4. */
export function defaultGenerationWorkers(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores));
}

interface PoolWorker {
  channel: WorkerChannel<GenerationWorkerProtocol>;
  busy: boolean;
  cancelStop: (() => void) | null;
}

interface QueuedHour {
  request: GenerateHourRequest;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * Generates hours in worker threads, so that building a simulated hour (0.05–0.3 s; ~1.7 s of CPU
 * for the busy binance/BTCUSDT) never blocks the process that serves requests. Up to `workers`
 * threads each build one hour at a time, so a day's hours are built on every core; hours wait
 * their turn in the order they were asked for. A worker starts when an hour finds none free, is
 * unref'd while idle and ends after `idleMs` with nothing to do: building a busy hour leaves its
 * heap at ~100 MB, which only ending it gives back. The bytes of an hour do not depend on which
 * worker builds it, nor on what it built before (the generator keeps no state across hours).
 */
export class WorkerHourGenerator {
  readonly #entry: WorkerEntry;
  readonly #idleMs: number;
  readonly #timer: StopTimer;
  readonly #size: number;
  readonly #workers: PoolWorker[] = [];
  readonly #queue: QueuedHour[] = [];

  constructor(entry: WorkerEntry = generationWorkerEntry(), idle: WorkerIdleOptions = {}) {
    this.#entry = entry;
    this.#idleMs = idle.idleMs ?? 20_000;
    this.#timer = idle.timer ?? unrefTimer;
    this.#size = idle.workers ?? defaultGenerationWorkers();
    if (!Number.isSafeInteger(this.#size) || this.#size < 1) throw new Error(`workers must be a whole number ≥ 1, not ${this.#size}`);
  }

  /** Whether a worker thread is running now. */
  get running(): boolean {
    return this.#workers.length > 0;
  }

  /** How many worker threads are running now. */
  get threads(): number {
    return this.#workers.length;
  }

  /** The generator function to hand to the demo store. */
  readonly generate: HourGenerator = (seed, dataset, hourStart, until) =>
    new Promise<Uint8Array>((resolve, reject) => {
      this.#queue.push({ request: { seed, source: dataset.source, market: dataset.market, hourStart, until: Number.isFinite(until) ? until : null }, resolve, reject });
      this.#dispatch();
    });

  /** Stops the workers; pending and queued generations fail. */
  async close(): Promise<void> {
    const queued = this.#queue.splice(0);
    for (const hour of queued) hour.reject(new Error('The demo generator was closed'));
    const workers = this.#workers.splice(0);
    for (const worker of workers) worker.cancelStop?.();
    await Promise.all(workers.map((worker) => worker.channel.terminate()));
  }

  /** Hands queued hours to free workers, starting workers up to the pool's size. */
  #dispatch(): void {
    while (this.#queue.length > 0) {
      const worker = this.#workers.find((candidate) => !candidate.busy) ?? (this.#workers.length < this.#size ? this.#start() : undefined);
      const hour = worker === undefined ? undefined : this.#queue.shift();
      if (worker === undefined || hour === undefined) return;
      void this.#run(worker, hour);
    }
  }

  async #run(worker: PoolWorker, hour: QueuedHour): Promise<void> {
    worker.cancelStop?.();
    worker.cancelStop = null;
    worker.busy = true;
    try {
      hour.resolve(await worker.channel.call('generate', hour.request));
    } catch (error) {
      hour.reject(generationError(error));
    } finally {
      worker.busy = false;
      if (this.#workers.includes(worker)) {
        this.#dispatch();
        // Handed the next queued hour, or left idle (another free worker may have taken it).
        if (!isBusy(worker)) this.#stopWhenIdle(worker);
      }
    }
  }

  #start(): PoolWorker {
    // Held open only while an hour is being generated. A worker that stops on its own leaves the
    // pool; one ended for being idle (or closed) is gone already.
    const worker: PoolWorker = {
      busy: false,
      cancelStop: null,
      channel: new WorkerChannel(startWorker(this.#entry), {
        name: 'The demo generation worker',
        idleUnref: true,
        onStop: () => this.#forget(worker),
      }),
    };
    this.#workers.push(worker);
    return worker;
  }

  #forget(worker: PoolWorker): void {
    const index = this.#workers.indexOf(worker);
    if (index >= 0) this.#workers.splice(index, 1);
    worker.cancelStop?.();
    worker.cancelStop = null;
  }

  /** Ends `worker` once it has had nothing to do for the idle time. */
  #stopWhenIdle(worker: PoolWorker): void {
    worker.cancelStop?.();
    worker.cancelStop = this.#timer(() => {
      worker.cancelStop = null;
      if (worker.busy || !this.#workers.includes(worker)) return;
      this.#forget(worker);
      void worker.channel.terminate();
    }, this.#idleMs);
  }
}

/** Whether a worker is generating now (read through a call: `#dispatch` may have changed it). */
function isBusy(worker: PoolWorker): boolean {
  return worker.busy;
}

/** Why a generation failed: the worker's error, its thread's own failure, or that the generator was closed. */
function generationError(error: unknown): Error {
  if (error instanceof WorkerStoppedError && error.end.kind === 'failed') return error.end.error;
  if (error instanceof WorkerStoppedError && error.end.kind === 'terminated') return new Error('The demo generator was closed');
  return error instanceof Error ? error : new Error(String(error));
}

import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import type { GenerateHourRequest, GenerateHourResponse } from './generation-protocol.ts';
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
  #worker: Worker | null = null;
  #cancelStop: (() => void) | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

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
  readonly generate: HourGenerator = (seed, dataset, hourStart, until) => {
    this.#cancelStop?.();
    this.#cancelStop = null;
    const worker = this.#start();
    const id = this.#nextId++;
    const request: GenerateHourRequest = { id, seed, source: dataset.source, market: dataset.market, hourStart, until: Number.isFinite(until) ? until : null };
    worker.ref();
    return new Promise<Uint8Array>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage(request);
    });
  };

  /** Stops the worker; pending generations fail. */
  async close(): Promise<void> {
    this.#cancelStop?.();
    this.#cancelStop = null;
    const worker = this.#worker;
    this.#worker = null;
    if (worker !== null) await worker.terminate();
    this.#failAll(new Error('The demo generator was closed'));
  }

  #start(): Worker {
    if (this.#worker !== null) return this.#worker;
    const entry = this.#entry;
    const worker = entry.kind === 'file' ? new Worker(entry.url, { execArgv: entry.execArgv }) : new Worker(entry.code, { eval: true, execArgv: entry.execArgv });
    worker.on('message', (response: GenerateHourResponse) => {
      const call = this.#pending.get(response.id);
      this.#pending.delete(response.id);
      if (response.ok) call?.resolve(response.bytes);
      else call?.reject(new Error(response.message));
      if (this.#pending.size === 0) {
        worker.unref();
        this.#stopWhenIdle(worker);
      }
    });
    // Only the worker in use fails the calls waiting: one ended for being idle (or closed) has none,
    // and a newer worker's calls are not its own.
    worker.on('error', (error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#failAll(error);
    });
    worker.on('exit', () => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#failAll(new Error('The demo generation worker stopped'));
    });
    this.#worker = worker;
    return worker;
  }

  /** Ends `worker` once it has had nothing to do for the idle time. */
  #stopWhenIdle(worker: Worker): void {
    this.#cancelStop?.();
    this.#cancelStop = this.#timer(() => {
      this.#cancelStop = null;
      if (this.#worker !== worker || this.#pending.size > 0) return;
      this.#worker = null;
      void worker.terminate();
    }, this.#idleMs);
  }

  #failAll(error: Error): void {
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }
}

import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../workers/worker-entry.ts';
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

/**
 * Generates hours in a worker thread, so that building a simulated hour (0.05–0.3 s; ~2 s for the
 * busy binance/BTCUSDT) never blocks the process that serves requests. One worker, started on
 * first use, unref'd while idle.
 */
export class WorkerHourGenerator {
  readonly #entry: WorkerEntry;
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

  constructor(entry: WorkerEntry = generationWorkerEntry()) {
    this.#entry = entry;
  }

  /** The generator function to hand to the demo store. */
  readonly generate: HourGenerator = (seed, dataset, hourStart, until) => {
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
      if (this.#pending.size === 0) worker.unref();
    });
    worker.on('error', (error) => {
      this.#worker = null;
      this.#failAll(error);
    });
    worker.on('exit', () => {
      if (this.#worker === worker) this.#worker = null;
      this.#failAll(new Error('The demo generation worker stopped'));
    });
    this.#worker = worker;
    return worker;
  }

  #failAll(error: Error): void {
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }
}

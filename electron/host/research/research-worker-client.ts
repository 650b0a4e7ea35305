import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import type { JobCommand, JobEvent, JobFailure, JobResult, ResearchJob, StudyKind, StudyOutputs, TradePage } from './research-job.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';

/** File name of the research worker in a build, beside the main bundle. */
export const builtResearchWorkerFile = 'research-worker.js';

/** Finds the research worker: `research-worker.js` in a build, `research-worker.ts` from source. */
export function researchWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './research-worker.ts', builtFile: builtResearchWorkerFile });
}

/** A job that failed in the worker (its data, or the worker itself). */
export class ResearchJobError extends Error {
  override readonly name = 'ResearchJobError';

  constructor(readonly failure: JobFailure) {
    super(failure.message);
  }
}

/**
 * One research study running in a worker thread of its own. A pages job is fed with `books` and
 * `trades` (each resolves once the worker applied it, so at most one page waits in its queue)
 * and finished with `finish`; a files job reads its files and `finish` waits for its answer.
 * `cancel` terminates the thread.
 */
export class ResearchJobRun<K extends StudyKind> {
  private readonly worker: Worker;
  private readonly taken: (() => void)[] = [];
  private readonly answer: Promise<JobResult<StudyOutputs[K]>>;
  private failure: Error | null = null;
  private ended = false;
  private stop: (error: Error) => void = () => {};

  constructor(job: ResearchJob<K>, onProgress: (bookEvents: number, trades: number) => void = () => {}, entry: WorkerEntry = researchWorkerEntry()) {
    this.worker =
      entry.kind === 'file' ? new Worker(entry.url, { workerData: job, execArgv: entry.execArgv }) : new Worker(entry.code, { eval: true, workerData: job, execArgv: entry.execArgv });
    this.answer = new Promise<JobResult<StudyOutputs[K]>>((resolve, reject) => {
      this.stop = (error: Error): void => {
        if (this.ended) return;
        this.ended = true;
        this.failure = error;
        for (const release of this.taken.splice(0)) release();
        reject(error);
        void this.worker.terminate();
      };
      this.worker.on('message', (event: JobEvent<StudyOutputs[K]>) => {
        if (event.kind === 'taken') this.taken.shift()?.();
        else if (event.kind === 'progress') onProgress(event.bookEvents, event.trades);
        else if (event.kind === 'done') {
          this.ended = true;
          resolve(event.result);
          void this.worker.terminate();
        } else this.stop(new ResearchJobError(event.failure));
      });
      this.worker.on('error', (error) => this.stop(new ResearchJobError({ kind: 'internal', message: `the research worker failed (${error.message})` })));
      this.worker.on('exit', () => this.stop(new ResearchJobError({ kind: 'internal', message: 'the research worker stopped before its answer' })));
    });
    // A failure surfaces through `finish` (or the next page); until then it is not unhandled.
    this.answer.catch(() => undefined);
  }

  /** Posts a page of `/l2-orderbooks` rows of stream `stream`; resolves once the worker applied it. */
  books(stream: number, rows: readonly L2Row[]): Promise<void> {
    return this.send({ kind: 'books', stream, rows });
  }

  /** Posts a page of trades (its buffers move to the worker); resolves once applied. */
  trades(page: TradePage): Promise<void> {
    return this.send({ kind: 'trades', page }, [page.time.buffer, page.price.buffer, page.quantity.buffer, page.side.buffer, page.exchangeTime.buffer]);
  }

  /** The answer: a pages job is told its inputs ended first. */
  finish(pages: boolean): Promise<JobResult<StudyOutputs[K]>> {
    if (pages && !this.ended) this.worker.postMessage({ kind: 'end' } satisfies JobCommand);
    return this.answer;
  }

  /** Stops the job: the thread is terminated and `finish` rejects. */
  cancel(): void {
    this.stop(new ResearchJobError({ kind: 'internal', message: 'the research job was cancelled' }));
  }

  private send(command: JobCommand, transfer: ArrayBuffer[] = []): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.taken.push(() => (this.failure === null ? resolve() : reject(this.failure)));
      this.worker.postMessage(command, transfer);
    });
  }
}

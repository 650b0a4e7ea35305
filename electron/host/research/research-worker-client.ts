import { startWorker } from '../../base/workers/start-worker.ts';
import { WorkerCallError, WorkerChannel, WorkerStoppedError } from '../../base/workers/worker-channel.ts';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import { ResearchJobError, type JobResult, type ResearchJob, type ResearchWorkerProtocol, type StudyKind, type StudyOutputs, type TradePage } from './research-job.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';

/** File name of the research worker in a build, beside the main bundle. */
export const builtResearchWorkerFile = 'research-worker.js';

/** Finds the research worker: `research-worker.js` in a build, `research-worker.ts` from source. */
export function researchWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './research-worker.ts', builtFile: builtResearchWorkerFile });
}

/** A call's failure as the job's: the worker's own words and kind, or its thread's end. */
function jobErrorOf(error: unknown): ResearchJobError {
  if (error instanceof WorkerCallError) return new ResearchJobError({ kind: error.kind === 'data' ? 'data' : 'internal', message: error.message });
  const exited = error instanceof WorkerStoppedError && error.end.kind === 'exited';
  return new ResearchJobError({ kind: 'internal', message: exited ? 'the research worker stopped before its answer' : error instanceof Error ? error.message : String(error) });
}

/**
 * One research study running in a worker thread of its own. A pages job is fed with `books` and
 * `trades` (each resolves once the worker applied it, so at most one page waits in its queue)
 * and finished with `finish`; a files job reads its files and `finish` waits for its answer.
 * `cancel` terminates the thread.
 */
export class ResearchJobRun<K extends StudyKind> {
  private readonly worker: WorkerChannel<ResearchWorkerProtocol<K>>;
  private readonly answer: Promise<JobResult<StudyOutputs[K]>>;
  private failure: Error | null = null;
  private ended = false;

  constructor(job: ResearchJob<K>, onProgress: (bookEvents: number, trades: number) => void = () => {}, entry: WorkerEntry = researchWorkerEntry()) {
    this.worker = new WorkerChannel(startWorker(entry), { name: 'the research worker', events: { progress: ({ bookEvents, trades }) => onProgress(bookEvents, trades) } });
    this.answer = this.worker.call('run', job).then(
      (result) => {
        this.ended = true;
        void this.worker.terminate();
        return result;
      },
      (error: unknown) => {
        throw this.stop(jobErrorOf(error));
      },
    );
    // A failure surfaces through `finish` (or the next page); until then it is not unhandled.
    this.answer.catch(() => undefined);
  }

  /** Posts a page of `/l2-orderbooks` rows of stream `stream`; resolves once the worker applied it. */
  books(stream: number, rows: readonly L2Row[]): Promise<void> {
    return this.send(() => this.worker.call('books', { stream, rows }));
  }

  /** Posts a page of trades (its buffers move to the worker); resolves once applied. */
  trades(page: TradePage): Promise<void> {
    return this.send(() => this.worker.call('trades', page, [page.time.buffer, page.price.buffer, page.quantity.buffer, page.side.buffer, page.exchangeTime.buffer]));
  }

  /** The answer: a pages job is told its inputs ended first. */
  finish(pages: boolean): Promise<JobResult<StudyOutputs[K]>> {
    if (pages && !this.ended) this.worker.tell('end');
    return this.answer;
  }

  /** Stops the job: the thread is terminated and `finish` rejects. */
  cancel(): void {
    this.stop(new ResearchJobError({ kind: 'internal', message: 'the research job was cancelled' }));
  }

  /** Ends the job with `error` and its thread; returns the failure that stands (the first). */
  private stop(error: Error): Error {
    if (this.ended) return this.failure ?? error;
    this.ended = true;
    this.failure = error;
    void this.worker.terminate();
    return error;
  }

  /** Posts a page unless the job has ended; a failed page ends the job, and every page waiting fails with it. */
  private async send(post: () => Promise<void>): Promise<void> {
    if (this.failure !== null) throw this.failure;
    if (this.ended) return;
    try {
      await post();
    } catch (error) {
      throw this.stop(jobErrorOf(error));
    }
  }
}

import { BookDataError } from '../../../shared/book/book-data-error.ts';
import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import { serveWorker } from '../../base/workers/serve-worker.ts';
import { PageBookInputs } from '../book/page-book-inputs.ts';
import { isBookReset, type BookInput } from '../book/book-input.ts';
import { readMarketFiles } from '../book/market-files.ts';
import type { ResearchStudy } from './research-study.ts';
import { ResearchJobError, studyOf, type JobRead, type ResearchWorkerProtocol } from './research-job.ts';

// Worker-thread entry: runs one research study off the service host's event loop. A files job
// reads its files here; a pages job applies the pages main posts, answering each once applied
// (main posts the next only then), and finishes on `end`. Main ends a cancelled job by
// terminating the thread.
const read: JobRead = { source: null, market: null, bookEvents: 0, trades: 0, otherMarketRecords: 0 };
const pages = new Map<number, PageBookInputs>();
let study: ResearchStudy<unknown> | null = null;
let inputsEnded: () => void = () => {};

/** A failure as the job's: bad data in the rows or files (`data`), or anything else. */
function jobError(error: unknown): ResearchJobError {
  const data = error instanceof BookDataError || error instanceof SnapshotDecodeError || error instanceof RangeError;
  return new ResearchJobError({ kind: data ? 'data' : 'internal', message: error instanceof Error ? error.message : String(error) });
}

/** Applies a page to the running study; a failure fails the page's call as the job's. */
function apply(step: (running: ResearchStudy<unknown>) => void): void {
  try {
    if (study === null) throw new Error('the research job has not started');
    step(study);
  } catch (error) {
    throw jobError(error);
  }
}

const outbox = serveWorker<ResearchWorkerProtocol>({
  calls: {
    run: async (job) => {
      try {
        const running = studyOf(job.study);
        study = running;
        const input = job.input;
        if (input.kind === 'files') {
          // One market of the files, on stream 0; a study that reads no books reads the trades alone.
          const handlers = {
            book: running.needs.books ? (bookInput: BookInput) => running.book(0, bookInput) : undefined,
            trade: running.needs.trades || !running.needs.books ? running.trade.bind(running) : undefined,
            batch: () => outbox.post('progress', { bookEvents: read.bookEvents, trades: read.trades }),
          };
          await readMarketFiles(input.paths, { source: input.source, market: input.market }, handlers, read);
        } else {
          await new Promise<void>((resolve) => (inputsEnded = resolve));
        }
        return { ...running.finish(), read };
      } catch (error) {
        throw jobError(error);
      }
    },
    books: ({ stream, rows }) =>
      apply((running) => {
        let inputs = pages.get(stream);
        if (inputs === undefined) {
          inputs = new PageBookInputs('l2-orderbooks');
          pages.set(stream, inputs);
        }
        for (const input of inputs.inputsOf(rows)) {
          if (!isBookReset(input)) read.bookEvents++;
          running.book(stream, input);
        }
      }),
    trades: ({ time, price, quantity, side, exchangeTime }) =>
      apply((running) => {
        for (let i = 0; i < time.length; i++) running.trade(time[i] ?? Number.NaN, price[i] ?? Number.NaN, quantity[i] ?? Number.NaN, side[i] ?? 0, exchangeTime[i] ?? Number.NaN);
        read.trades += time.length;
      }),
  },
  notes: { end: () => inputsEnded() },
});

import { parentPort, workerData } from 'node:worker_threads';
import { BookDataError } from '../../../shared/book/book-data-error.ts';
import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import { PageBookInputs } from '../book/page-book-inputs.ts';
import { isBookReset, type BookInput } from '../book/book-input.ts';
import { readMarketFiles } from '../book/market-files.ts';
import { studyOf, type JobCommand, type JobEvent, type JobRead, type ResearchJob } from './research-job.ts';

// Worker-thread entry: runs one research study off the service host's event loop. A files job
// reads its files here; a pages job applies the pages main posts, answering each with `taken`
// (main posts the next only then), and finishes on `end`. Main ends a cancelled job by
// terminating the thread.
const port = parentPort;
if (port === null) throw new Error('research-worker.ts must run in a worker thread');
const job = workerData as ResearchJob;
const study = studyOf(job.study);
const read: JobRead = { source: null, market: null, bookEvents: 0, trades: 0, otherMarketRecords: 0 };
const post = (event: JobEvent<unknown>): void => port.postMessage(event);

function fail(error: unknown): void {
  const data = error instanceof BookDataError || error instanceof SnapshotDecodeError || error instanceof RangeError;
  post({ kind: 'failed', failure: { kind: data ? 'data' : 'internal', message: error instanceof Error ? error.message : String(error) } });
}

function finish(): void {
  try {
    post({ kind: 'done', result: { ...study.finish(), read } });
  } catch (error) {
    fail(error);
  }
}

if (job.input.kind === 'files') {
  const input = job.input;
  try {
    // One market of the files, on stream 0; a study that reads no books reads the trades alone.
    const handlers = {
      book: study.needs.books ? (bookInput: BookInput) => study.book(0, bookInput) : undefined,
      trade: study.needs.trades || !study.needs.books ? study.trade.bind(study) : undefined,
      batch: () => post({ kind: 'progress', bookEvents: read.bookEvents, trades: read.trades }),
    };
    await readMarketFiles(input.paths, { source: input.source, market: input.market }, handlers, read);
    finish();
  } catch (error) {
    fail(error);
  }
  port.close();
} else {
  const pages = new Map<number, PageBookInputs>();
  port.on('message', (command: JobCommand) => {
    try {
      if (command.kind === 'books') {
        let inputs = pages.get(command.stream);
        if (inputs === undefined) {
          inputs = new PageBookInputs('l2-orderbooks');
          pages.set(command.stream, inputs);
        }
        for (const input of inputs.inputsOf(command.rows)) {
          if (!isBookReset(input)) read.bookEvents++;
          study.book(command.stream, input);
        }
        post({ kind: 'taken' });
      } else if (command.kind === 'trades') {
        const { time, price, quantity, side, exchangeTime } = command.page;
        for (let i = 0; i < time.length; i++) study.trade(time[i] ?? Number.NaN, price[i] ?? Number.NaN, quantity[i] ?? Number.NaN, side[i] ?? 0, exchangeTime[i] ?? Number.NaN);
        read.trades += time.length;
        post({ kind: 'taken' });
      } else {
        finish();
        port.close();
      }
    } catch (error) {
      fail(error);
      port.close();
    }
  });
}

import { startWorker } from '../../base/workers/start-worker.ts';
import { WorkerChannel, WorkerStoppedError } from '../../base/workers/worker-channel.ts';
import { Prefetch } from './page-prefetch.ts';
import type { FrameChunk } from '../../../shared/book/book-frames.ts';
import type { BookKey } from '../../../shared/book/book-key.ts';
import type { HealthBatch } from '../../../shared/book/health-marks.ts';
import type { L2Row, L2RowPage } from '../../../shared/rows/l2-row.ts';
import type { WorkerEntry } from '../../base/workers/worker-entry.ts';
import { bookWorkerEntry } from './book-worker-entry.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { BookWorkerProtocol, FileEventOrder, L2RowKind, PageFailure, ReplayError, ReplayEvent, ReplayMode, ReplayNote, ReplayProgress, ReplayRequest, ReplayResult, ReplaySettings } from './book-worker-protocol.ts';
import { frameSettings, type FrameSettings } from './frame-replayer.ts';
import type { FrameMarkBatch, TrackSummary } from './session/replay-session.ts';
import type { SessionAnswer, SessionQuery } from './session/session-queries.ts';
import { nextTurn } from '../../base/next-turn.ts';

/** One chunk of one book's frames, as it arrives from the worker (the buffer now belongs here). */
export interface BookFrames {
  book: BookKey;
  chunk: FrameChunk;
  progress: ReplayProgress;
}

/** Options of one replay. */
export interface ReplayOptions extends Partial<FrameSettings> {
  /** Aborting cancels the replay; the worker stops at its next batch. */
  signal?: AbortSignal;
  /** Receives chunks in order; the worker pauses while `maxChunksInFlight` are unfinished. */
  onFrames?: (frames: BookFrames) => void | Promise<void>;
  onProgress?: (progress: ReplayProgress) => void;
  /** Receives a book's health marks, in order with its frames (marks come before the chunk that follows them). */
  onHealth?: (book: BookKey, batch: HealthBatch) => void;
  /** Chunks posted before the worker waits for `onFrames` (default 4). */
  maxChunksInFlight?: number;
  /** `stream` (default) posts every frame to `onFrames`; `session` keeps the books in the worker for `query`. */
  mode?: ReplayMode;
  /** The market's tick, for a session's heatmap rows (read from the first book when absent). */
  priceStep?: number;
  /** A session's books as they fill (what each holds so far). */
  onTracks?: (tracks: TrackSummary[], progress: ReplayProgress) => void;
  /** A session's frame marks (crossed, locked, backward steps), in order. */
  onMarks?: (book: BookKey, batch: FrameMarkBatch) => void;
}

/** One page of flat L2 rows: a page as the service or the client returns it, or a plain array. */
export type L2PageOfRows = readonly L2Row[] | L2RowPage | { readonly items: readonly L2Row[] };

/** A source of flat L2 rows: pages as the service returns them, or plain arrays of rows. */
export type L2PageSource = AsyncIterable<L2PageOfRows> | Iterable<L2PageOfRows>;

/** A replay running in the worker. */
export interface BookReplay {
  /** The sequence number that tags this replay's messages. */
  readonly seq: number;
  /** Resolves when the replay ends; never rejects (a failure or cancel is a `ReplayResult`). */
  readonly result: Promise<ReplayResult>;
  /** Stops the replay; `result` resolves with a `cancelled` error. */
  cancel(): void;
}

const emptyProgress: ReplayProgress = {
  events: 0,
  frames: 0,
  chunks: 0,
  resets: 0,
  withoutBook: 0,
  crossed: 0,
  locked: 0,
  bytesRead: null,
  totalBytes: null,
  file: null,
  pages: 0,
};

/**
 * The main process's handle on the book worker: one long-lived worker thread, started on first
 * use, running any number of replays tagged by sequence number. It holds the process open only
 * while a replay (or a query) runs.
 */
export class BookWorkerClient {
  private worker: WorkerChannel<BookWorkerProtocol> | null = null;
  private nextSeq = 1;
  /** Each running replay's handler of its events. */
  private readonly replays = new Map<number, (event: ReplayEvent) => void>();

  constructor(private readonly entry: WorkerEntry = bookWorkerEntry()) {}

  /**
   * Replays snapshot files in order (resetting at coverage gaps), streaming frames back. Each
   * file's events go in its own order, or (`order: 'collector-time'`) in the service's order.
   */
  replayFiles(paths: readonly string[], options: ReplayOptions & { order?: FileEventOrder } = {}): BookReplay {
    const order = options.order ?? 'file';
    return this.start((seq, settings, maxChunksInFlight) => ({ seq, kind: 'replay-files', paths: [...paths], order, settings, maxChunksInFlight }), options, null);
  }

  /** Replays pages of `/l2-updates` or `/l2-orderbooks` rows, pulled from `pages` one ahead of what the worker has asked for. */
  replayPages(pages: L2PageSource, options: ReplayOptions & { rows: L2RowKind }): BookReplay {
    return this.start((seq, settings, maxChunksInFlight) => ({ seq, kind: 'replay-pages', rows: options.rows, settings, maxChunksInFlight }), options, pages);
  }

  /** Replays still running. */
  get activeReplays(): number {
    return this.replays.size;
  }

  /**
   * Asks a session replay (running or ended, until released) for frames, tiles or trades. A
   * released or unknown replay answers `{kind: 'error'}`; a lost worker too.
   */
  query(seq: number, query: SessionQuery): Promise<SessionAnswer> {
    const worker = this.worker;
    if (worker === null) return Promise.resolve({ kind: 'error', message: 'The book worker is not running; start the replay again.' });
    return worker.call('query', { seq, query }).catch((error: unknown): SessionAnswer => ({ kind: 'error', message: replayErrorOf(error).message }));
  }

  /** Frees a session replay's books in the worker (its log file too); a running one is stopped. */
  release(seq: number): void {
    this.worker?.tell('release', { seq });
  }

  /** Stops the worker; running replays end with a `worker` error. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) await worker.terminate();
  }

  private start(makeRequest: (seq: number, settings: ReplaySettings, maxChunksInFlight: number) => ReplayRequest, options: ReplayOptions, pages: L2PageSource | null): BookReplay {
    const seq = this.nextSeq++;
    const worker = this.ensureWorker();
    const send = (note: ReplayNote): void => worker.tell('replay', note);
    // Pages are read one ahead of the worker: the first is on its way while the worker starts.
    const iterator = pages === null ? null : new Prefetch(pageIterator(pages));
    let cancelled = false;
    let chain = Promise.resolve();
    let lastProgress = emptyProgress;
    const cancel = (): void => {
      if (cancelled || !this.replays.has(seq)) return;
      cancelled = true;
      send({ seq, kind: 'cancel' });
    };
    const finish = (outcome: ReplayResult): ReplayResult => {
      this.replays.delete(seq);
      options.signal?.removeEventListener('abort', cancel);
      void iterator?.return();
      return outcome;
    };

    this.replays.set(seq, (event) => {
      if (event.kind === 'frames') {
        lastProgress = event.progress;
        const frames: BookFrames = { book: event.book, chunk: event.chunk, progress: event.progress };
        // Chunks are handed over one at a time, in order; the ack lets the worker send another.
        chain = chain.then(async () => {
          if (!cancelled) await options.onFrames?.(frames);
          send({ seq, kind: 'ack' });
        });
      } else if (event.kind === 'health') {
        chain = chain.then(() => {
          if (!cancelled) options.onHealth?.(event.book, event.batch);
        });
      } else if (event.kind === 'progress') {
        lastProgress = event.progress;
        if (!cancelled) options.onProgress?.(event.progress);
      } else if (event.kind === 'need-page') {
        if (iterator !== null) void this.sendNextPage(seq, iterator, send);
      } else if (event.kind === 'tracks') {
        lastProgress = event.progress;
        chain = chain.then(() => {
          if (!cancelled) options.onTracks?.(event.tracks, event.progress);
        });
      } else {
        chain = chain.then(() => {
          if (!cancelled) options.onMarks?.(event.book, event.batch);
        });
      }
    });
    if (options.signal?.aborted === true) queueMicrotask(cancel);
    options.signal?.addEventListener('abort', cancel, { once: true });
    const settings: ReplaySettings = { ...frameSettings(options), mode: options.mode ?? 'stream', ...(options.priceStep === undefined ? {} : { priceStep: options.priceStep }) };
    // The answer follows the replay's last events: it settles once they are handed over. A lost
    // worker ends it at once.
    const result = worker.call('replay', makeRequest(seq, settings, options.maxChunksInFlight ?? 4)).then(
      (outcome) =>
        chain.then(() => {
          if (!cancelled) options.onProgress?.(outcome.progress);
          return finish(outcome);
        }),
      (error: unknown) => finish({ ok: false, error: replayErrorOf(error), progress: lastProgress }),
    );
    return { seq, result, cancel };
  }

  private async sendNextPage(seq: number, iterator: Prefetch<L2PageOfRows>, send: (note: ReplayNote) => void): Promise<void> {
    try {
      const next = await iterator.next();
      // Copying a page to the worker is a long step of its own: it waits for the loop's next turn.
      await nextTurn();
      if (!this.replays.has(seq)) return;
      if (next.done === true) send({ seq, kind: 'pages-end' });
      else send({ seq, kind: 'page', rows: 'items' in next.value ? next.value.items : next.value });
    } catch (error) {
      send({ seq, kind: 'pages-failed', failure: pageFailureOf(error) });
    }
  }

  private ensureWorker(): WorkerChannel<BookWorkerProtocol> {
    if (this.worker !== null) return this.worker;
    // Only the worker in use is forgotten when it stops; the next replay starts another.
    const worker: WorkerChannel<BookWorkerProtocol> = new WorkerChannel(startWorker(this.entry), {
      name: 'the book worker',
      idleUnref: true,
      events: { replay: (event) => this.replays.get(event.seq)?.(event) },
      onStop: () => {
        if (this.worker === worker) this.worker = null;
      },
    });
    this.worker = worker;
    return worker;
  }
}

/** Why a replay (or a query) lost its worker: closed here, or the thread's own failure or exit. */
function replayErrorOf(error: unknown): ReplayError {
  const end = error instanceof WorkerStoppedError ? error.end : null;
  if (end?.kind === 'terminated') return { kind: 'worker', message: 'The book worker was closed', resolution: 'Start the replay again.' };
  const message =
    end?.kind === 'exited' ? `The book worker stopped (exit code ${end.code})` : `The book worker failed: ${end?.kind === 'failed' ? end.error.message : error instanceof Error ? error.message : String(error)}`;
  return { kind: 'worker', message, resolution: 'Try again; if it keeps failing, report the message.' };
}

/** A page source's failure as plain data; a `ContractError` keeps its kind, resolution and wait. */
function pageFailureOf(error: unknown): PageFailure {
  if (!(error instanceof ContractError)) return { message: error instanceof Error ? error.message : String(error) };
  return {
    message: error.message,
    resolution: error.resolution,
    serviceKind: error.kind,
    ...(error.retryAfterMs === null ? {} : { retryAfterMs: error.retryAfterMs }),
  };
}

function pageIterator(pages: L2PageSource): AsyncIterator<L2PageOfRows> {
  if (Symbol.asyncIterator in pages) return pages[Symbol.asyncIterator]();
  const sync = pages[Symbol.iterator]();
  return {
    next: () => Promise.resolve(sync.next()),
    return: () => Promise.resolve(sync.return?.() ?? { done: true, value: undefined }),
  };
}

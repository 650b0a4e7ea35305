import { Worker } from 'node:worker_threads';
import { Prefetch } from './page-prefetch.ts';
import type { FrameChunk } from '../../../shared/book/book-frames.ts';
import type { BookKey } from '../../../shared/book/book-key.ts';
import type { HealthBatch } from '../../../shared/book/health-marks.ts';
import type { L2Row, L2RowPage } from '../../../shared/rows/l2-row.ts';
import type { WorkerEntry } from '../../base/workers/worker-entry.ts';
import { bookWorkerEntry } from './book-worker-entry.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { BookWorkerEvent, BookWorkerRequest, FileEventOrder, L2RowKind, PageFailure, ReplayError, ReplayMode, ReplayProgress, ReplayResult, ReplaySettings } from './book-worker-protocol.ts';
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

type StartRequest = Extract<BookWorkerRequest, { kind: 'replay-files' | 'replay-pages' }>;

interface ActiveReplay {
  handle(event: BookWorkerEvent): void;
  fail(error: ReplayError): void;
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
 * while a replay runs.
 */
export class BookWorkerClient {
  private worker: Worker | null = null;
  private nextSeq = 1;
  private nextQuery = 1;
  private readonly replays = new Map<number, ActiveReplay>();
  private readonly queries = new Map<number, (answer: SessionAnswer) => void>();

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
    const id = this.nextQuery++;
    worker.ref();
    return new Promise<SessionAnswer>((resolve) => {
      this.queries.set(id, (answer) => {
        this.queries.delete(id);
        if (this.queries.size === 0 && this.replays.size === 0) worker.unref();
        resolve(answer);
      });
      worker.postMessage({ seq, kind: 'query', id, query } satisfies BookWorkerRequest);
    });
  }

  /** Frees a session replay's books in the worker (its log file too); a running one is stopped. */
  release(seq: number): void {
    this.worker?.postMessage({ seq, kind: 'release' } satisfies BookWorkerRequest);
  }

  /** Stops the worker; running replays end with a `worker` error. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll({ kind: 'worker', message: 'The book worker was closed', resolution: 'Start the replay again.' });
    if (worker !== null) await worker.terminate();
  }

  private start(
    makeRequest: (seq: number, settings: ReplaySettings, maxChunksInFlight: number) => StartRequest,
    options: ReplayOptions,
    pages: L2PageSource | null,
  ): BookReplay {
    const seq = this.nextSeq++;
    const worker = this.ensureWorker();
    const send = (request: BookWorkerRequest): void => {
      if (this.worker === worker) worker.postMessage(request);
    };
    // Pages are read one ahead of the worker: the first is on its way while the worker starts.
    const iterator = pages === null ? null : new Prefetch(pageIterator(pages));
    let cancelled = false;
    let chain = Promise.resolve();
    let lastProgress = emptyProgress;
    let settle: (result: ReplayResult) => void = () => {};
    const result = new Promise<ReplayResult>((resolve) => (settle = resolve));
    const cancel = (): void => {
      if (cancelled || !this.replays.has(seq)) return;
      cancelled = true;
      send({ seq, kind: 'cancel' });
    };
    const finish = (outcome: ReplayResult): void => {
      if (!this.replays.delete(seq)) return;
      options.signal?.removeEventListener('abort', cancel);
      void iterator?.return();
      if (this.replays.size === 0) worker.unref();
      settle(outcome);
    };

    this.replays.set(seq, {
      handle: (event) => {
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
        } else if (event.kind === 'marks') {
          chain = chain.then(() => {
            if (!cancelled) options.onMarks?.(event.book, event.batch);
          });
        } else if (event.kind === 'answer') {
          // Answers are routed by their query id, before replays are looked up.
        } else {
          void chain.then(() => {
            if (!cancelled) options.onProgress?.(event.result.progress);
            finish(event.result);
          });
        }
      },
      fail: (error) => finish({ ok: false, error, progress: lastProgress }),
    });
    worker.ref();
    if (options.signal?.aborted === true) queueMicrotask(cancel);
    options.signal?.addEventListener('abort', cancel, { once: true });
    const settings: ReplaySettings = { ...frameSettings(options), mode: options.mode ?? 'stream', ...(options.priceStep === undefined ? {} : { priceStep: options.priceStep }) };
    send(makeRequest(seq, settings, options.maxChunksInFlight ?? 4));
    return { seq, result, cancel };
  }

  private async sendNextPage(seq: number, iterator: Prefetch<L2PageOfRows>, send: (request: BookWorkerRequest) => void): Promise<void> {
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

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker;
    const entry = this.entry;
    const worker =
      entry.kind === 'file' ? new Worker(entry.url, { execArgv: entry.execArgv }) : new Worker(entry.code, { eval: true, execArgv: entry.execArgv });
    worker.on('message', (event: BookWorkerEvent) => {
      if (event.kind === 'answer') this.queries.get(event.id)?.(event.answer);
      else this.replays.get(event.seq)?.handle(event);
    });
    const lost = (message: string): void => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll({ kind: 'worker', message, resolution: 'Try again; if it keeps failing, report the message.' });
    };
    worker.on('error', (error) => lost(`The book worker failed: ${error.message}`));
    worker.on('exit', (code) => lost(`The book worker stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  private failAll(error: ReplayError): void {
    for (const replay of [...this.replays.values()]) replay.fail(error);
    for (const answer of [...this.queries.values()]) answer({ kind: 'error', message: error.message });
  }
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

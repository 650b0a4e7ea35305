import { BookDataError } from '../../../shared/book/book-data-error.ts';
import { bookEventFromBookRow, bookEventFromL2Row } from '../../../shared/book/l2-row-events.ts';
import type { L2Row } from '../../../shared/book/l2-row.ts';
import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import type { BookInput } from './book-input.ts';
import type { BookWorkerEvent, BookWorkerRequest, L2RowKind, PageFailure, ReplayError, ReplayProgress } from './book-worker-protocol.ts';
import { bookInputsFromFiles, type FileReplayProgress } from './file-book-source.ts';
import { FrameReplayer } from './frame-replayer.ts';
import { hourMs, isCoverageGap } from './snapshot-hour.ts';

/** Posts one event to the client, moving (never copying) the listed buffers. */
export type PostToClient = (event: BookWorkerEvent, transfer?: ArrayBuffer[]) => void;

/** What a replay is waiting for when it pauses: acknowledgements of its chunks, or the next page. */
export type ReplayWait = 'acks' | 'page';

/** Watches a replay's pauses, so a test can wait on the pause itself instead of on the clock. */
export interface ReplayJobObserver {
  /** Called each time the job starts (or, woken too early, resumes) waiting, with its unacknowledged chunks. */
  waiting?(reason: ReplayWait, chunksInFlight: number): void;
}

type StartRequest = Extract<BookWorkerRequest, { kind: 'replay-files' | 'replay-pages' }>;
type PageMessage = Extract<BookWorkerRequest, { kind: 'page' | 'pages-end' | 'pages-failed' }>;

class PageSourceError extends Error {
  constructor(readonly failure: PageFailure) {
    super(failure.message);
  }
}
class CancelledError extends Error {}

const progressIntervalMs = 50;

/**
 * One replay inside the book worker: reads its source, applies it, and posts frame chunks with
 * their buffers transferred. At most `maxChunksInFlight` chunks wait for the client's `ack`
 * before the job pauses; pages are requested one ahead; `cancel` stops it at the next batch.
 */
export class ReplayJob {
  private readonly abort = new AbortController();
  private readonly replayer: FrameReplayer;
  private inFlight = 0;
  private wake: (() => void) | null = null;
  private readonly pageQueue: PageMessage[] = [];
  private pages = 0;
  private files: FileReplayProgress | null = null;
  private lastProgressAt = 0;

  constructor(
    private readonly request: StartRequest,
    private readonly post: PostToClient,
    private readonly observer: ReplayJobObserver = {},
  ) {
    this.replayer = new FrameReplayer(
      request.settings,
      (book, chunk) => {
        this.inFlight++;
        this.post({ seq: request.seq, kind: 'frames', book, chunk, progress: this.progress() }, [chunk.buffer]);
      },
      (book, batch) => this.post({ seq: request.seq, kind: 'health', book, batch }),
    );
    this.abort.signal.addEventListener('abort', () => this.wake?.());
  }

  /** Handles a follow-up message from the client: an ack, a page, or cancel. */
  receive(message: BookWorkerRequest): void {
    if (message.kind === 'cancel') this.abort.abort();
    else if (message.kind === 'ack') this.inFlight = Math.max(0, this.inFlight - 1);
    else if (message.kind === 'page' || message.kind === 'pages-end' || message.kind === 'pages-failed') this.pageQueue.push(message);
    this.wake?.();
  }

  /** Runs the replay to its end and posts `done`; never throws. */
  async run(): Promise<void> {
    const seq = this.request.seq;
    try {
      for await (const batch of this.source()) {
        this.checkCancelled();
        this.replayer.apply(batch);
        this.maybePostProgress();
        await this.until('acks', () => this.inFlight < this.request.maxChunksInFlight);
        this.checkCancelled();
      }
      this.checkCancelled();
      this.replayer.flush();
      this.post({ seq, kind: 'done', result: { ok: true, progress: this.progress() } });
    } catch (error) {
      const replayError = this.replayError(error);
      // What was read before a failure is still shown (a damaged file, a failed page); a cancel wants nothing more.
      if (replayError.kind !== 'cancelled') this.replayer.flush();
      this.post({ seq, kind: 'done', result: { ok: false, error: replayError, progress: this.progress() } });
    }
  }

  private source(): AsyncGenerator<BookInput[], void, undefined> {
    if (this.request.kind === 'replay-pages') return this.pageInputs(this.request.rows);
    return bookInputsFromFiles(this.request.paths, {
      signal: this.abort.signal,
      order: this.request.order,
      onProgress: (progress) => (this.files = progress),
    });
  }

  private async *pageInputs(kind: L2RowKind): AsyncGenerator<BookInput[], void, undefined> {
    const convert = kind === 'l2-updates' ? bookEventFromL2Row : bookEventFromBookRow;
    let rowIndex = 0;
    let previousHour: number | null = null;
    this.post({ seq: this.request.seq, kind: 'need-page' });
    for (;;) {
      await this.until('page', () => this.pageQueue.length > 0);
      this.checkCancelled();
      const message = this.pageQueue.shift();
      if (message === undefined || message.kind === 'pages-end') return;
      if (message.kind === 'pages-failed') throw new PageSourceError(message.failure);
      // Ask for the next page before applying this one, so the two overlap; never more than one ahead.
      this.post({ seq: this.request.seq, kind: 'need-page' });
      this.pages++;
      const rows: readonly L2Row[] = message.rows;
      const inputs: BookInput[] = [];
      for (const row of rows) {
        // An hour with no rows between two rows is a coverage gap, as an hour with no file is:
        // the books are cleared there (the service's own replay does the same).
        const hour = Math.floor(row.collector_timestamp / hourMs) * hourMs;
        if (isCoverageGap(previousHour, hour)) inputs.push({ reset: true, collectorTimestamp: hour, cause: 'page-gap' });
        previousHour = hour;
        inputs.push(convert(row, rowIndex++));
      }
      yield inputs;
    }
  }

  private async until(reason: ReplayWait, ready: () => boolean): Promise<void> {
    while (!ready() && !this.abort.signal.aborted) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.observer.waiting?.(reason, this.inFlight);
      });
      this.wake = null;
    }
  }

  private checkCancelled(): void {
    if (this.abort.signal.aborted) throw new CancelledError('The replay was cancelled');
  }

  private progress(): ReplayProgress {
    const files = this.files;
    return {
      ...this.replayer.progress,
      bytesRead: files?.bytesRead ?? (this.request.kind === 'replay-files' ? 0 : null),
      totalBytes: files?.totalBytes ?? null,
      file: files?.file ?? null,
      pages: this.pages,
    };
  }

  private maybePostProgress(): void {
    const now = Date.now();
    if (now - this.lastProgressAt < progressIntervalMs) return;
    this.lastProgressAt = now;
    this.post({ seq: this.request.seq, kind: 'progress', progress: this.progress() });
  }

  private replayError(error: unknown): ReplayError {
    if (error instanceof CancelledError || (error instanceof SnapshotDecodeError && error.kind === 'cancelled')) {
      return { kind: 'cancelled', message: 'The replay was cancelled', resolution: 'Start the replay again to see the rest.' };
    }
    if (error instanceof SnapshotDecodeError) return { kind: 'snapshot-file', message: error.message, resolution: error.resolution };
    if (error instanceof BookDataError) {
      return { kind: 'book-data', message: error.message, resolution: 'The source holds an impossible level; report the file or page it names.' };
    }
    if (error instanceof PageSourceError) {
      const { message, resolution, serviceKind, retryAfterMs } = error.failure;
      return {
        kind: 'page-source',
        message: `Reading the next page failed: ${message}`,
        resolution: resolution ?? 'Check the connection to the data source and try again.',
        ...(serviceKind === undefined ? {} : { serviceKind }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'worker', message: `The book worker failed: ${message}`, resolution: 'Try again; if it keeps failing, report the message.' };
  }
}

import { BookDataError } from '../../../shared/book/book-data-error.ts';
import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import type { TradeRecord } from '../../../shared/snapshot/records.ts';
import type { BookInput } from './book-input.ts';
import type { BookWorkerEvent, L2RowKind, PageFailure, ReplayError, ReplayNote, ReplayProgress, ReplayRange, ReplayRequest } from './book-worker-protocol.ts';
import { bookInputsFromFiles, type FileReplayProgress } from './file-book-source.ts';
import { FrameReplayer, type ReplayCounts } from './frame-replayer.ts';
import { ReplaySession } from './session/replay-session.ts';
import { FileSegmentStore, SpillError } from './session/segment-store.ts';
import { removeStaleSpills } from './session/spill-folder.ts';
import { PageBookInputs } from './page-book-inputs.ts';

/** Posts one event to the client, moving (never copying) the listed buffers. */
export type PostToClient = (event: BookWorkerEvent, transfer?: ArrayBuffer[]) => void;

/** What a replay is waiting for when it pauses: acknowledgements of its chunks, or the next page. */
export type ReplayWait = 'acks' | 'page' | 'file';

/** Watches a replay's pauses, so a test can wait on the pause itself instead of on the clock. */
export interface ReplayJobObserver {
  /** Called each time the job starts (or, woken too early, resumes) waiting, with its unacknowledged chunks. */
  waiting?(reason: ReplayWait, chunksInFlight: number): void;
}

type PageMessage = Extract<ReplayNote, { kind: 'page' | 'pages-end' | 'pages-failed' }>;
type FileMessage = Extract<ReplayNote, { kind: 'file' | 'files-end' | 'files-failed' }>;

/** How long past a range's end a file is read on (arrival order runs a little behind collector time) before it is left. */
const rangeEndSlackMs = 5_000;

class PageSourceError extends Error {
  constructor(readonly failure: PageFailure) {
    super(failure.message);
  }
}
class CancelledError extends Error {}
/** The files' source failed (a download that did not land): its words and fix, as given. */
class FileSourceError extends Error {
  constructor(readonly failure: PageFailure) {
    super(failure.message);
  }
}

const progressIntervalMs = 50;
/** How often a session tells the view what its books hold while it reads. */
const tracksIntervalMs = 100;
let spillsSwept = false;

/** Opens the temporary file a session spills its log to (sweeping spills of dead processes once). */
function openSpill(): FileSegmentStore {
  if (!spillsSwept) {
    spillsSwept = true;
    removeStaleSpills();
  }
  return new FileSegmentStore();
}

/**
 * One replay inside the book worker: reads its source and applies it. In `stream` mode it posts
 * frame chunks with their buffers transferred; at most `maxChunksInFlight` chunks wait for the
 * client's `ack` before the job pauses. In `session` mode it keeps the books in a
 * `ReplaySession` (which outlives the job, for queries) and posts what the books hold as it
 * reads. Pages are requested one ahead; `cancel` stops it at the next batch.
 */
export class ReplayJob {
  private readonly abort = new AbortController();
  private readonly replayer: FrameReplayer | null;
  /** The books of a `session` replay; null in `stream` mode. */
  readonly session: ReplaySession | null;
  private inFlight = 0;
  private lastTracksAt = Number.NEGATIVE_INFINITY;
  private booksSeen = 0;
  private wake: (() => void) | null = null;
  private readonly pageQueue: PageMessage[] = [];
  private readonly fileQueue: FileMessage[] = [];
  private pages = 0;
  private files: FileReplayProgress | null = null;
  private lastProgressAt = 0;
  /** Why the job could not start (its temporary file), reported by `run`. */
  private startFailure: unknown = null;

  constructor(
    private readonly request: ReplayRequest,
    private readonly post: PostToClient,
    private readonly observer: ReplayJobObserver = {},
  ) {
    const { settings } = request;
    if (settings.mode === 'session') {
      this.replayer = null;
      let spill: FileSegmentStore | null = null;
      try {
        spill = openSpill();
      } catch (error) {
        // No temporary file: the job ends at once with the reason (run), never taking the worker down.
        this.startFailure = error;
      }
      this.session =
        spill === null
          ? null
          : new ReplaySession({ depth: settings.depth, bandBps: settings.bandBps, ...(settings.priceStep === undefined ? {} : { priceStep: settings.priceStep }) }, spill);
    } else {
      this.session = null;
      this.replayer = new FrameReplayer(
        settings,
        (book, chunk) => {
          this.inFlight++;
          this.post({ seq: request.seq, kind: 'frames', book, chunk, progress: this.progress() }, [chunk.buffer]);
        },
        (book, batch) => this.post({ seq: request.seq, kind: 'health', book, batch }),
      );
    }
    this.abort.signal.addEventListener('abort', () => this.wake?.());
  }

  /** Handles a follow-up message from the client: an ack, a page, or cancel. */
  receive(message: ReplayNote): void {
    if (message.kind === 'cancel') this.abort.abort();
    else if (message.kind === 'ack') this.inFlight = Math.max(0, this.inFlight - 1);
    else if (message.kind === 'file' || message.kind === 'files-end' || message.kind === 'files-failed') this.fileQueue.push(message);
    else this.pageQueue.push(message);
    this.wake?.();
  }

  /** Runs the replay to its end and posts `done`; never throws. */
  async run(): Promise<void> {
    const seq = this.request.seq;
    if (this.startFailure !== null) {
      this.post({ seq, kind: 'done', result: { ok: false, error: this.replayError(this.startFailure), progress: this.progress() } });
      return;
    }
    try {
      for await (const batch of this.source()) {
        this.checkCancelled();
        if (this.session !== null) {
          this.session.apply(batch);
          this.postSession(false);
          // Let queries in between batches: the view asks for frames and tiles while the rest loads.
          await new Promise<void>((resolve) => setImmediate(resolve));
        } else {
          this.replayer?.apply(batch);
        }
        this.maybePostProgress();
        await this.until('acks', () => this.inFlight < this.request.maxChunksInFlight);
        this.checkCancelled();
      }
      this.checkCancelled();
      this.flush();
      this.post({ seq, kind: 'done', result: { ok: true, progress: this.progress() } });
    } catch (error) {
      const replayError = this.replayError(error);
      // What was read before a failure is still shown (a damaged file, a failed page); a cancel wants nothing more.
      if (replayError.kind !== 'cancelled') this.flush();
      this.post({ seq, kind: 'done', result: { ok: false, error: replayError, progress: this.progress() } });
    }
  }

  /** Hands over everything not yet sent: the last chunks, or the session's final state. */
  private flush(): void {
    if (this.session === null) {
      this.replayer?.flush();
      return;
    }
    this.session.finish();
    this.postSession(true);
  }

  /** Posts what the session's books hold (throttled, and at once when a book first shows frames), its health marks and frame marks. */
  private postSession(final: boolean): void {
    const session = this.session;
    if (session === null) return;
    const seq = this.request.seq;
    for (const { key, batch } of session.takeHealth(final)) this.post({ seq, kind: 'health', book: key, batch });
    for (const { key, batch } of session.takeMarks()) this.post({ seq, kind: 'marks', book: key, batch });
    const now = Date.now();
    const summaries = session.summaries();
    if (!final && summaries.length === this.booksSeen && now - this.lastTracksAt < tracksIntervalMs) return;
    this.booksSeen = summaries.length;
    this.lastTracksAt = now;
    this.post({ seq, kind: 'tracks', tracks: summaries, progress: this.progress() });
  }

  private source(): AsyncGenerator<BookInput[], void, undefined> {
    const request = this.request;
    if (request.kind === 'replay-pages') return this.pageInputs(request.rows);
    const session = this.session;
    const range = request.range;
    const inputs = bookInputsFromFiles(request.streamed === true ? this.streamedPaths(request.paths) : request.paths, {
      signal: this.abort.signal,
      // A session keeps the files' trades beside the books: the view draws them and lists them on the tape.
      ...(session === null ? {} : { onTrades: (trades: readonly TradeRecord[]) => session.addTrades(range === undefined ? trades : trades.filter((trade) => trade.collectorTimestamp >= range.start && trade.collectorTimestamp <= range.end)) }),
      onProgress: (progress) => (this.files = progress),
    });
    return range === undefined ? inputs : inputsInRange(inputs, range);
  }

  /** The request's paths, then each path the client sends, until it says the files have ended (or failed). */
  private async *streamedPaths(first: readonly string[]): AsyncGenerator<string, void, undefined> {
    yield* first;
    for (;;) {
      await this.until('file', () => this.fileQueue.length > 0);
      this.checkCancelled();
      const message = this.fileQueue.shift();
      if (message === undefined || message.kind === 'files-end') return;
      if (message.kind === 'files-failed') throw new FileSourceError(message.failure);
      yield message.path;
    }
  }

  private async *pageInputs(kind: L2RowKind): AsyncGenerator<BookInput[], void, undefined> {
    const pages = new PageBookInputs(kind);
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
      yield pages.inputsOf(message.rows);
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
    const counts: ReplayCounts = this.session?.counts ?? this.replayer?.progress ?? { events: 0, frames: 0, chunks: 0, resets: 0, withoutBook: 0, crossed: 0, locked: 0 };
    return {
      ...counts,
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
    if (error instanceof FileSourceError) {
      const { message, resolution, serviceKind } = error.failure;
      return { kind: 'page-source', message, resolution: resolution ?? 'Check the Downloads view and try again.', ...(serviceKind === undefined ? {} : { serviceKind }) };
    }
    if (error instanceof SpillError) return { kind: 'temporary-files', message: error.message, resolution: error.resolution };
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'worker', message: `The book worker failed: ${message}`, resolution: 'Try again; if it keeps failing, report the message.' };
  }
}

/**
 * The book inputs of a range: every input up to its end, inclusive (the books are built from the
 * first file's start, before the range), none after it; reading stops once the files have run
 * `rangeEndSlackMs` past the end.
 */
async function* inputsInRange(inputs: AsyncGenerator<BookInput[], void, undefined>, range: ReplayRange): AsyncGenerator<BookInput[], void, undefined> {
  for await (const batch of inputs) {
    const kept: BookInput[] = [];
    let past = false;
    for (const input of batch) {
      if (input.collectorTimestamp <= range.end) kept.push(input);
      else if (input.collectorTimestamp >= range.end + rangeEndSlackMs) past = true;
    }
    if (kept.length > 0) yield kept;
    if (past) {
      await inputs.return();
      return;
    }
  }
}

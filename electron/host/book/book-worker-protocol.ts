import type { FrameChunk } from '../../../shared/book/book-frames.ts';
import type { ContractErrorKind } from '../../../shared/contract/errors.ts';
import type { BookKey } from '../../../shared/book/book-key.ts';
import type { HealthBatch } from '../../../shared/book/health-marks.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { FrameSettings, ReplayCounts } from './frame-replayer.ts';
import type { FrameMarkBatch, TrackSummary } from './session/replay-session.ts';
import type { SessionAnswer, SessionQuery } from './session/session-queries.ts';
import type { WorkerCall } from '../../base/workers/worker-protocol.ts';

// Messages between the book worker and its client, over a WorkerChannel. Every message names the
// replay it belongs to by `seq`, so one long-lived worker can run several replays.

/**
 * The order a file's book events are applied in: the file's own (arrival) order, as the real
 * clients replay a file, or collector time with ties in file order, as the service serves them.
 */
export type FileEventOrder = 'file' | 'collector-time';

/** Which flat-row endpoint a page of rows came from. */
export type L2RowKind = 'l2-updates' | 'l2-orderbooks';

/** Progress of one replay. */
export interface ReplayProgress extends ReplayCounts {
  /** Compressed bytes read so far, for file replays (null for pages). */
  bytesRead: number | null;
  /** Compressed bytes of all files, for file replays (null for pages). */
  totalBytes: number | null;
  /** The file being read, for file replays. */
  file: string | null;
  /** Pages received, for page replays. */
  pages: number;
}

/** Why a replay stopped early. */
export type ReplayErrorKind = 'cancelled' | 'snapshot-file' | 'book-data' | 'page-source' | 'temporary-files' | 'worker';

/** A replay failure as plain data: what went wrong, where, and what to do about it. */
export interface ReplayError {
  kind: ReplayErrorKind;
  message: string;
  resolution: string;
  /** For `page-source`: the service's own kind of failure, when the page source named one. */
  serviceKind?: ContractErrorKind;
  /** For a rate-limited page: the wait the service asked for, in ms. */
  retryAfterMs?: number;
}

/** Why the page source failed, as plain data: the service's words and fix when it gave them. */
export interface PageFailure {
  message: string;
  resolution?: string;
  serviceKind?: ContractErrorKind;
  retryAfterMs?: number;
}

/** How a replay ended, with its last progress either way. */
export type ReplayResult = { ok: true; progress: ReplayProgress } | { ok: false; error: ReplayError; progress: ReplayProgress };

/**
 * How a replay hands over its books: `stream` posts every frame in chunks (the cross-check reads
 * them in main); `session` keeps them in the worker (log, checkpoints, tiles) and answers
 * queries for windows of frames and heatmap tiles, so the view holds only what it shows.
 */
export type ReplayMode = 'stream' | 'session';

/** Settings of a replay: how frames are cut, and for sessions the book's price step when known. */
export interface ReplaySettings extends FrameSettings {
  mode: ReplayMode;
  /** The market's tick, for the heatmap's rows (sessions); read from the first book when absent. */
  priceStep?: number;
}

/** A replay to run: snapshot files, or pages of rows that the client posts as the worker asks. */
export type ReplayRequest =
  | { seq: number; kind: 'replay-files'; paths: string[]; order: FileEventOrder; settings: ReplaySettings; maxChunksInFlight: number }
  | { seq: number; kind: 'replay-pages'; rows: L2RowKind; settings: ReplaySettings; maxChunksInFlight: number };

/** What the client tells a running replay: the next page (or the pages' end or failure), a chunk taken, or cancel. */
export type ReplayNote =
  | { seq: number; kind: 'page'; rows: readonly L2Row[] }
  | { seq: number; kind: 'pages-end' }
  | { seq: number; kind: 'pages-failed'; failure: PageFailure }
  | { seq: number; kind: 'ack' }
  | { seq: number; kind: 'cancel' };

/** What a replay posts, ending with `done`. A `frames` message transfers `chunk.buffer`. */
export type BookWorkerEvent =
  | { seq: number; kind: 'frames'; book: BookKey; chunk: FrameChunk; progress: ReplayProgress }
  | { seq: number; kind: 'health'; book: BookKey; batch: HealthBatch }
  | { seq: number; kind: 'progress'; progress: ReplayProgress }
  | { seq: number; kind: 'need-page' }
  | { seq: number; kind: 'tracks'; tracks: TrackSummary[]; progress: ReplayProgress }
  | { seq: number; kind: 'marks'; book: BookKey; batch: FrameMarkBatch }
  | { seq: number; kind: 'done'; result: ReplayResult };

/** A replay's event on its way to the client: everything but `done`, which answers the replay's call. */
export type ReplayEvent = Exclude<BookWorkerEvent, { kind: 'done' }>;

/**
 * The book worker's messages. A replay is a call answered with its result; its notes and events
 * name it by `seq`, so one long-lived worker runs several at once. A session replay's books are
 * queried (each answer's buffers moved) until released.
 */
export interface BookWorkerProtocol {
  calls: {
    replay: WorkerCall<ReplayRequest, ReplayResult>;
    query: WorkerCall<{ seq: number; query: SessionQuery }, SessionAnswer>;
  };
  notes: { replay: ReplayNote; release: { seq: number } };
  events: { replay: ReplayEvent };
}

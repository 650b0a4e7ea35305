import { frameFlags, frameViews, type FrameChunk } from '../../shared/book/book-frames.ts';
import type { BookKey } from '../../shared/book/book-key.ts';
import { maxWindowSide, type BookWindow } from '../../shared/contract/book-session-schemas.ts';
import { observationsOfFrames } from './book-observations.ts';
import { referenceBookName, type ReferenceBookId, type ReferenceL2Books, type ReferenceObservation, type ReferenceStep } from './reference-l2-books.ts';

// A replay session (`book.replayFiles`, `book.replayMarket`) keeps its frames in main and the view
// pulls them with `book.window`. These helpers pull every frame of a book that way, and say what
// the reference model expects them to be: the book after every update that made one, and an empty
// frame flagged `reset` wherever a coverage gap, a page gap or a new capture session cleared a
// book that had a book.

/** A reset frame as a comparison sees it: which book, and when it was cleared. */
export interface ResetObservation {
  book: string;
  time: number;
  reset: true;
}

/** One frame of a session: a book, or the empty frame of a cleared one. */
export type SessionObservation = ReferenceObservation | ResetObservation;

/** What `book.window` is asked, entry-anchored (`first`). */
export interface WindowFromEntry {
  replayId: string;
  book: BookKey;
  first: number;
  before: number;
  after: number;
}

/** Every frame of one book pulled from a session, with each frame's replay clock. */
export interface PulledFrames {
  /** The windows' chunks, in entry order, each tagged with the book. */
  frames: { book: BookKey; chunk: FrameChunk }[];
  /** The replay clock of every entry, in order. */
  clocks: number[];
  /** How many `book.window` calls it took. */
  windows: number;
}

/**
 * Pulls every frame of a book from a session with `book.window`: from entry 0, windows of at most
 * `maxWindowSide` frames after `first`, until `entries` (the book's count in its last
 * `book.tracks`). Throws where a window breaks the channel's promises: its anchor is not the entry
 * asked for, its indices do not run on one by one, its total is not the book's, or a clock is not
 * the running maximum of the book's frame times (the replay clock never falls).
 */
export async function pullSessionFrames(ask: (input: WindowFromEntry) => Promise<BookWindow>, replayId: string, book: BookKey, entries: number): Promise<PulledFrames> {
  const out: PulledFrames = { frames: [], clocks: [], windows: 0 };
  let clock = Number.NEGATIVE_INFINITY;
  for (let first = 0; first < entries; ) {
    const window = await ask({ replayId, book, first, before: 0, after: maxWindowSide - 1 });
    out.windows++;
    const expectedCount = Math.min(maxWindowSide, entries - first);
    if (window.total !== entries) throw new Error(`window at ${first}: total ${window.total}, the book holds ${entries}`);
    if (window.anchor !== first || window.strideMs !== 0) throw new Error(`window at ${first}: anchor ${window.anchor}, stride ${window.strideMs}`);
    if (window.chunk.count !== expectedCount) throw new Error(`window at ${first}: ${window.chunk.count} frames, expected ${expectedCount}`);
    const indices = new Float64Array(window.indices);
    const clocks = new Float64Array(window.clocks);
    if (indices.length !== expectedCount || clocks.length !== expectedCount) throw new Error(`window at ${first}: ${indices.length} indices and ${clocks.length} clocks for ${expectedCount} frames`);
    const times = frameViews(window.chunk).timestamps;
    for (let f = 0; f < expectedCount; f++) {
      if (indices[f] !== first + f) throw new Error(`window at ${first}: frame ${f} is entry ${indices[f]}`);
      clock = Math.max(clock, times[f] ?? Number.NaN);
      if (clocks[f] !== clock) throw new Error(`entry ${first + f}: clock ${clocks[f]}, the running maximum of frame times is ${clock}`);
      out.clocks.push(clock);
    }
    out.frames.push({ book, chunk: window.chunk });
    first += expectedCount;
  }
  return out;
}

/**
 * The frames as the comparison sees them: a frame flagged `reset` must be empty and becomes a
 * `ResetObservation`; every other frame is the book it shows.
 */
export function sessionObservationsOfFrames(frames: readonly { book: BookKey; chunk: FrameChunk }[]): SessionObservation[] {
  const out: SessionObservation[] = [];
  for (const { book, chunk } of frames) {
    const flags = frameViews(chunk).flags;
    observationsOfFrames([{ book, chunk }]).forEach((observation, f) => {
      if (((flags[f] ?? 0) & frameFlags.reset) === 0) {
        out.push(observation);
        return;
      }
      if (observation.bids.length > 0 || observation.asks.length > 0 || observation.snapshot) throw new Error(`${observation.book}: the reset frame at ${observation.time} is not empty`);
      out.push({ book: observation.book, time: observation.time, reset: true });
    });
  }
  return out;
}

/** Frames grouped by book (sorted by name), each group in order. */
export function sessionFramesByBook(frames: readonly SessionObservation[]): Map<string, SessionObservation[]> {
  const groups = new Map<string, SessionObservation[]>();
  for (const frame of frames) groups.set(frame.book, [...(groups.get(frame.book) ?? []), frame]);
  return new Map([...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The model's session frames for replay steps (hour files): the book after every update that made
 * one, cut to `depth`, and at each clear a reset frame for every book that had a book then.
 */
export function referenceSessionFrames(steps: readonly ReferenceStep[], depth: number, books: ReferenceL2Books): SessionObservation[] {
  const out: SessionObservation[] = [];
  for (const step of steps) {
    if ('clear' in step) {
      for (const { book } of books.observeAll()) out.push({ book, time: step.time, reset: true });
      books.clear();
      continue;
    }
    if (!books.apply(step.update)) continue;
    const observed = books.observe(step.update, depth);
    if (observed !== null) out.push(observed);
  }
  return out;
}

/** The fields of a flat L2 row (`/l2-updates`, `/l2-orderbooks`) that place it in its capture stream. */
export interface StreamRow extends ReferenceBookId {
  collector_timestamp: number;
  source_capture_id: string;
}

const hourMs = 3_600_000;

/**
 * The session frames a reader of rows (in the order the service served them) must hold, by the
 * rules of ARCHITECTURE.md "Capture streams and sessions", written out plainly: a row in an hour
 * past the next one after the latest hour seen is a gap, and every book that had a book gets a
 * reset frame at that hour's start; a row whose `source_capture_id` differs from the previous row's
 * of its (source, market) starts a new session, and that market's books that had a book get a
 * reset frame at the row's time (`clear` is told, so a model forgets them). `frameOf` gives the
 * frame a row makes, or null when it makes none (a delta before its book's snapshot).
 */
export function referenceSessionFramesOfRows<Row extends StreamRow>(rows: readonly Row[], frameOf: (row: Row) => ReferenceObservation | null, clear: (book: ReferenceBookId) => void): SessionObservation[] {
  const out: SessionObservation[] = [];
  /** Books that hold a book now, by name. */
  const holding = new Map<string, ReferenceBookId>();
  const sessions = new Map<string, string>();
  let latestHour: number | null = null;
  const clearWhere = (time: number, which: (id: ReferenceBookId) => boolean): void => {
    for (const [name, id] of [...holding]) {
      if (!which(id)) continue;
      out.push({ book: name, time, reset: true });
      holding.delete(name);
      clear(id);
    }
  };
  for (const row of rows) {
    const hour = Math.floor(row.collector_timestamp / hourMs) * hourMs;
    if (latestHour !== null && hour > latestHour + hourMs) clearWhere(hour, () => true);
    if (latestHour === null || hour > latestHour) latestHour = hour;
    const market = `${row.source}/${row.market}`;
    const session = sessions.get(market);
    if (session !== undefined && session !== row.source_capture_id) clearWhere(row.collector_timestamp, (id) => id.source === row.source && id.market === row.market);
    sessions.set(market, row.source_capture_id);
    const frame = frameOf(row);
    if (frame === null) continue;
    holding.set(referenceBookName(row), { source: row.source, market: row.market, instrument: row.instrument });
    out.push(frame);
  }
  return out;
}

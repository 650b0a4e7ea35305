import { BookEngine, type EngineState } from './book-engine.ts';
import type { BookEvent, BookReset } from './book-event.ts';
import type { BookKey } from './book-key.ts';
import type { OrderBook } from './order-book.ts';

/** When the timeline takes full-depth checkpoints, and how much memory they may hold. */
export interface TimelineOptions {
  /** A checkpoint after at most this many entries (default 1000). */
  checkpointEvents?: number;
  /** A checkpoint after at most this much replay time, in ms (default 60 000). */
  checkpointMs?: number;
  /**
   * Budget for all checkpoints together, in bytes (default 256 MiB). Past it, every other
   * checkpoint is dropped and the spacing doubles, so seeks stay bounded and memory too.
   */
  maxCheckpointBytes?: number;
}

/** Memory held by the checkpoints. */
export interface CheckpointStats {
  count: number;
  /** Bytes of level data (16 per level) over all checkpoints. */
  totalBytes: number;
  /** The largest single checkpoint. */
  maxBytes: number;
  /** Current spacing, which doubles when the budget is exceeded. */
  checkpointEvents: number;
  checkpointMs: number;
}

interface Checkpoint {
  /** Entries applied before this state. */
  position: number;
  clock: number;
  state: EngineState;
  bytes: number;
}

/** Bytes of level data in a saved engine (16 per level). */
function stateBytes(state: EngineState): number {
  let bytes = 0;
  for (const book of state.books) bytes += book.bids.byteLength + book.asks.byteLength;
  return bytes;
}

/**
 * A recorded stream of book events with full-depth checkpoints, for seeking. `bookAt(t)`
 * restores the nearest checkpoint at or before t and replays only from there.
 *
 * Time here is the replay clock: the running maximum of collector timestamps, because files are
 * replayed in arrival order and a row may carry an earlier timestamp than the one before it.
 * The book "at t" is the state after every entry whose replay clock is ≤ t.
 */
export class BookTimeline {
  private readonly entries: (BookEvent | BookReset)[] = [];
  private clocks = new Float64Array(1024);
  private readonly checkpoints: Checkpoint[] = [];
  private readonly live = new BookEngine();
  private readonly cursor = new BookEngine();
  private cursorPosition = 0;
  private checkpointEvents: number;
  private checkpointMs: number;
  private readonly maxCheckpointBytes: number;
  private checkpointBytes = 0;

  constructor(options: TimelineOptions = {}) {
    this.checkpointEvents = options.checkpointEvents ?? 1000;
    this.checkpointMs = options.checkpointMs ?? 60_000;
    this.maxCheckpointBytes = options.maxCheckpointBytes ?? 256 * 1024 * 1024;
    this.checkpoints.push({ position: 0, clock: Number.NEGATIVE_INFINITY, state: this.live.saveState(), bytes: 0 });
  }

  /** Entries recorded. */
  get length(): number {
    return this.entries.length;
  }

  /** The engine at the end of the recording (live: it follows every append). */
  get latest(): BookEngine {
    return this.live;
  }

  /** Applies and records one event; returns the book it produced, or null. Throws `BookDataError` without recording. */
  append(event: BookEvent): OrderBook | null {
    const book = this.live.apply(event);
    this.record(event);
    return book;
  }

  /** Records a coverage gap: the named book (or all) is cleared at `collectorTimestamp`. */
  appendReset(collectorTimestamp: number, key?: BookKey): void {
    const reset: BookReset = key === undefined ? { reset: true, collectorTimestamp } : { reset: true, collectorTimestamp, key };
    this.live.reset(key);
    this.record(reset);
  }

  /**
   * The engine positioned at replay time t (every entry with clock ≤ t applied). It is a shared
   * cursor, valid until the next `seek` or `bookAt`; clone what you keep.
   */
  seek(t: number): BookEngine {
    const target = this.positionAt(t);
    const checkpoint = this.checkpointBefore(target);
    if (this.cursorPosition > target || this.cursorPosition < checkpoint.position) {
      this.cursor.restoreState(checkpoint.state);
      this.cursorPosition = checkpoint.position;
    }
    for (let i = this.cursorPosition; i < target; i++) {
      const entry = this.entries[i];
      if (entry === undefined) break;
      if ('reset' in entry) this.cursor.reset(entry.key);
      else this.cursor.apply(entry);
    }
    this.cursorPosition = target;
    return this.cursor;
  }

  /** A detached copy of the book in force at replay time t, or null when it had none. */
  bookAt(t: number, key: BookKey): OrderBook | null {
    return this.seek(t).book(key)?.clone() ?? null;
  }

  /** Memory held by the checkpoints. */
  checkpointStats(): CheckpointStats {
    let maxBytes = 0;
    for (const checkpoint of this.checkpoints) maxBytes = Math.max(maxBytes, checkpoint.bytes);
    return {
      count: this.checkpoints.length,
      totalBytes: this.checkpointBytes,
      maxBytes,
      checkpointEvents: this.checkpointEvents,
      checkpointMs: this.checkpointMs,
    };
  }

  private record(entry: BookEvent | BookReset): void {
    const position = this.entries.length;
    const previous = position === 0 ? Number.NEGATIVE_INFINITY : (this.clocks[position - 1] ?? 0);
    const clock = Math.max(previous, entry.collectorTimestamp);
    if (position === this.clocks.length) {
      const grown = new Float64Array(position * 2);
      grown.set(this.clocks);
      this.clocks = grown;
    }
    this.clocks[position] = clock;
    this.entries.push(entry);
    const last = this.checkpoints[this.checkpoints.length - 1];
    if (last === undefined) return;
    const first = last.position === 0 ? (this.clocks[0] ?? clock) : last.clock;
    if (position + 1 - last.position >= this.checkpointEvents || clock - first >= this.checkpointMs) {
      this.addCheckpoint(position + 1, clock);
    }
  }

  private addCheckpoint(position: number, clock: number): void {
    const state = this.live.saveState();
    const bytes = stateBytes(state);
    this.checkpoints.push({ position, clock, state, bytes });
    this.checkpointBytes += bytes;
    if (this.checkpointBytes > this.maxCheckpointBytes && this.checkpoints.length > 2) this.thin();
  }

  /** Keeps the first checkpoint and every other one after it, and doubles the spacing. */
  private thin(): void {
    const kept = this.checkpoints.filter((_, i) => i % 2 === 0);
    this.checkpoints.length = 0;
    this.checkpoints.push(...kept);
    this.checkpointBytes = kept.reduce((sum, checkpoint) => sum + checkpoint.bytes, 0);
    this.checkpointEvents *= 2;
    this.checkpointMs *= 2;
  }

  /** Number of entries whose replay clock is ≤ t (clocks never decrease). */
  private positionAt(t: number): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.clocks[mid] ?? 0) <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The last checkpoint at or before `position`. */
  private checkpointBefore(position: number): Checkpoint {
    let lo = 0;
    let hi = this.checkpoints.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.checkpoints[mid]?.position ?? 0) <= position) lo = mid;
      else hi = mid - 1;
    }
    const checkpoint = this.checkpoints[lo];
    if (checkpoint === undefined) throw new Error('A timeline always holds its initial checkpoint.');
    return checkpoint;
  }
}

import { LatencyLog, type LatencyColumns } from '../../../../shared/book/latency-lane.ts';
import { applyBookEvent, replacesBook } from '../../../../shared/book/apply-book-event.ts';
import type { BookEvent } from '../../../../shared/book/book-event.ts';
import { FrameRecorder, frameFlags, type FrameChunk } from '../../../../shared/book/book-frames.ts';
import type { BookKey } from '../../../../shared/book/book-key.ts';
import { OrderBook, type OrderBookState } from '../../../../shared/book/order-book.ts';
import { FrameMarkLog } from '../../../../shared/book/replay/frame-marks.ts';
import { ingestLevels, LiquidityPyramid, tileSpanOf, type TilePayload } from '../../../../shared/book/replay/liquidity-tiles.ts';
import { logEntryKinds, LogSegmentBuilder, type LogEntry, type LogSegment } from '../../../../shared/book/replay/log-segment.ts';
import { levelStepOf, sideDiff } from '../../../../shared/book/replay/side-diff.ts';
import type { SegmentStore } from './segment-store.ts';

/** How a track records its book. */
export interface TrackSettings {
  /** Levels per side in frames and in the heatmap. */
  depth: number;
  /** Half-width of the frames' "depth within ±X bps" metric. */
  bandBps: number;
  /** The book's price step (the market's tick), when known; else read from its first book. */
  priceStep?: number;
  /** A full-depth checkpoint every this many entries (default 1024). */
  checkpointEvery?: number;
  /** Budget of all checkpoints, bytes (default 64 MiB); past it every other one is dropped and the spacing doubles. */
  maxCheckpointBytes?: number;
  /** Budget of the heatmap tiles finer than the ones built while reading, bytes (default 32 MiB). */
  fineTileBytes?: number;
}

/** What a track holds so far. */
export interface TrackExtent {
  /** Entries (frames) logged. */
  entries: number;
  /** Replay clock of the first and last entry; NaN before the first. */
  firstClock: number;
  lastClock: number;
  /** The price step the heatmap rows use; NaN before the first book. */
  priceStep: number;
}

/** Frames cut from a track, with the entry each stands for and its replay clock. */
export interface TrackFrames {
  chunk: FrameChunk;
  /** Entry index of each frame. */
  indices: Float64Array;
  /** Replay clock of each frame. */
  clocks: Float64Array;
}

interface SegmentRef {
  handle: number;
  firstIndex: number;
  count: number;
  firstClock: number;
  lastClock: number;
}

interface Checkpoint {
  /** Entries applied before this state. */
  index: number;
  state: OrderBookState | null;
  bytes: number;
}

/** Visits entries of a replay: `before` sees the book as it stood before entry i, `after` as it stands after; false stops. */
interface ReplayVisitor {
  before?(i: number, clock: number): boolean;
  after?(i: number, book: OrderBook | null, segment: LogSegment, j: number): boolean;
}

const emptyLevels = new Float64Array(0);

/**
 * One book of a replay as it is read: every event that changed the book goes into a log of
 * packed segments (spilled to a `SegmentStore`, so memory does not grow with the range), with
 * full-depth checkpoints every `checkpointEvery` entries and a liquidity tile pyramid built in the
 * same pass. Entry i is frame i. Any window of frames, any finer heatmap tile, is rebuilt on
 * demand from the nearest checkpoint. Resets (coverage gaps, session restarts) are entries too:
 * an empty frame, since the book is unknown until its next snapshot.
 */
export class BookTrack {
  readonly key: BookKey;
  readonly #settings: Required<TrackSettings>;
  readonly #store: SegmentStore;
  readonly #segments: SegmentRef[] = [];
  readonly #builder = new LogSegmentBuilder();
  #openFirstIndex = 0;
  #checkpoints: Checkpoint[] = [{ index: 0, state: null, bytes: 0 }];
  #checkpointEvery: number;
  #checkpointBytes = 0;
  #book: OrderBook | null = null;
  #entries = 0;
  #firstClock = Number.NaN;
  #clock = Number.NEGATIVE_INFINITY;
  #pyramid: LiquidityPyramid | null = null;
  #priceStep: number;
  readonly #marks = new FrameMarkLog();
  /** Collector − exchange time of every event applied, by replay clock (the latency lane). */
  readonly #latency = new LatencyLog();
  #crossedFrames = 0;
  #lockedFrames = 0;
  readonly #topBidPrices: Float64Array;
  readonly #topBidSizes: Float64Array;
  readonly #topAskPrices: Float64Array;
  readonly #topAskSizes: Float64Array;
  readonly #fineTiles = new Map<string, { pyramid: LiquidityPyramid; builtAt: number; bytes: number }>();
  #fineBytes = 0;
  /** The open segment packed for reading, until the next append. */
  #openPeek: LogSegment | null = null;

  constructor(key: BookKey, settings: TrackSettings, store: SegmentStore) {
    this.key = { source: key.source, market: key.market, instrument: key.instrument };
    this.#settings = { checkpointEvery: 1024, maxCheckpointBytes: 64 * 2 ** 20, fineTileBytes: 32 * 2 ** 20, priceStep: Number.NaN, ...settings };
    this.#checkpointEvery = this.#settings.checkpointEvery;
    this.#priceStep = this.#settings.priceStep;
    this.#store = store;
    const depth = settings.depth;
    this.#topBidPrices = new Float64Array(depth);
    this.#topBidSizes = new Float64Array(depth);
    this.#topAskPrices = new Float64Array(depth);
    this.#topAskSizes = new Float64Array(depth);
  }

  /** What the track holds so far. */
  get extent(): TrackExtent {
    return { entries: this.#entries, firstClock: this.#firstClock, lastClock: this.#entries === 0 ? Number.NaN : this.#clock, priceStep: this.#pyramid?.priceStep ?? Number.NaN };
  }

  /** Frames whose book was crossed. */
  get crossedFrames(): number {
    return this.#crossedFrames;
  }

  /** Frames whose book was locked. */
  get lockedFrames(): number {
    return this.#lockedFrames;
  }

  /** Frame marks (crossed, locked, backward steps) found so far. */
  get marks(): FrameMarkLog {
    return this.#marks;
  }

  /** Memory held outside the segment store: checkpoints, tiles, the latency log, the open segment. */
  memoryBytes(): number {
    return this.#checkpointBytes + (this.#pyramid?.bytes() ?? 0) + this.#fineBytes + this.#latency.bytes + 2 ** 20;
  }

  /** Latency of the events applied, in `columns` columns of [t0, t1) by replay clock. */
  latencyColumns(t0: number, t1: number, columns: number): LatencyColumns {
    return this.#latency.columns(t0, t1, columns);
  }

  /**
   * Applies one event. Answers whether it made a frame: false for a delta before the book's
   * first snapshot (it changes nothing and is not logged). Throws `BookDataError` on a bad level.
   */
  applyEvent(event: BookEvent): boolean {
    const existing = this.#book;
    // A complete book over an existing one is logged as what changed, so a stream of whole books
    // costs what its deltas would: keep the levels it replaces.
    const before = existing !== null && replacesBook(event) ? { bids: existing.bids.toLevels(), asks: existing.asks.toLevels() } : null;
    const book = applyBookEvent(existing, event, this.key);
    if (book === null) return false;
    let kind: LogEntry['kind'] = 'delta';
    let bids = event.bids;
    let asks = event.asks;
    if (existing === null) {
      this.#book = book;
      kind = 'replace';
      if (Number.isNaN(this.#priceStep)) this.#priceStep = levelStepOf(book.bids.toLevels(), book.asks.toLevels());
    } else if (before !== null) {
      bids = sideDiff(before.bids, book.bids, true);
      asks = sideDiff(before.asks, book.asks, false);
    }
    this.#latency.push(Math.max(this.#clock, event.collectorTimestamp), event.collectorTimestamp, event.exchangeTimestamp);
    this.#log({
      clock: Math.max(this.#clock, event.collectorTimestamp),
      collectorTimestamp: event.collectorTimestamp,
      exchangeTimestamp: event.exchangeTimestamp ?? Number.NaN,
      kind,
      sourceSnapshot: event.isSnapshot,
      bids,
      asks,
    });
    return true;
  }

  /** Clears the book at `collectorTimestamp`; answers whether that made a frame (false when there was no book). */
  applyReset(collectorTimestamp: number): boolean {
    if (this.#book === null) return false;
    this.#book = null;
    this.#marks.cleared();
    this.#log({ clock: Math.max(this.#clock, collectorTimestamp), collectorTimestamp, exchangeTimestamp: Number.NaN, kind: 'reset', sourceSnapshot: false, bids: emptyLevels, asks: emptyLevels });
    return true;
  }

  /** The end of the data: the heatmap's open columns are finished. */
  finish(): void {
    this.#pyramid?.finish();
  }

  /** Frees the log. */
  close(): void {
    this.#fineTiles.clear();
    this.#fineBytes = 0;
  }

  /** The last entry whose replay clock is ≤ t; −1 before the first. */
  indexAt(t: number): number {
    if (this.#entries === 0 || t < this.#firstClock) return -1;
    if (t >= this.#clock) return this.#entries - 1;
    // The segment whose first clock is the last one ≤ t.
    let low = 0;
    let high = this.#segments.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#segments[mid]?.firstClock ?? Number.POSITIVE_INFINITY) <= t) low = mid + 1;
      else high = mid;
    }
    const openFirst = this.#builder.count > 0 ? this.#builder.firstClock : Number.POSITIVE_INFINITY;
    if (openFirst <= t) return this.#openFirstIndex + this.#openSegment().lastAtOrBefore(t);
    const ref = this.#segments[low - 1];
    if (ref === undefined) return -1;
    return ref.firstIndex + this.#store.get(ref.handle).lastAtOrBefore(t);
  }

  /** The replay clock of entry i (NaN out of range). */
  clockAt(i: number): number {
    const at = this.#locate(i);
    return at === null ? Number.NaN : (at.segment.clocks[at.j] ?? Number.NaN);
  }

  /** Frames of entries [first, first + count), one per entry. */
  frames(first: number, count: number): TrackFrames {
    const from = Math.max(0, Math.min(first, this.#entries));
    const to = Math.min(this.#entries, from + Math.max(0, count));
    const n = to - from;
    const { recorder, take } = this.#recorder(Math.max(1, n));
    const indices = new Float64Array(n);
    const clocks = new Float64Array(n);
    let k = 0;
    this.#replay(from, to, {
      after: (i, book, segment, j) => {
        if (i < from) return true;
        indices[k] = i;
        clocks[k] = segment.clocks[j] ?? Number.NaN;
        this.#record(recorder, book, segment, j);
        k++;
        return true;
      },
    });
    return { chunk: take(), indices, clocks };
  }

  /**
   * The book as it stood at the end of each `strideMs` slot of [t0, t1] (slots from t0), at most
   * `maxFrames`: for playback faster than one frame per event. The first frame is the book
   * standing at t0.
   */
  sampledFrames(t0: number, t1: number, strideMs: number, maxFrames: number): TrackFrames {
    const start = Math.max(0, this.indexAt(t0));
    const slotOf = (clock: number): number => Math.floor((clock - t0) / strideMs);
    const { recorder, take } = this.#recorder(Math.max(1, maxFrames));
    const indices: number[] = [];
    const clocks: number[] = [];
    let pending: { i: number; clock: number; slot: number; segment: LogSegment; j: number } | null = null;
    let scratch: OrderBook | null = null;
    const flush = (): void => {
      if (pending === null) return;
      indices.push(pending.i);
      clocks.push(pending.clock);
      this.#record(recorder, scratch, pending.segment, pending.j);
      pending = null;
    };
    this.#replay(start, this.#entries, {
      before: (i, clock) => {
        if (i <= start) return true;
        if (clock > t1 || indices.length >= maxFrames) return false;
        if (pending !== null && slotOf(clock) !== pending.slot) flush();
        return true;
      },
      after: (i, book, segment, j) => {
        if (i < start) return true;
        scratch = book;
        const clock = segment.clocks[j] ?? Number.NaN;
        pending = { i, clock, slot: i === start ? -1 : slotOf(clock), segment, j };
        if (i === start) flush();
        return true;
      },
    });
    if (indices.length < maxFrames) flush();
    return { chunk: take(), indices: Float64Array.from(indices), clocks: Float64Array.from(clocks) };
  }

  /** One heatmap tile (see `LiquidityPyramid.tile`); levels finer than the ones built while reading are rebuilt from the log. Null before the first book. */
  tile(level: number, index: number, rowShift: number, rowMin?: number, rowMax?: number): TilePayload | null {
    const pyramid = this.#pyramid;
    if (pyramid === null) return null;
    if (level >= pyramid.levels.from) return pyramid.tile(level, index, rowShift, rowMin, rowMax);
    return this.#fineTile(level, index).tile(level, index, rowShift, rowMin, rowMax);
  }

  /** Indices of the tiles of a built level that hold data. */
  tileIndices(level: number): number[] {
    return this.#pyramid?.tileIndices(level) ?? [];
  }

  #log(entry: LogEntry): void {
    if (this.#entries === 0) this.#firstClock = entry.clock;
    this.#clock = entry.clock;
    this.#builder.append(entry);
    this.#openPeek = null;
    const index = this.#entries++;
    const book = this.#book;
    this.#feedPyramid(entry.clock, book);
    const crossing = book === null ? 'none' : book.health.crossing;
    if (crossing === 'crossed') this.#crossedFrames++;
    else if (crossing === 'locked') this.#lockedFrames++;
    this.#marks.frame(index, entry.clock, entry.collectorTimestamp, crossing);
    if (this.#builder.full) this.#cutSegment();
    if (this.#entries % this.#checkpointEvery === 0) this.#addCheckpoint();
  }

  #feedPyramid(clock: number, book: OrderBook | null): void {
    if (this.#pyramid === null) {
      if (book === null) return;
      if (!(this.#priceStep > 0)) this.#priceStep = this.#entries > stepSearchEntries ? fallbackStep(book) : levelStepOf(book.bids.toLevels(), book.asks.toLevels());
      if (!(this.#priceStep > 0)) return;
      this.#pyramid = new LiquidityPyramid(this.#priceStep, this.#settings.depth, ingestLevels);
    }
    if (book === null) {
      this.#pyramid.clearBook(clock);
      return;
    }
    const depth = this.#settings.depth;
    book.bids.readTop(depth, this.#topBidPrices, this.#topBidSizes, 0);
    book.asks.readTop(depth, this.#topAskPrices, this.#topAskSizes, 0);
    this.#pyramid.setBook(clock, this.#topBidPrices, this.#topBidSizes, this.#topAskPrices, this.#topAskSizes);
  }

  #cutSegment(): void {
    const count = this.#builder.count;
    const firstClock = this.#builder.firstClock;
    const segment = this.#builder.pack();
    const handle = this.#store.put(segment);
    this.#segments.push({ handle, firstIndex: this.#openFirstIndex, count, firstClock, lastClock: segment.clocks[count - 1] ?? firstClock });
    this.#openFirstIndex += count;
    this.#openPeek = null;
  }

  #openSegment(): LogSegment {
    this.#openPeek ??= this.#builder.peek();
    return this.#openPeek;
  }

  #addCheckpoint(): void {
    const state = this.#book === null ? null : this.#book.saveState();
    const bytes = state === null ? 0 : state.bids.byteLength + state.asks.byteLength;
    this.#checkpoints.push({ index: this.#entries, state, bytes });
    this.#checkpointBytes += bytes;
    if (this.#checkpointBytes > this.#settings.maxCheckpointBytes && this.#checkpoints.length > 2) {
      // Keep the first and every other one after it; the spacing doubles.
      this.#checkpoints = this.#checkpoints.filter((_, i) => i % 2 === 0);
      this.#checkpointBytes = this.#checkpoints.reduce((sum, checkpoint) => sum + checkpoint.bytes, 0);
      this.#checkpointEvery *= 2;
    }
  }

  /** The last checkpoint at or before entry `index`. */
  #checkpointBefore(index: number): Checkpoint {
    let low = 0;
    let high = this.#checkpoints.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((this.#checkpoints[mid]?.index ?? 0) <= index) low = mid;
      else high = mid - 1;
    }
    const checkpoint = this.#checkpoints[low];
    if (checkpoint === undefined) throw new Error('a track always holds its first checkpoint');
    return checkpoint;
  }

  /** Where entry i sits: its segment and position. */
  #locate(i: number): { segment: LogSegment; j: number } | null {
    if (i < 0 || i >= this.#entries) return null;
    if (i >= this.#openFirstIndex) return { segment: this.#openSegment(), j: i - this.#openFirstIndex };
    let low = 0;
    let high = this.#segments.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((this.#segments[mid]?.firstIndex ?? 0) <= i) low = mid;
      else high = mid - 1;
    }
    const ref = this.#segments[low];
    return ref === undefined ? null : { segment: this.#store.get(ref.handle), j: i - ref.firstIndex };
  }

  /**
   * Rebuilds the book from the checkpoint at or before `from` and applies entries up to `to`
   * (exclusive), calling the visitor around each; entries before `from` are applied silently
   * unless the visitor looks at them.
   */
  #replay(from: number, to: number, visitor: ReplayVisitor): void {
    const checkpoint = this.#checkpointBefore(from);
    let book: OrderBook | null = checkpoint.state === null ? null : OrderBook.fromState(checkpoint.state);
    const scratch = book ?? new OrderBook(this.key);
    let i = checkpoint.index;
    while (i < to) {
      const at = this.#locate(i);
      if (at === null) return;
      const { segment } = at;
      for (let j = at.j; j < segment.count && i < to; j++, i++) {
        const clock = segment.clocks[j] ?? Number.NaN;
        if (visitor.before?.(i, clock) === false) return;
        const kind = segment.kindAt(j);
        if (kind === logEntryKinds.reset) book = null;
        else {
          book ??= scratch;
          if (kind === logEntryKinds.replace) book.applySnapshot(segment.bidsAt(j), segment.asksAt(j));
          else book.applyDelta(segment.bidsAt(j), segment.asksAt(j));
          book.noteApplied(segment.collectorTimestamps[j] ?? Number.NaN, segment.sourceSnapshotAt(j));
        }
        if (visitor.after?.(i, book, segment, j) === false) return;
      }
    }
  }

  /** A recorder of one chunk of `capacity` frames; `take()` hands it over (empty when nothing was recorded). */
  #recorder(capacity: number): { recorder: FrameRecorder; take: () => FrameChunk } {
    let chunk: FrameChunk | null = null;
    const recorder = new FrameRecorder({
      depth: this.#settings.depth,
      bandBps: this.#settings.bandBps,
      imbalanceLevels: this.#settings.depth,
      chunkFrames: capacity,
      onChunk: (full) => (chunk = full),
    });
    return {
      recorder,
      take: () => {
        recorder.flush();
        return chunk ?? emptyChunk(this.#settings.depth);
      },
    };
  }

  #emptyBook: OrderBook | null = null;

  #record(recorder: FrameRecorder, book: OrderBook | null, segment: LogSegment, j: number): void {
    const collector = segment.collectorTimestamps[j] ?? Number.NaN;
    const exchange = segment.exchangeTimestamps[j] ?? Number.NaN;
    const exchangeOrNull = Number.isNaN(exchange) ? null : exchange;
    if (book === null) {
      this.#emptyBook ??= new OrderBook(this.key);
      recorder.push(this.#emptyBook, collector, false, exchangeOrNull, frameFlags.reset);
    } else recorder.push(book, collector, segment.sourceSnapshotAt(j), exchangeOrNull);
  }

  /** The pyramid of one fine tile, from the log (cached within a byte budget; rebuilt while the tile is still filling). */
  #fineTile(level: number, index: number): LiquidityPyramid {
    const key = `${level}:${index}`;
    const cached = this.#fineTiles.get(key);
    const span = tileSpanOf(level);
    const t0 = index * span;
    const t1 = t0 + span;
    if (cached !== undefined && (cached.builtAt >= t1 || cached.builtAt === this.#clock)) {
      this.#fineTiles.delete(key);
      this.#fineTiles.set(key, cached);
      return cached.pyramid;
    }
    if (cached !== undefined) {
      this.#fineTiles.delete(key);
      this.#fineBytes -= cached.bytes;
    }
    const pyramid = new LiquidityPyramid(this.#pyramid?.priceStep ?? 1, this.#settings.depth, { from: level, to: level });
    const start = this.indexAt(t0);
    const depth = this.#settings.depth;
    const feed = (clock: number, book: OrderBook | null): void => {
      if (book === null) {
        pyramid.clearBook(clock);
        return;
      }
      book.bids.readTop(depth, this.#topBidPrices, this.#topBidSizes, 0);
      book.asks.readTop(depth, this.#topAskPrices, this.#topAskSizes, 0);
      pyramid.setBook(clock, this.#topBidPrices, this.#topBidSizes, this.#topAskPrices, this.#topAskSizes);
    };
    if (start < 0) pyramid.advance(t0);
    this.#replay(Math.max(0, start), this.#entries, {
      before: (_i, clock) => clock < t1,
      after: (i, book, segment, j) => {
        if (i >= start) feed(i === start ? t0 : (segment.clocks[j] ?? t0), book);
        return true;
      },
    });
    const builtAt = this.#clock;
    pyramid.advance(Math.min(t1, builtAt));
    const bytes = pyramid.bytes();
    this.#fineTiles.set(key, { pyramid, builtAt: builtAt >= t1 ? t1 : builtAt, bytes });
    this.#fineBytes += bytes;
    for (const [oldKey, old] of this.#fineTiles) {
      if (this.#fineBytes <= this.#settings.fineTileBytes || oldKey === key) break;
      this.#fineTiles.delete(oldKey);
      this.#fineBytes -= old.bytes;
    }
    return pyramid;
  }
}

/** Entries a track reads its price step from adjacent levels before falling back to `fallbackStep`. */
const stepSearchEntries = 64;

/** A price step for a book that never shows two levels on a side: 1/100,000 of its best price, as a power of ten. */
function fallbackStep(book: OrderBook): number {
  const price = Number.isNaN(book.bids.priceAt(0)) ? book.asks.priceAt(0) : book.bids.priceAt(0);
  return price > 0 ? 10 ** Math.floor(Math.log10(price * 1e-5)) : Number.NaN;
}

function emptyChunk(depth: number): FrameChunk {
  return { depth, capacity: 1, count: 0, buffer: new ArrayBuffer(0) };
}

import { metricCount, writeBookMetrics, type MetricsOptions } from './book-metrics.ts';
import type { OrderBook } from './order-book.ts';

/** Bits of a frame's `flags` value. */
export const frameFlags = { sourceSnapshot: 1, crossed: 2, locked: 4, reset: 8 } as const;

/**
 * A chunk of playback frames in one transferable `ArrayBuffer` (post it with the buffer in the
 * transfer list). The header is plain numbers; `frameViews` rebuilds the typed views anywhere.
 */
export interface FrameChunk {
  /** Levels per side in every frame. */
  depth: number;
  /** Frames the buffer has room for. */
  capacity: number;
  /** Frames written. */
  count: number;
  buffer: ArrayBuffer;
}

/**
 * Typed views over a chunk. Frame f, level i (0 = best): `bidPrices[f * depth + i]`; slots past
 * the last level are NaN. Metrics of frame f: `metrics[f * metricCount + k]` in `metricFields`
 * order. `flags[f]` holds `frameFlags` bits.
 */
export interface FrameViews {
  /** Collector time of the event that produced each frame. */
  timestamps: Float64Array;
  /** The venue's time of that event; NaN where the venue gave none (unknown, never guessed). */
  exchangeTimestamps: Float64Array;
  bidPrices: Float64Array;
  bidSizes: Float64Array;
  askPrices: Float64Array;
  askSizes: Float64Array;
  metrics: Float64Array;
  flags: Float64Array;
}

/** Bytes one frame takes in a chunk: 8 per timestamp (collector and exchange), level value, metric and flag word. */
export function frameBytes(depth: number): number {
  return 8 * (2 + 4 * depth + metricCount + 1);
}

/** Typed views over a chunk's buffer (no copy). */
export function frameViews(chunk: FrameChunk): FrameViews {
  const { buffer, capacity: c, depth } = chunk;
  const levels = c * depth;
  let offset = 0;
  const take = (length: number): Float64Array => {
    const view = new Float64Array(buffer, offset, length);
    offset += length * 8;
    return view;
  };
  return {
    timestamps: take(c),
    exchangeTimestamps: take(c),
    bidPrices: take(levels),
    bidSizes: take(levels),
    askPrices: take(levels),
    askSizes: take(levels),
    metrics: take(c * metricCount),
    flags: take(c),
  };
}

/** A chunk with room for `capacity` frames, `count` of them counted, whose levels and metrics all read NaN (empty), ready to be written by hand. */
export function blankFrameChunk(depth: number, capacity: number, count = 0): FrameChunk {
  const chunk: FrameChunk = { depth, capacity, count, buffer: new ArrayBuffer(capacity * frameBytes(depth)) };
  const views = frameViews(chunk);
  for (const values of [views.bidPrices, views.bidSizes, views.askPrices, views.askSizes, views.metrics]) values.fill(Number.NaN);
  return chunk;
}

/** Settings for a frame recorder. */
export interface FrameRecorderOptions extends MetricsOptions {
  /** Levels per side in a frame (default 25). */
  depth?: number;
  /** Frames per chunk (default 4096). */
  chunkFrames?: number;
  /** Called with each chunk as it fills; the recorder never touches it again. */
  onChunk?: (chunk: FrameChunk) => void;
}

/**
 * Appends one frame per applied event (top levels, metrics, flags) into fixed-size chunks.
 * A full chunk goes to `onChunk`; `flush()` hands over the last, partial one.
 */
export class FrameRecorder {
  readonly depth: number;
  private readonly chunkFrames: number;
  private readonly options: MetricsOptions;
  private readonly onChunk: ((chunk: FrameChunk) => void) | undefined;
  private chunk: FrameChunk | null = null;
  private views: FrameViews | null = null;
  private recorded = 0;

  constructor(options: FrameRecorderOptions = {}) {
    this.depth = options.depth ?? 25;
    this.chunkFrames = options.chunkFrames ?? 4096;
    this.options = { imbalanceLevels: options.imbalanceLevels ?? this.depth, bandBps: options.bandBps ?? 10 };
    this.onChunk = options.onChunk;
  }

  /** Frames recorded so far, over all chunks. */
  get frameCount(): number {
    return this.recorded;
  }

  /**
   * Records the book as it stands after an event at `collectorTimestamp`; `exchangeTimestamp` is
   * the venue's time of that event, null (stored as NaN) when it gave none; `extraFlags` are
   * ORed into the frame's flags (`frameFlags.reset` for the empty frame of a cleared book).
   */
  push(book: OrderBook, collectorTimestamp: number, isSnapshot = book.lastEventWasSnapshot, exchangeTimestamp: number | null = null, extraFlags = 0): void {
    let chunk = this.chunk;
    let views = this.views;
    if (chunk === null || views === null) {
      chunk = { depth: this.depth, capacity: this.chunkFrames, count: 0, buffer: new ArrayBuffer(this.chunkFrames * frameBytes(this.depth)) };
      views = frameViews(chunk);
      this.chunk = chunk;
      this.views = views;
    }
    const f = chunk.count;
    const at = f * this.depth;
    views.timestamps[f] = collectorTimestamp;
    views.exchangeTimestamps[f] = exchangeTimestamp ?? Number.NaN;
    book.bids.readTop(this.depth, views.bidPrices, views.bidSizes, at);
    book.asks.readTop(this.depth, views.askPrices, views.askSizes, at);
    writeBookMetrics(book, views.metrics, f * metricCount, this.options);
    const crossing = book.health.crossing;
    views.flags[f] =
      (isSnapshot ? frameFlags.sourceSnapshot : 0) |
      (crossing === 'crossed' ? frameFlags.crossed : 0) |
      (crossing === 'locked' ? frameFlags.locked : 0) |
      extraFlags;
    chunk.count = f + 1;
    this.recorded++;
    if (chunk.count === chunk.capacity) this.handOver();
  }

  /** Hands over the partial chunk, if any, and returns it (also given to `onChunk`). */
  flush(): FrameChunk | null {
    const chunk = this.chunk;
    if (chunk === null || chunk.count === 0) return null;
    this.handOver();
    return chunk;
  }

  private handOver(): void {
    const chunk = this.chunk;
    this.chunk = null;
    this.views = null;
    if (chunk !== null) this.onChunk?.(chunk);
  }
}

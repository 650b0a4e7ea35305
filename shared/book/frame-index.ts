import { frameViews, type FrameChunk, type FrameViews } from './book-frames.ts';
import { metricCount } from './book-metrics.ts';

/** Where one frame sits: its chunk's views and its position in the chunk. */
export interface FrameLocation {
  views: FrameViews;
  /** Frame position inside the chunk. */
  f: number;
  depth: number;
}

/**
 * The frames of one book as they arrive (chunks in order), indexed for playback: frame i's
 * collector time, its replay clock (the running maximum of collector times, so it never steps
 * back when a file does) and where its levels and metrics sit. Seeking is a binary search over
 * the replay clock.
 */
export class FrameIndex {
  readonly #chunks: { chunk: FrameChunk; views: FrameViews; first: number }[] = [];
  #clocks = new Float64Array(4096);
  #count = 0;
  #depth = 0;

  /** Frames indexed. */
  get count(): number {
    return this.#count;
  }

  /** Levels per side in every frame (0 before the first chunk). */
  get depth(): number {
    return this.#depth;
  }

  /** Adds the next chunk of this book's frames; chunks of another depth are refused. */
  append(chunk: FrameChunk): void {
    if (chunk.count === 0) return;
    if (this.#depth !== 0 && chunk.depth !== this.#depth) throw new Error(`frames of depth ${chunk.depth} cannot join frames of depth ${this.#depth}`);
    this.#depth = chunk.depth;
    const views = frameViews(chunk);
    this.#chunks.push({ chunk, views, first: this.#count });
    const needed = this.#count + chunk.count;
    if (needed > this.#clocks.length) {
      const grown = new Float64Array(Math.max(needed, this.#clocks.length * 2));
      grown.set(this.#clocks.subarray(0, this.#count));
      this.#clocks = grown;
    }
    let clock = this.#count === 0 ? Number.NEGATIVE_INFINITY : (this.#clocks[this.#count - 1] ?? Number.NEGATIVE_INFINITY);
    for (let f = 0; f < chunk.count; f++) {
      const t = views.timestamps[f] ?? Number.NaN;
      if (t > clock) clock = t;
      this.#clocks[this.#count + f] = clock;
    }
    this.#count = needed;
  }

  /** The replay clock of frame i (never decreasing). */
  clockAt(i: number): number {
    return this.#clocks[i] ?? Number.NaN;
  }

  /** The collector time of the event behind frame i (it may step back). */
  collectorTimeAt(i: number): number {
    const at = this.locate(i);
    return at === null ? Number.NaN : (at.views.timestamps[at.f] ?? Number.NaN);
  }

  /** The venue's time of the event behind frame i; NaN when the venue gave none (unknown, never guessed) or past the end. */
  exchangeTimeAt(i: number): number {
    const at = this.locate(i);
    return at === null ? Number.NaN : (at.views.exchangeTimestamps[at.f] ?? Number.NaN);
  }

  /** The last frame whose replay clock is at or before t; -1 when t is before the first. */
  indexAt(t: number): number {
    let low = 0;
    let high = this.#count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#clocks[mid] ?? Number.POSITIVE_INFINITY) <= t) low = mid + 1;
      else high = mid;
    }
    return low - 1;
  }

  /** Where frame i sits, or null past the end. */
  locate(i: number): FrameLocation | null {
    if (i < 0 || i >= this.#count) return null;
    let low = 0;
    let high = this.#chunks.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((this.#chunks[mid]?.first ?? Number.POSITIVE_INFINITY) <= i) low = mid;
      else high = mid - 1;
    }
    const entry = this.#chunks[low];
    return entry === undefined ? null : { views: entry.views, f: i - entry.first, depth: this.#depth };
  }

  /** Metric k (`metricFields` order) of frame i; NaN where a side was empty. */
  metric(i: number, k: number): number {
    const at = this.locate(i);
    return at === null ? Number.NaN : (at.views.metrics[at.f * metricCount + k] ?? Number.NaN);
  }

  /** The `frameFlags` bits of frame i. */
  flags(i: number): number {
    const at = this.locate(i);
    return at === null ? 0 : (at.views.flags[at.f] ?? 0);
  }
}

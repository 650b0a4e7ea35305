import { frameFlags } from '../../../../../shared/book/book-frames.ts';
import { metricCount } from '../../../../../shared/book/book-metrics.ts';
import type { FrameIndex } from '../../../../../shared/book/frame-index.ts';

// Bins one book's frames into a time × price grid, the heatmap's only heavy step. A frame's
// levels stand from its replay clock until the next frame's (the last frame stands until `end`),
// so a cell holds the time-weighted mean resting size in its price band over its time slot.
// Painting the grid is then one pass over cells, whatever the number of frames.

/** What to bin: the window and the grid's resolution. */
export interface GridSpec {
  /** Left edge of column 0, Unix ms. */
  t0: number;
  /** Right edge of the last column, Unix ms (> t0). */
  t1: number;
  /** Bottom edge of the last row, price. */
  p0: number;
  /** Top edge of row 0, price (> p0). */
  p1: number;
  cols: number;
  rows: number;
  /**
   * Price spacing of the book's levels (see `levelSpacing`); a level fills the rows whose centres
   * lie within half a spacing of its price, so a zoomed-in book reads as bands, not hairlines.
   * 0: each level marks the single row its price falls in.
   */
  spacing: number;
  /** When the last frame stops standing (default: the window's right edge). */
  end?: number;
}

/** The binned book: cells row-major with row 0 at the top (highest prices). */
export interface HeatmapGrid {
  cols: number;
  rows: number;
  /** Time-weighted mean resting size per cell; `cells[row * cols + col]`. */
  cells: Float64Array;
  /** Best bid in force at the end of each column's covered time; NaN where none. */
  bestBid: Float64Array;
  /** Best ask in force at the end of each column's covered time; NaN where none. */
  bestAsk: Float64Array;
  /** OR of the `frameFlags` (crossed, locked) of the frames standing in each column. */
  flags: Uint8Array;
}

/** An empty grid of the given size (or `reuse`, cleared, when it has that size). */
function emptyGrid(cols: number, rows: number, reuse?: HeatmapGrid): HeatmapGrid {
  if (reuse !== undefined && reuse.cols === cols && reuse.rows === rows) {
    reuse.cells.fill(0);
    reuse.bestBid.fill(Number.NaN);
    reuse.bestAsk.fill(Number.NaN);
    reuse.flags.fill(0);
    return reuse;
  }
  return {
    cols,
    rows,
    cells: new Float64Array(cols * rows),
    bestBid: new Float64Array(cols).fill(Number.NaN),
    bestAsk: new Float64Array(cols).fill(Number.NaN),
    flags: new Uint8Array(cols),
  };
}

const crossingFlags = frameFlags.crossed | frameFlags.locked;

/**
 * The rows a level at `price` fills (first and last, inclusive; first > last when none): those
 * whose centre lies in [price − spacing/2, price + spacing/2), or, when that band holds no row
 * centre, the one row the price falls in (row r spans (p1 − (r+1)·h, p1 − r·h]).
 */
export function levelRows(price: number, spec: Pick<GridSpec, 'p0' | 'p1' | 'rows' | 'spacing'>): [number, number] {
  const rowHeight = (spec.p1 - spec.p0) / spec.rows;
  const half = spec.spacing / 2;
  let first = Math.floor((spec.p1 - price - half) / rowHeight - 0.5) + 1;
  let last = Math.floor((spec.p1 - price + half) / rowHeight - 0.5);
  if (spec.spacing <= 0 || last < first) {
    const row = Math.floor((spec.p1 - price) / rowHeight);
    first = row;
    last = row;
  }
  return [Math.max(0, first), Math.min(spec.rows - 1, last)];
}

/**
 * Sums per price slot for the column being binned. When the book's spacing is known and the
 * window holds a modest number of its steps, each level adds to its slot (one add, whatever the
 * rows its band fills) and the column is spread over rows once, at `flush`; the rows of a slot are
 * those of the exact price first seen in it, and a price off that lattice goes straight to rows.
 */
class SlotSums {
  readonly base: number;
  readonly spacing: number;
  readonly size: number;
  readonly price: Float64Array;
  readonly first: Int32Array;
  readonly last: Int32Array;
  readonly sum: Float64Array;
  readonly stamp: Int32Array;
  readonly touched: Int32Array;
  touchedCount = 0;

  constructor(spec: GridSpec) {
    const lattice = spec.spacing > 0 ? Math.ceil((spec.p1 - spec.p0) / spec.spacing) + 3 : 0;
    this.spacing = spec.spacing;
    this.base = spec.p0 - spec.spacing;
    this.size = lattice > 0 && lattice <= 4 * spec.rows + 8 ? lattice : 0;
    this.price = new Float64Array(this.size).fill(Number.NaN);
    this.first = new Int32Array(this.size);
    this.last = new Int32Array(this.size);
    this.sum = new Float64Array(this.size);
    this.stamp = new Int32Array(this.size).fill(-1);
    this.touched = new Int32Array(this.size);
  }

  /** The slot of a price, claiming a free one; −1 when the price must go straight to rows. */
  slotOf(price: number, spec: GridSpec): number {
    if (this.size === 0) return -1;
    const k = Math.round((price - this.base) / this.spacing);
    if (k < 0 || k >= this.size) return -1;
    const held = this.price[k] ?? Number.NaN;
    if (Number.isNaN(held)) {
      const [first, last] = levelRows(price, spec);
      this.price[k] = price;
      this.first[k] = first;
      this.last[k] = last;
      return k;
    }
    return held === price ? k : -1;
  }

  /** Adds a weighted size to slot k in column `col`. */
  add(k: number, value: number, col: number): void {
    if (this.stamp[k] !== col) {
      this.stamp[k] = col;
      this.touched[this.touchedCount++] = k;
    }
    this.sum[k] = (this.sum[k] ?? 0) + value;
  }

  /** Spreads the column's slot sums over their rows and clears them. */
  flush(cells: Float64Array, cols: number, col: number): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const k = this.touched[i] ?? 0;
      const value = this.sum[k] ?? 0;
      const last = this.last[k] ?? -1;
      for (let r = this.first[k] ?? 0; r <= last; r++) cells[r * cols + col] = (cells[r * cols + col] ?? 0) + value;
      this.sum[k] = 0;
    }
    this.touchedCount = 0;
  }
}

/**
 * Bins the frames standing in the window into a `cols` × `rows` grid of time-weighted mean
 * resting size (bids and asks alike), with the best bid and ask per column and the crossing
 * flags. Cost: about frames in the window × levels (× columns each frame spans), plus one
 * spread of each column over its rows. Pass the previous grid as `reuse` to recycle its buffers
 * when the size is unchanged.
 */
export function binFrames(frames: FrameIndex, spec: GridSpec, reuse?: HeatmapGrid): HeatmapGrid {
  const { t0, t1, cols, rows } = spec;
  const grid = emptyGrid(cols, rows, reuse);
  const count = frames.count;
  const depth = frames.depth;
  if (count === 0 || cols <= 0 || rows <= 0 || !(t1 > t0) || !(spec.p1 > spec.p0)) return grid;
  const end = spec.end ?? t1;
  const slot = (t1 - t0) / cols;
  const { cells, bestBid, bestAsk, flags } = grid;
  const sums = new SlotSums(spec);
  // The current frame's levels: a slot each, or (slot −1) the rows to fill directly.
  const slotOfLevel = new Int32Array(2 * depth);
  const firstRow = new Int32Array(2 * depth);
  const lastRow = new Int32Array(2 * depth);
  const sizes = new Float64Array(2 * depth);
  let column = -1;
  let i = Math.max(0, frames.indexAt(t0));
  const stopAt = frames.indexAt(t1);
  for (; i <= stopAt && i < count; i++) {
    const from = Math.max(frames.clockAt(i), t0);
    const until = Math.min(i + 1 < count ? frames.clockAt(i + 1) : end, t1);
    if (!(until > from)) continue;
    const at = frames.locate(i);
    if (at === null) continue;
    const { views, f } = at;
    let levels = 0;
    for (let side = 0; side < 2; side++) {
      const prices = side === 0 ? views.bidPrices : views.askPrices;
      const amounts = side === 0 ? views.bidSizes : views.askSizes;
      for (let k = 0; k < depth; k++) {
        const price = prices[f * depth + k] ?? Number.NaN;
        const size = amounts[f * depth + k] ?? Number.NaN;
        if (!(size > 0) || Number.isNaN(price)) continue;
        const s = sums.slotOf(price, spec);
        if (s < 0) {
          const [first, last] = levelRows(price, spec);
          if (last < first) continue;
          firstRow[levels] = first;
          lastRow[levels] = last;
        }
        slotOfLevel[levels] = s;
        sizes[levels] = size;
        levels++;
      }
    }
    // bestBid and bestAsk are the first two of `metricFields`.
    const bid = views.metrics[f * metricCount] ?? Number.NaN;
    const ask = views.metrics[f * metricCount + 1] ?? Number.NaN;
    const crossing = (views.flags[f] ?? 0) & crossingFlags;
    const colFirst = Math.min(cols - 1, Math.floor((from - t0) / slot));
    const colLast = Math.min(cols - 1, Math.ceil((until - t0) / slot) - 1);
    for (let c = colFirst; c <= colLast; c++) {
      const slotStart = t0 + c * slot;
      const overlap = Math.min(until, slotStart + slot) - Math.max(from, slotStart);
      if (!(overlap > 0)) continue;
      if (c !== column) {
        if (column >= 0) sums.flush(cells, cols, column);
        column = c;
      }
      const weight = overlap / slot;
      for (let l = 0; l < levels; l++) {
        const add = (sizes[l] ?? 0) * weight;
        const s = slotOfLevel[l] ?? -1;
        if (s >= 0) {
          sums.add(s, add, c);
          continue;
        }
        const last = lastRow[l] ?? -1;
        for (let r = firstRow[l] ?? 0; r <= last; r++) cells[r * cols + c] = (cells[r * cols + c] ?? 0) + add;
      }
      bestBid[c] = bid;
      bestAsk[c] = ask;
      flags[c] = (flags[c] ?? 0) | crossing;
    }
  }
  if (column >= 0) sums.flush(cells, cols, column);
  return grid;
}

/**
 * The book's level spacing (its tick, as the data shows it): the smallest gap between adjacent
 * levels on either side over up to `samples` evenly spaced frames; 0 when no frame has two levels.
 */
export function levelSpacing(frames: FrameIndex, samples = 64): number {
  const count = frames.count;
  let spacing = Number.POSITIVE_INFINITY;
  const step = Math.max(1, Math.floor(count / samples));
  for (let i = 0; i < count; i += step) {
    const at = frames.locate(i);
    if (at === null) continue;
    const { views, f, depth } = at;
    for (const prices of [views.bidPrices, views.askPrices]) {
      for (let k = 1; k < depth; k++) {
        const gap = Math.abs((prices[f * depth + k] ?? Number.NaN) - (prices[f * depth + k - 1] ?? Number.NaN));
        if (gap > 0 && gap < spacing) spacing = gap;
      }
    }
  }
  return Number.isFinite(spacing) ? spacing : 0;
}

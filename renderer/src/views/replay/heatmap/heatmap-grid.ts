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
 * Bins the frames standing in the window into a `cols` × `rows` grid of time-weighted mean
 * resting size (bids and asks alike), with the best bid and ask per column and the crossing
 * flags. Cost: frames in the window × levels × columns each frame spans. Pass the previous grid
 * as `reuse` to recycle its buffers when the size is unchanged.
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
  // Rows of each level of the current frame: [first, last] per level, bids then asks.
  const firstRow = new Int32Array(2 * depth);
  const lastRow = new Int32Array(2 * depth);
  const sizes = new Float64Array(2 * depth);
  const rowSpec = { p0: spec.p0, p1: spec.p1, rows, spacing: spec.spacing };
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
    for (let k = 0; k < depth; k++) {
      levels = addLevel(views.bidPrices[f * depth + k], views.bidSizes[f * depth + k], rowSpec, firstRow, lastRow, sizes, levels);
      levels = addLevel(views.askPrices[f * depth + k], views.askSizes[f * depth + k], rowSpec, firstRow, lastRow, sizes, levels);
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
      const weight = overlap / slot;
      for (let l = 0; l < levels; l++) {
        const add = (sizes[l] ?? 0) * weight;
        const last = lastRow[l] ?? -1;
        for (let r = firstRow[l] ?? 0; r <= last; r++) cells[r * cols + c] = (cells[r * cols + c] ?? 0) + add;
      }
      bestBid[c] = bid;
      bestAsk[c] = ask;
      flags[c] = (flags[c] ?? 0) | crossing;
    }
  }
  return grid;
}

/** Records one level's rows and size at position `levels` when it is in the window; returns the new count. */
function addLevel(
  price: number | undefined,
  size: number | undefined,
  spec: Pick<GridSpec, 'p0' | 'p1' | 'rows' | 'spacing'>,
  firstRow: Int32Array,
  lastRow: Int32Array,
  sizes: Float64Array,
  levels: number,
): number {
  if (price === undefined || size === undefined || !(size > 0) || Number.isNaN(price)) return levels;
  const [first, last] = levelRows(price, spec);
  if (last < first) return levels;
  firstRow[levels] = first;
  lastRow[levels] = last;
  sizes[levels] = size;
  return levels + 1;
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

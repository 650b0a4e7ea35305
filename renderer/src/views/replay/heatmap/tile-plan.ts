import { bucketMsOf, maxTileLevel, tileIndexAt, tileSpanOf } from '../../../../../shared/book/replay/liquidity-tiles.ts';
import type { HeatmapViewport, PlotSize } from './heatmap-viewport.ts';

// Which heatmap tiles a view needs: the level whose buckets are at least a pixel wide (so no
// bucket is dropped when drawn), rows banded so each is at least a pixel tall, the tiles from the
// window's left edge to the playback cursor (nothing after it is drawn), and the rows to ask for:
// the window's price range plus a window above and below, on a 64-row grid so small pans reuse
// what is loaded.

/** What to ask for and draw. */
export interface TilePlan {
  level: number;
  rowShift: number;
  /** Tile indices of the level, left to right. */
  indices: number[];
  /** Rows (in bands of 2^rowShift steps) to ask for, inclusive. */
  rowMin: number;
  rowMax: number;
  /** Rows the window itself shows (a cached tile must hold at least these). */
  needMin: number;
  needMax: number;
}

/** Rows are asked for on a grid of this many, so a small pan asks for nothing new. */
const rowGrid = 64;

/** The finest level whose bucket is at least `msPerPx` wide (at least one pixel a bucket). */
export function levelFor(msPerPx: number): number {
  if (!(msPerPx > 1)) return 0;
  return Math.min(maxTileLevel, Math.ceil(Math.log(msPerPx) / Math.log(4) - 1e-9));
}

/** The smallest band of 2^shift price steps that is at least a pixel tall. */
export function rowShiftFor(pxPerStep: number): number {
  if (!(pxPerStep > 0)) return 0;
  return pxPerStep >= 1 ? 0 : Math.min(40, Math.ceil(Math.log2(1 / pxPerStep) - 1e-9));
}

/** The tiles, level and rows a window of `plot` pixels needs, up to time `until`; null when nothing can be drawn. */
export function planTiles(view: HeatmapViewport, plot: PlotSize, priceStep: number, until: number): TilePlan | null {
  if (!(plot.width > 0) || !(plot.height > 0) || !(view.t1 > view.t0) || !(view.p1 > view.p0) || !(priceStep > 0)) return null;
  const level = levelFor((view.t1 - view.t0) / plot.width);
  const rowShift = rowShiftFor((plot.height * priceStep) / (view.p1 - view.p0));
  const rowHeight = priceStep * 2 ** rowShift;
  // Row R spans prices [(R·2^s − ½)·step, ((R+1)·2^s − ½)·step).
  const rowOf = (price: number): number => Math.floor((price / priceStep + 0.5) / 2 ** rowShift);
  const needMin = rowOf(view.p0);
  const needMax = rowOf(view.p1);
  const margin = Math.ceil((view.p1 - view.p0) / rowHeight);
  const rowMin = Math.floor((needMin - margin) / rowGrid) * rowGrid;
  const rowMax = Math.ceil((needMax + margin + 1) / rowGrid) * rowGrid - 1;
  const last = Math.min(view.t1, until);
  const indices: number[] = [];
  if (last >= view.t0) for (let index = tileIndexAt(level, view.t0); index <= tileIndexAt(level, last); index++) indices.push(index);
  return { level, rowShift, indices, rowMin, rowMax, needMin, needMax };
}

/** Time span of one tile of a level and its bucket, for drawing (re-exported for the painter). */
export function tileGeometry(level: number): { span: number; bucketMs: number } {
  return { span: tileSpanOf(level), bucketMs: bucketMsOf(level) };
}

import type { Footprint } from '../../../../../shared/research/footprint.ts';

/** Where the chart puts things, in CSS pixels of the main pane (read from lightweight-charts). */
export interface FootprintFrame {
  /** The x of a candle's centre by its open time, or null when the scale has no such bar. */
  xOf: (openTime: number) => number | null;
  /** The y of a price, or null before the price scale is ready. */
  yOf: (price: number) => number | null;
  /** Pixels from one bar's centre to the next. */
  barSpacing: number;
  /** The pane's width; candles whose column lies wholly outside [0, width] are not laid out. */
  width: number;
}

/** What the footprint shows. */
export interface FootprintModel {
  footprint: Footprint;
  /** The price step the footprint was cut with. */
  step: number;
  /** Whether all of a candle's trades are loaded (`trade-coverage.ts`); an incomplete candle gets no cells. */
  complete: (openTime: number) => boolean;
}

/** One cell of a candle: the bid half left of `mid`, the ask half right of it. */
export interface LaidCell {
  /** Index of the candle and of the cell in the footprint's columns. */
  candle: number;
  cell: number;
  left: number;
  mid: number;
  right: number;
  top: number;
  bottom: number;
  /** Bid and ask volume against the largest one-side volume of the candles laid out, 0…1 (the shade). */
  bidShade: number;
  askShade: number;
}

/** One candle laid out. */
export interface LaidCandle {
  candle: number;
  openTime: number;
  /** Centre x, and the column's left and right edges. */
  x: number;
  left: number;
  right: number;
  /** False: its trades are not all loaded, so it has no cells (the chart draws its plain candle). */
  complete: boolean;
  /** The POC's price (its bucket's lower edge), and its row's top and bottom (null when incomplete or without volume). */
  pocPrice: number | null;
  pocTop: number | null;
  pocBottom: number | null;
}

/** The footprint of the candles in view, in pane pixels. */
export interface FootprintLayout {
  candles: LaidCandle[];
  cells: LaidCell[];
  /** True when cells are wide and tall enough to print "bid × ask" in them. */
  numbers: boolean;
}

/** The share of the bar spacing a candle's column takes (the rest is the gap between candles). */
export const columnShare = 0.9;
/** Cells print their numbers from this half-width (px) and row height (px) up. */
export const numbersFrom = { halfWidth: 34, rowHeight: 11 };

/** Index of the first candle whose open time is ≥ `time` (binary search over ascending times). */
function firstAtOrAfter(times: Float64Array, time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] ?? Number.POSITIVE_INFINITY) < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Lays out the footprint of the candles whose open time lies in [fromTime, toTime] (the visible
 * range): each candle's column is centred on its x with a width of 90 % of the bar spacing; a
 * cell's rows run from y(price + step) (top) to y(price) (bottom); bid on the left half, ask on
 * the right. Incomplete candles are laid out without cells. Shades are relative to the largest
 * one-side volume among the cells laid out, so the picture stays readable at any zoom.
 */
export function layoutFootprint(model: FootprintModel, frame: FootprintFrame, fromTime: number, toTime: number): FootprintLayout {
  const { footprint, step } = model;
  const { candles: fc, cells: cellColumns } = footprint;
  const half = (frame.barSpacing * columnShare) / 2;
  const candles: LaidCandle[] = [];
  const cells: LaidCell[] = [];
  let maxSide = 0;
  let minRow = Number.POSITIVE_INFINITY;
  const end = fc.openTime.length;
  for (let c = firstAtOrAfter(fc.openTime, fromTime); c < end; c++) {
    const openTime = fc.openTime[c] ?? Number.NaN;
    if (openTime > toTime) break;
    const x = frame.xOf(openTime);
    if (x === null || x + half < 0 || x - half > frame.width) continue;
    const laid: LaidCandle = { candle: c, openTime, x, left: x - half, right: x + half, complete: model.complete(openTime), pocPrice: null, pocTop: null, pocBottom: null };
    candles.push(laid);
    if (!laid.complete) continue;
    const poc = fc.pocPrice[c] ?? Number.NaN;
    for (let i = fc.cellStart[c] ?? 0; i < (fc.cellStart[c + 1] ?? 0); i++) {
      const price = cellColumns.price[i] ?? Number.NaN;
      const bottom = frame.yOf(price);
      const top = frame.yOf(price + step);
      if (bottom === null || top === null) continue;
      const bid = cellColumns.bidVolume[i] ?? 0;
      const ask = cellColumns.askVolume[i] ?? 0;
      maxSide = Math.max(maxSide, bid, ask);
      minRow = Math.min(minRow, bottom - top);
      cells.push({ candle: c, cell: i, left: laid.left, mid: x, right: laid.right, top, bottom, bidShade: bid, askShade: ask });
      if (price === poc) {
        laid.pocPrice = poc;
        laid.pocTop = top;
        laid.pocBottom = bottom;
      }
    }
  }
  for (const cell of cells) {
    cell.bidShade = maxSide > 0 ? cell.bidShade / maxSide : 0;
    cell.askShade = maxSide > 0 ? cell.askShade / maxSide : 0;
  }
  const numbers = cells.length > 0 && half >= numbersFrom.halfWidth && minRow >= numbersFrom.rowHeight;
  return { candles, cells, numbers };
}

/** The cell under a point of the pane, or null. */
export function cellAt(layout: FootprintLayout, x: number, y: number): LaidCell | null {
  for (const cell of layout.cells) {
    if (x >= cell.left && x < cell.right && y >= cell.top && y < cell.bottom) return cell;
  }
  return null;
}

/** The candle whose column holds x, or null. */
export function candleAt(layout: FootprintLayout, x: number): LaidCandle | null {
  return layout.candles.find((candle) => x >= candle.left && x < candle.right) ?? null;
}

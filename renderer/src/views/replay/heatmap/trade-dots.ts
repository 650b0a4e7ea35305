import { priceToY, timeToX, type HeatmapViewport, type PlotSize } from './heatmap-viewport.ts';
import { firstAtOrAfter } from './trade-flow.ts';

// Trades become dots on the heatmap, placed by the very mapping the tiles, the best lines and the
// cursor use (`timeToX`, `priceToY` over the whole view), and only those up to the cursor. Trades
// of one side landing in the same few-pixel cell merge into one dot drawn at the newest of them
// (a real trade's time and price, so it sits on the book line, and the newest trade is always
// drawn where it was); its area grows with the cell's total quantity, against a high quantile of
// the visible dots. A busy hour so draws a bounded number of dots.

/** The trades the heatmap draws, as columns sorted by time. */
export interface HeatmapTrades {
  /** Unix ms, ascending. */
  time: ArrayLike<number>;
  price: ArrayLike<number>;
  quantity: ArrayLike<number>;
  /** 1 buy (taker bought), −1 sell, 0 unknown. */
  side: ArrayLike<number>;
}

/** One dot to draw, in plot pixels, at the newest trade merged into it. */
export interface TradeDot {
  /** The time and price of the trade the dot stands at (the newest merged into it). */
  time: number;
  price: number;
  x: number;
  y: number;
  radius: number;
  /** 1 buy, −1 sell, 0 unknown (any other value counts as unknown). */
  side: number;
  /** Total quantity of the trades merged into the dot. */
  quantity: number;
  trades: number;
}

/** Radius bounds of a dot, CSS px. */
export const dotRadius = { min: 1.5, max: 7.5 } as const;

/** First index with `time[i] >= t` (binary search; the trade flow's search). */
export const firstTradeAt = firstAtOrAfter;

/** Per-cell sums, reused between calls (a generation stamp marks which cells this call touched). */
const cells = { sumQ: new Float64Array(0), newest: new Int32Array(0), count: new Uint32Array(0), stamp: new Uint32Array(0), generation: 0 };

function ensureCells(size: number): void {
  if (cells.sumQ.length >= size) return;
  cells.sumQ = new Float64Array(size);
  cells.newest = new Int32Array(size);
  cells.count = new Uint32Array(size);
  cells.stamp = new Uint32Array(size);
  cells.generation = 0;
}

/**
 * The dots of the trades with time in [view.t0, min(view.t1, until)] and price in the view: x and
 * y by `timeToX` and `priceToY` over the whole view (the mapping of the tiles and the cursor, never
 * a scale stretched to the cursor), merged per side within `cellPx`-square cells, each drawn at its
 * newest trade, with radius from `dotRadius.min` up to `dotRadius.max` at the 99th percentile of
 * the dots' quantities (area ∝ quantity). Dots come in the order their cells were first hit. Sums
 * live in typed arrays, so a busy hour's 200,000 trades in view cost one pass and no objects per trade.
 */
export function tradeDots(trades: HeatmapTrades, view: HeatmapViewport, size: PlotSize, cellPx = 4, until = view.t1): TradeDot[] {
  const columns = Math.ceil(size.width / cellPx) + 1;
  const rows = Math.ceil(size.height / cellPx) + 1;
  ensureCells(columns * rows * 3);
  cells.generation = (cells.generation + 1) >>> 0;
  if (cells.generation === 0) {
    cells.stamp.fill(0);
    cells.generation = 1;
  }
  const { sumQ, newest, count, stamp, generation } = cells;
  const order: number[] = [];
  const last = Math.min(view.t1, until);
  for (let i = firstTradeAt(trades.time, view.t0); i < trades.time.length; i++) {
    const time = trades.time[i] ?? Number.NaN;
    if (time > last) break;
    const price = trades.price[i] ?? Number.NaN;
    const quantity = trades.quantity[i] ?? Number.NaN;
    if (!(price >= view.p0 && price <= view.p1) || !(quantity > 0)) continue;
    const raw = trades.side[i] ?? 0;
    const side = raw === 1 || raw === -1 ? raw : 0;
    const x = timeToX(view, size, time);
    const y = priceToY(view, size, price);
    const column = Math.min(columns - 1, Math.max(0, Math.floor(x / cellPx)));
    const row = Math.min(rows - 1, Math.max(0, Math.floor(y / cellPx)));
    const key = (column * rows + row) * 3 + side + 1;
    if (stamp[key] !== generation) {
      stamp[key] = generation;
      sumQ[key] = 0;
      count[key] = 0;
      order.push(key);
    }
    sumQ[key] = (sumQ[key] ?? 0) + quantity;
    newest[key] = i;
    count[key] = (count[key] ?? 0) + 1;
  }
  const quantities = order.map((key) => sumQ[key] ?? 0).sort((a, b) => a - b);
  const reference = quantities[Math.round(0.99 * (quantities.length - 1))] ?? 1;
  return order.map((key): TradeDot => {
    const quantity = sumQ[key] ?? 0;
    const share = Math.min(1, Math.sqrt(quantity / reference));
    const at = newest[key] ?? 0;
    const time = trades.time[at] ?? Number.NaN;
    const price = trades.price[at] ?? Number.NaN;
    return {
      time,
      price,
      x: timeToX(view, size, time),
      y: priceToY(view, size, price),
      radius: dotRadius.min + (dotRadius.max - dotRadius.min) * share,
      side: (key % 3) - 1,
      quantity,
      trades: count[key] ?? 0,
    };
  });
}

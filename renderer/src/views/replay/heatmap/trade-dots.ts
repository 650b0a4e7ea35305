import { priceToY, timeToX, type HeatmapViewport, type PlotSize } from './heatmap-viewport.ts';

// Trades become dots on the heatmap: trades of one side landing in the same few-pixel cell merge
// into one dot at their quantity-weighted position, so a busy hour draws a bounded number of
// dots. A dot's area grows with its quantity, against a high quantile of the visible dots.

/** The trades the heatmap draws, as columns sorted by time. */
export interface HeatmapTrades {
  /** Unix ms, ascending. */
  time: ArrayLike<number>;
  price: ArrayLike<number>;
  quantity: ArrayLike<number>;
  /** 1 buy (taker bought), −1 sell, 0 unknown. */
  side: ArrayLike<number>;
}

/** One dot to draw, in plot pixels. */
export interface TradeDot {
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

/** First index with `time[i] >= t` (binary search). */
export function firstTradeAt(time: ArrayLike<number>, t: number): number {
  let low = 0;
  let high = time.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((time[mid] ?? Number.POSITIVE_INFINITY) < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The dots of the trades inside the window: merged per side within `cellPx`-square cells, each
 * at its trades' quantity-weighted mean position, with radius from `dotRadius.min` up to
 * `dotRadius.max` at the 99th percentile of the dots' quantities (area ∝ quantity).
 */
export function tradeDots(trades: HeatmapTrades, view: HeatmapViewport, size: PlotSize, cellPx = 4): TradeDot[] {
  const dots: TradeDot[] = [];
  const byCell = new Map<number, number>();
  const columns = Math.ceil(size.width / cellPx) + 1;
  const rows = Math.ceil(size.height / cellPx) + 1;
  for (let i = firstTradeAt(trades.time, view.t0); i < trades.time.length; i++) {
    const time = trades.time[i] ?? Number.NaN;
    if (time > view.t1) break;
    const price = trades.price[i] ?? Number.NaN;
    const quantity = trades.quantity[i] ?? Number.NaN;
    if (!(price >= view.p0 && price <= view.p1) || !(quantity > 0)) continue;
    const raw = trades.side[i] ?? 0;
    const side = raw === 1 || raw === -1 ? raw : 0;
    const x = timeToX(view, size, time);
    const y = priceToY(view, size, price);
    const key = ((Math.min(columns - 1, Math.floor(x / cellPx)) * rows + Math.min(rows - 1, Math.floor(y / cellPx))) * 3) + side + 1;
    const at = byCell.get(key);
    const dot = at === undefined ? undefined : dots[at];
    if (dot === undefined) {
      byCell.set(key, dots.length);
      dots.push({ x: x * quantity, y: y * quantity, radius: 0, side, quantity, trades: 1 });
    } else {
      dot.x += x * quantity;
      dot.y += y * quantity;
      dot.quantity += quantity;
      dot.trades++;
    }
  }
  const quantities = dots.map((dot) => dot.quantity).sort((a, b) => a - b);
  const reference = quantities[Math.round(0.99 * (quantities.length - 1))] ?? 1;
  for (const dot of dots) {
    dot.x /= dot.quantity;
    dot.y /= dot.quantity;
    const share = Math.min(1, Math.sqrt(dot.quantity / reference));
    dot.radius = dotRadius.min + (dotRadius.max - dotRadius.min) * share;
  }
  return dots;
}

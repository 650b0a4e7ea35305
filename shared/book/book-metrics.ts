import type { OrderBook } from './order-book.ts';

/** Settings for the per-frame metrics. */
export interface MetricsOptions {
  /** Levels per side summed for the imbalance (default 25). */
  imbalanceLevels?: number;
  /** Half-width of the depth band around the mid, in basis points (default 10). */
  bandBps?: number;
}

/** Metrics of one book; null where a side is empty. */
export interface BookMetrics {
  bestBid: number | null;
  bestAsk: number | null;
  mid: number | null;
  /** Best ask − best bid (negative when crossed). */
  spread: number | null;
  /** Spread as basis points of the mid. */
  spreadBps: number | null;
  /** Mid weighted by the opposite side's top size: leans toward the thinner side's price. */
  microprice: number | null;
  /** (bid size − ask size) / (bid size + ask size) over the top N levels, in [−1, 1]. */
  imbalance: number | null;
  /** Total bid size priced within `bandBps` below the mid. */
  bidDepth: number | null;
  /** Total ask size priced within `bandBps` above the mid. */
  askDepth: number | null;
}

/** Order of the metric values in a frame's metric block (`writeBookMetrics`). */
export const metricFields = ['bestBid', 'bestAsk', 'mid', 'spread', 'spreadBps', 'microprice', 'imbalance', 'bidDepth', 'askDepth'] as const;

/** Number of values `writeBookMetrics` writes. */
export const metricCount = metricFields.length;

/**
 * Writes the metrics in `metricFields` order into `out` from `offset`, NaN where a side is
 * empty. The allocation-free form used for playback frames.
 */
export function writeBookMetrics(book: OrderBook, out: Float64Array, offset: number, options: MetricsOptions = {}): void {
  const levels = options.imbalanceLevels ?? 25;
  const band = (options.bandBps ?? 10) / 1e4;
  const { bids, asks } = book;
  const bestBid = bids.priceAt(0);
  const bestAsk = asks.priceAt(0);
  const bidTop = bids.sizeAt(0);
  const askTop = asks.sizeAt(0);
  const mid = (bestBid + bestAsk) / 2;
  const bidSum = bids.sizeOfTop(levels);
  const askSum = asks.sizeOfTop(levels);
  out[offset] = bestBid;
  out[offset + 1] = bestAsk;
  out[offset + 2] = mid;
  out[offset + 3] = bestAsk - bestBid;
  out[offset + 4] = ((bestAsk - bestBid) / mid) * 1e4;
  out[offset + 5] = (bestBid * askTop + bestAsk * bidTop) / (bidTop + askTop);
  out[offset + 6] = bids.depth > 0 && asks.depth > 0 ? (bidSum - askSum) / (bidSum + askSum) : Number.NaN;
  out[offset + 7] = Number.isNaN(mid) ? Number.NaN : bids.sizeWithin(mid * (1 - band));
  out[offset + 8] = Number.isNaN(mid) ? Number.NaN : asks.sizeWithin(mid * (1 + band));
}

/** The metrics of a book as an object, null where a side is empty. */
export function bookMetrics(book: OrderBook, options: MetricsOptions = {}): BookMetrics {
  const values = new Float64Array(metricCount);
  writeBookMetrics(book, values, 0, options);
  const at = (i: number): number | null => {
    const value = values[i] ?? Number.NaN;
    return Number.isNaN(value) ? null : value;
  };
  return {
    bestBid: at(0),
    bestAsk: at(1),
    mid: at(2),
    spread: at(3),
    spreadBps: at(4),
    microprice: at(5),
    imbalance: at(6),
    bidDepth: at(7),
    askDepth: at(8),
  };
}

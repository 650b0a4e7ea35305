import type { SeriesMarker } from 'lightweight-charts';
import { tradeSideCode, type TradeColumns } from '../../../../../shared/contract/market-schemas.ts';

/** The colours of large-trade markers by side. */
export interface MarkerColours {
  buy: string;
  sell: string;
  unknown: string;
}

/**
 * A trade size in at most three significant digits, with k/M for thousands and millions
 * (`0.523`, `12.5`, `1.23k`), for the legend where space is short.
 */
export function compactQuantity(quantity: number): string {
  const abs = Math.abs(quantity);
  if (abs >= 1e6) return `${trimmed(quantity / 1e6)}M`;
  if (abs >= 1e3) return `${trimmed(quantity / 1e3)}k`;
  return trimmed(quantity);
}

function trimmed(value: number): string {
  return String(Number(value.toPrecision(3)));
}

/** The index of the last open time at or before `time` in ascending `openTimes`, or -1. */
export function candleIndexAt(openTimes: readonly number[], time: number): number {
  let lo = 0;
  let hi = openTimes.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((openTimes[mid] ?? Number.POSITIVE_INFINITY) <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The large trades of one candle: how many, and their summed size. */
export interface LargeTradeTotal {
  count: number;
  quantity: number;
}

/**
 * Calls `visit` for each trade of at least `threshold` quantity with the open time of the candle
 * that holds it (a trade outside every loaded candle is skipped). Trades in time order.
 */
function eachLargeTrade(trades: Pick<TradeColumns, 'time' | 'quantity'>, threshold: number, openTimes: readonly number[], barMs: number, visit: (index: number, open: number) => void): void {
  for (let i = 0; i < trades.time.length; i++) {
    if (!((trades.quantity[i] ?? 0) >= threshold)) continue;
    const time = trades.time[i] ?? 0;
    const open = openTimes[candleIndexAt(openTimes, time)];
    if (open !== undefined && time < open + barMs) visit(i, open);
  }
}

/**
 * Markers for the trades of at least `threshold` quantity: one per candle and side, on the candle
 * that holds them (a long range has hundreds of large trades; one marker per trade would stack
 * them into columns that bury the candles). Large buys are an up arrow below the bar, large sells a
 * down arrow above it, large trades without a side a circle on the bar (never shown as a buy); a
 * square instead when one of them was a liquidation. Sizes are not written on the chart: the legend
 * and the tape carry them. Trades must be in time order; markers come out in time order.
 */
export function largeTradeMarkers(
  trades: Pick<TradeColumns, 'time' | 'quantity' | 'side' | 'liquidation'>,
  threshold: number,
  openTimes: readonly number[],
  barMs: number,
  colours: MarkerColours,
): SeriesMarker<number>[] {
  const markers: SeriesMarker<number>[] = [];
  // The marker of each side on the candle being filled; a later candle starts afresh.
  let candle = Number.NaN;
  let bySide = new Map<number, SeriesMarker<number>>();
  eachLargeTrade(trades, threshold, openTimes, barMs, (i, open) => {
    if (open !== candle) {
      candle = open;
      bySide = new Map();
    }
    const side = trades.side[i] === tradeSideCode.buy || trades.side[i] === tradeSideCode.sell ? (trades.side[i] ?? 0) : tradeSideCode.unknown;
    const liquidation = trades.liquidation[i] === 1;
    const held = bySide.get(side);
    if (held !== undefined) {
      if (liquidation) held.shape = 'square';
      return;
    }
    const marker: SeriesMarker<number> =
      side === tradeSideCode.buy
        ? { time: open, size: 0.6, position: 'belowBar', shape: liquidation ? 'square' : 'arrowUp', color: colours.buy }
        : side === tradeSideCode.sell
          ? { time: open, size: 0.6, position: 'aboveBar', shape: liquidation ? 'square' : 'arrowDown', color: colours.sell }
          : { time: open, size: 0.6, position: 'inBar', shape: liquidation ? 'square' : 'circle', color: colours.unknown };
    bySide.set(side, marker);
    markers.push(marker);
  });
  return markers;
}

/** The large trades per candle open time (count and summed size), for the crosshair legend. */
export function largeTradeTotals(trades: Pick<TradeColumns, 'time' | 'quantity'>, threshold: number, openTimes: readonly number[], barMs: number): Map<number, LargeTradeTotal> {
  const totals = new Map<number, LargeTradeTotal>();
  eachLargeTrade(trades, threshold, openTimes, barMs, (i, open) => {
    const total = totals.get(open) ?? { count: 0, quantity: 0 };
    total.count++;
    total.quantity += trades.quantity[i] ?? 0;
    totals.set(open, total);
  });
  return totals;
}

/** The default rule for marking large trades: the threshold it sets, and how many trades it aims at. */
export interface LargeTradeRule {
  /** Mark trades of at least this size; null without a trade. */
  threshold: number | null;
  /** The largest trades it aims to mark. */
  top: number;
}

/**
 * The default large-trade rule: mark the largest trades, as many as the chart can carry — one
 * for every six candles (at least 5, at most 50), and never more than the largest 0.5 % of the
 * trades. The threshold is the size of the last of them; when many trades share that size (more
 * than twice the aim), the next larger size is taken instead, so ties never flood the chart.
 */
export function defaultLargeTradeRule(quantities: ArrayLike<number>, candleCount: number): LargeTradeRule {
  const sizes = Float64Array.from(quantities).filter(Number.isFinite).sort().reverse();
  const n = sizes.length;
  const top = Math.max(1, Math.min(Math.ceil(n * 0.005), Math.min(50, Math.max(5, Math.ceil(candleCount / 6)))));
  if (n === 0) return { threshold: null, top };
  let k = Math.min(top, n) - 1;
  for (;;) {
    const value = sizes[k];
    let last = k;
    while (last + 1 < n && sizes[last + 1] === value) last++;
    // Marks at most twice the aim; past that, the next larger size.
    if (last + 1 <= 2 * top) break;
    let first = k;
    while (first > 0 && sizes[first - 1] === value) first--;
    if (first === 0) break;
    k = first - 1;
  }
  return { threshold: sizes[k] ?? null, top };
}

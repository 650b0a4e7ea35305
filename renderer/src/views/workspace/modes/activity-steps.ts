import { niceAtOrAbove } from '../../../../../shared/research/nice-number.ts';
/** Re-exported for the callers of this module's steps. */
export { niceAtOrAbove } from '../../../../../shared/research/nice-number.ts';
import type { ActivityBarKind } from '../../../../../shared/research/activity-bars.ts';
import type { TradeSeries } from '../../../../../shared/research/trade-series.ts';
import { isUsableTrade } from '../../../../../shared/research/trade-series.ts';
import { autoFootprintStep, rowsPerCandle } from './footprint-step.ts';

/** About how many bars the automatic size gives (as the Research view's activity panel). */
export const autoBarCount = 200;


/** What the automatic choices read from the trades: usable count, volume, notional, lowest and highest price. */
export interface TradeTotals {
  count: number;
  volume: number;
  notional: number;
  low: number;
  high: number;
}

/** One pass over the trades (unusable ones, as the engines define them, left out). */
export function tradeTotals(trades: TradeSeries): TradeTotals {
  const out = { count: 0, volume: 0, notional: 0, low: Number.POSITIVE_INFINITY, high: Number.NEGATIVE_INFINITY };
  for (let i = 0; i < trades.time.length; i++) {
    const p = trades.price[i] ?? Number.NaN;
    const q = trades.quantity[i] ?? Number.NaN;
    if (!isUsableTrade(trades.time[i] ?? Number.NaN, p, q)) continue;
    out.count++;
    out.volume += q;
    out.notional += p * q;
    if (p < out.low) out.low = p;
    if (p > out.high) out.high = p;
  }
  return out;
}

/**
 * The automatic bar size, about 200 bars over the trades: ⌈trades / 200⌉ trades a tick bar (at
 * least 1), else the nice number at or above a 200th of the volume or notional.
 */
export function autoBarSize(kind: ActivityBarKind, totals: TradeTotals): number {
  if (kind === 'tick') return Math.max(1, Math.ceil(totals.count / autoBarCount));
  return niceAtOrAbove((kind === 'volume' ? totals.volume : totals.notional) / autoBarCount);
}

/** The session profile's step: a tick ladder step (`footprint-step.ts`) giving at most about 60 rows over the traded range. */
export function autoProfileStep(tickSize: number | null | undefined, totals: TradeTotals): number {
  const range = totals.high - totals.low;
  // autoFootprintStep cuts the range it is given into `rowsPerCandle` rows: scaled, into 60.
  return autoFootprintStep(tickSize, range > 0 ? (range * rowsPerCandle) / 60 : Number.NaN);
}

/**
 * The CVD at each bar's close: the per-trade CVD (`cumulativeVolumeDelta`, NaN at a trade left
 * out) read at each bar's last trade, bars taking `tradeCount` usable trades in turn.
 */
export function cvdAtBarCloses(tradeCvd: Float64Array, tradeCount: Uint32Array): Float64Array {
  const out = new Float64Array(tradeCount.length);
  let i = 0;
  for (let bar = 0; bar < tradeCount.length; bar++) {
    let left = tradeCount[bar] ?? 0;
    let last = Number.NaN;
    while (left > 0 && i < tradeCvd.length) {
      const value = tradeCvd[i++] ?? Number.NaN;
      if (Number.isNaN(value)) continue;
      last = value;
      left--;
    }
    out[bar] = last;
  }
  return out;
}

import { intervalOpenTime } from '../series/trade-prints.ts';
import { Float64Column } from './growable-column.ts';
import { isUsableTrade, type TradeSeries } from './trade-series.ts';

/** Cumulative volume delta after each trade. */
export interface TradeVolumeDelta {
  /** Σ over the trades so far of +quantity (buys) and −quantity (sells); NaN at a trade that was left out. */
  cvd: Float64Array;
  /** Σ quantity of the trades of unknown side so far (they move no delta); NaN at a trade that was left out. */
  unknownVolume: Float64Array;
  /** Trades left out (non-finite time, price ≤ 0, quantity < 0 or not finite): they add nothing. */
  skipped: number;
}

/**
 * Cumulative volume delta (CVD), trade by trade in the order given: buys add their quantity,
 * sells subtract it, and trades of unknown side add nothing to the delta (their volume is summed
 * apart, never counted as a buy). The sum starts at 0 before the first trade.
 */
export function cumulativeVolumeDelta(trades: TradeSeries): TradeVolumeDelta {
  const { time, price, quantity, side } = trades;
  const n = time.length;
  const cvd = new Float64Array(n);
  const unknownVolume = new Float64Array(n);
  let delta = 0;
  let unknown = 0;
  let skipped = 0;
  for (let i = 0; i < n; i++) {
    const q = quantity[i] ?? Number.NaN;
    if (!isUsableTrade(time[i] ?? Number.NaN, price[i] ?? Number.NaN, q)) {
      cvd[i] = Number.NaN;
      unknownVolume[i] = Number.NaN;
      skipped++;
      continue;
    }
    const s = side[i];
    if (s === 1) delta += q;
    else if (s === -1) delta -= q;
    else unknown += q;
    cvd[i] = delta;
    unknownVolume[i] = unknown;
  }
  return { cvd, unknownVolume, skipped };
}

/** Volume delta per interval, for a CVD pane beside time bars. */
export interface IntervalVolumeDelta {
  /** Open time of each interval that has at least one counted trade, ascending. */
  openTime: Float64Array;
  /** Buy volume − sell volume within the interval. */
  delta: Float64Array;
  /** CVD at the interval's close: Σ delta of it and every earlier interval. */
  cvd: Float64Array;
  /** Unknown-side volume within the interval. */
  unknownVolume: Float64Array;
  skipped: number;
}

/**
 * Volume delta per epoch-aligned interval of `intervalMs`, and the CVD at each interval's close.
 * Trades may come in any order (a trade stamped back in an earlier interval counts there); an
 * interval with no counted trade is absent, never a zero row.
 */
export function volumeDeltaByInterval(trades: TradeSeries, intervalMs: number): IntervalVolumeDelta {
  if (!(Number.isFinite(intervalMs) && intervalMs > 0)) throw new RangeError(`The interval must be a number of ms above 0, not ${intervalMs}.`);
  const { time, price, quantity, side } = trades;
  const n = time.length;
  const order = new Uint32Array(n);
  const open = new Float64Array(n);
  let used = 0;
  let sorted = true;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const t = time[i] ?? Number.NaN;
    if (!isUsableTrade(t, price[i] ?? Number.NaN, quantity[i] ?? Number.NaN)) continue;
    const at = intervalOpenTime(t, intervalMs);
    if (at < previous) sorted = false;
    previous = at;
    open[i] = at;
    order[used++] = i;
  }
  const kept = order.subarray(0, used);
  if (!sorted) kept.sort((a, b) => (open[a] ?? 0) - (open[b] ?? 0) || a - b);
  const openTime = new Float64Column();
  const delta = new Float64Column();
  const cvd = new Float64Column();
  const unknownVolume = new Float64Column();
  let current = Number.NaN;
  let running = 0;
  for (let j = 0; j < used; j++) {
    const i = kept[j] ?? 0;
    const at = open[i] ?? 0;
    if (at !== current) {
      current = at;
      openTime.push(at);
      delta.push(0);
      cvd.push(running);
      unknownVolume.push(0);
    }
    const last = openTime.length - 1;
    const q = quantity[i] ?? 0;
    const s = side[i];
    const d = s === 1 ? q : s === -1 ? -q : 0;
    running += d;
    delta.set(last, delta.at(last) + d);
    cvd.set(last, running);
    if (s !== 1 && s !== -1) unknownVolume.set(last, unknownVolume.at(last) + q);
  }
  return { openTime: openTime.values(), delta: delta.values(), cvd: cvd.values(), unknownVolume: unknownVolume.values(), skipped: n - used };
}

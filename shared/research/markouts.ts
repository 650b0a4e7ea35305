import type { MidSeries } from './mid-series.ts';
import type { TradeSeries } from './trade-series.ts';

/** The horizons of a markout by default: 1 s, 5 s, 30 s and 60 s. */
export const defaultHorizonsMs: readonly number[] = [1_000, 5_000, 30_000, 60_000];

/** How markouts are taken. */
export interface MarkoutOptions {
  /** Horizons in ms after each trade (default `defaultHorizonsMs`). */
  horizonsMs?: readonly number[];
  /**
   * The last time the books are known (default `mids.end`, the replay clock at the last book
   * event): a horizon that ends after it has no markout.
   */
  dataEnd?: number;
}

/** Markouts of each trade, in the trades' order. NaN is null: no markout. */
export interface Markouts {
  horizonsMs: readonly number[];
  /** The mid at the trade: the last mid at or before its time; NaN when there is none. */
  midAtTrade: Float64Array;
  /** One column per horizon: the signed mid move in bps; NaN when there is no markout. */
  markoutBps: Float64Array[];
  /** The data end the horizons were checked against. */
  dataEnd: number;
}

/**
 * The index of the last sample at or before each target time, for targets mostly in ascending
 * order: a forward walk from the previous answer, a binary search when a target steps back.
 */
class LastAtOrBefore {
  private at = -1;
  private lastTarget = Number.NEGATIVE_INFINITY;

  constructor(private readonly times: Float64Array) {}

  find(target: number): number {
    const times = this.times;
    let at = this.at;
    if (target < this.lastTarget) {
      let lo = 0;
      let hi = at + 1;
      while (lo < hi) {
        const middle = (lo + hi) >>> 1;
        if ((times[middle] ?? 0) <= target) lo = middle + 1;
        else hi = middle;
      }
      at = lo - 1;
    } else {
      const n = times.length;
      while (at + 1 < n && (times[at + 1] ?? 0) <= target) at++;
    }
    this.at = at;
    this.lastTarget = target;
    return at;
  }
}

/**
 * Markouts: for each trade at time t with side s (+1 buy, −1 sell), and each horizon h,
 *   markout_h = s × (mid(t + h) − mid(t)) / mid(t) × 10⁴ bps,
 * where mid(x) is the last mid at or before x (`MidSeries`; never a later one: no look-ahead).
 * A markout is NaN (null, never 0) when the trade's side is unknown, there is no mid at t (or it is
 * not above 0), there is no mid at t + h (a side empty, the book cleared by a gap), or t + h is
 * after `dataEnd` (the data runs out before the horizon ends). The mid series' times must not fall.
 */
export function markouts(trades: TradeSeries, mids: MidSeries, options: MarkoutOptions = {}): Markouts {
  const horizons = options.horizonsMs ?? defaultHorizonsMs;
  for (const h of horizons) if (!(Number.isFinite(h) && h >= 0)) throw new RangeError(`A markout horizon must be a number of ms of at least 0, not ${h}.`);
  const dataEnd = options.dataEnd ?? mids.end;
  const { time, side } = trades;
  const n = time.length;
  const midValues = mids.mid;
  const midAtTrade = new Float64Array(n);
  const atTrade = new LastAtOrBefore(mids.time);
  for (let i = 0; i < n; i++) {
    const t = time[i] ?? Number.NaN;
    const j = Number.isFinite(t) ? atTrade.find(t) : -1;
    midAtTrade[i] = j < 0 ? Number.NaN : (midValues[j] ?? Number.NaN);
  }
  const markoutBps = horizons.map((h) => {
    const out = new Float64Array(n);
    const later = new LastAtOrBefore(mids.time);
    for (let i = 0; i < n; i++) {
      const s = side[i] ?? 0;
      const m0 = midAtTrade[i] ?? Number.NaN;
      const target = (time[i] ?? Number.NaN) + h;
      if ((s !== 1 && s !== -1) || !(m0 > 0) || !(target <= dataEnd)) {
        out[i] = Number.NaN;
        continue;
      }
      const j = later.find(target);
      const m1 = j < 0 ? Number.NaN : (midValues[j] ?? Number.NaN);
      // + 0 turns a sell's −0 (no move) into 0.
      out[i] = (s * (m1 - m0) * 1e4) / m0 + 0;
    }
    return out;
  });
  return { horizonsMs: [...horizons], midAtTrade, markoutBps, dataEnd };
}

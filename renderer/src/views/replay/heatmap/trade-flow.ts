// What the trades of a replay add to the heatmap: a volume profile of the visible window at the
// price axis (bought and sold size per price band, its point of control marked) and the
// cumulative volume delta (bought minus sold size) over time. Pure, over time-sorted columns.

/** Trades as columns sorted by time. */
export interface TradeFlowColumns {
  time: ArrayLike<number>;
  price: ArrayLike<number>;
  quantity: ArrayLike<number>;
  /** 1 buy (taker bought), −1 sell, 0 unknown. */
  side: ArrayLike<number>;
}

/** First index with `time[i] >= t`. */
export function firstAtOrAfter(time: ArrayLike<number>, t: number): number {
  let low = 0;
  let high = time.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((time[mid] ?? Number.POSITIVE_INFINITY) < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How many trades have time ≤ t (the first index with time > t). */
export function countAtOrBefore(time: ArrayLike<number>, t: number): number {
  let low = 0;
  let high = time.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((time[mid] ?? Number.POSITIVE_INFINITY) <= t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Traded size per price band over a window: bands are rows of the heatmap (see `bandOf`). */
export interface VolumeProfile {
  /** Band of `buy[0]`. */
  base: number;
  buy: Float64Array;
  sell: Float64Array;
  /** Size whose side is unknown. */
  unknown: Float64Array;
  /** The band with the most size traded (ties to the lower band); null when nothing traded. */
  poc: number | null;
  /** The most size traded in one band. */
  max: number;
}

/** The band of a price: round(price / step) banded by 2^shift steps, as the heatmap's rows are. */
export function bandOf(price: number, step: number, shift: number): number {
  return Math.floor((price / step + 0.5) / 2 ** shift);
}

/**
 * The volume profile of the trades with time in [t0, t1] and, when `prices` is given, price in
 * [p0, p1] (the visible window: its bands are then at most the window's, however far the trades
 * ranged), in bands of 2^shift price steps.
 */
export function volumeProfile(trades: TradeFlowColumns, t0: number, t1: number, step: number, shift: number, prices?: { p0: number; p1: number }): VolumeProfile {
  const from = firstAtOrAfter(trades.time, t0);
  const to = Math.max(from, countAtOrBefore(trades.time, t1));
  const floor = prices === undefined ? Number.NEGATIVE_INFINITY : bandOf(prices.p0, step, shift);
  const ceiling = prices === undefined ? Number.POSITIVE_INFINITY : bandOf(prices.p1, step, shift);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = from; i < to; i++) {
    const band = bandOf(trades.price[i] ?? Number.NaN, step, shift);
    if (!Number.isFinite(band) || band < floor || band > ceiling) continue;
    if (band < low) low = band;
    if (band > high) high = band;
  }
  if (!(high >= low)) return { base: 0, buy: new Float64Array(0), sell: new Float64Array(0), unknown: new Float64Array(0), poc: null, max: 0 };
  const size = high - low + 1;
  const buy = new Float64Array(size);
  const sell = new Float64Array(size);
  const unknown = new Float64Array(size);
  for (let i = from; i < to; i++) {
    const band = bandOf(trades.price[i] ?? Number.NaN, step, shift);
    const quantity = trades.quantity[i] ?? 0;
    if (!Number.isFinite(band) || band < low || band > high || !(quantity > 0)) continue;
    const at = band - low;
    const side = trades.side[i] ?? 0;
    if (side === 1) buy[at] = (buy[at] ?? 0) + quantity;
    else if (side === -1) sell[at] = (sell[at] ?? 0) + quantity;
    else unknown[at] = (unknown[at] ?? 0) + quantity;
  }
  let poc: number | null = null;
  let max = 0;
  for (let at = 0; at < size; at++) {
    const total = (buy[at] ?? 0) + (sell[at] ?? 0) + (unknown[at] ?? 0);
    if (total > max) {
      max = total;
      poc = low + at;
    }
  }
  return { base: low, buy, sell, unknown, poc, max };
}

/** A cumulative delta kept between paints: `sums[i]` after trade i, for the first `count` trades of `time`. */
export interface DeltaRun {
  time: ArrayLike<number>;
  count: number;
  /** Capacity may exceed `count`; read `sums.subarray(0, count)`. */
  sums: Float64Array;
}

/**
 * The cumulative delta of `trades`, continuing `run` when its trades are the start of these (the
 * same time column, grown in place, as a file replay's trades arrive): only the new trades are
 * summed, into a buffer that doubles, so a long file's trades cost linear work and memory.
 */
export function runDelta(trades: TradeFlowColumns, run: DeltaRun | null): DeltaRun {
  const n = trades.time.length;
  const continues = run !== null && run.time === trades.time && run.count <= n;
  const from = continues ? run.count : 0;
  let sums = continues ? run.sums : new Float64Array(Math.max(16, n));
  if (sums.length < n) {
    const grown = new Float64Array(Math.max(n, sums.length * 2));
    grown.set(sums.subarray(0, from));
    sums = grown;
  }
  let sum = from > 0 ? (sums[from - 1] ?? 0) : 0;
  for (let i = from; i < n; i++) {
    const side = trades.side[i] ?? 0;
    const quantity = trades.quantity[i] ?? 0;
    if (side === 1) sum += quantity;
    else if (side === -1) sum -= quantity;
    sums[i] = sum;
  }
  return { time: trades.time, count: n, sums };
}

/** Cumulative volume delta after each trade: the running sum of bought minus sold size (unknown sides count 0). */
export function cumulativeDelta(trades: TradeFlowColumns): Float64Array {
  const run = runDelta(trades, null);
  return run.sums.subarray(0, run.count);
}

/** The cumulative delta in force at time t (0 before the first trade). */
export function deltaAt(trades: TradeFlowColumns, delta: Float64Array, t: number): number {
  const count = countAtOrBefore(trades.time, t);
  return count === 0 ? 0 : (delta[count - 1] ?? 0);
}

/** The last trade at or before time t, or null. */
export function lastTradeAt(trades: TradeFlowColumns, t: number): { price: number; side: number } | null {
  const count = countAtOrBefore(trades.time, t);
  if (count === 0) return null;
  return { price: trades.price[count - 1] ?? Number.NaN, side: trades.side[count - 1] ?? 0 };
}

import { intervalOpenTime } from '../series/trade-prints.ts';
import { Float64Column } from './growable-column.ts';

/**
 * The q-quantile of values sorted ascending (no NaN), by linear interpolation between order
 * statistics (Hyndman and Fan's type 7, as `shared/series/quantile.ts`); NaN when empty.
 */
export function sortedQuantile(sorted: Float64Array, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * q;
  const below = Math.floor(h);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[Math.min(n - 1, below + 1)] ?? low;
  return low + (h - below) * (high - low);
}

/** Latency of each event: collector time − exchange time in ms; NaN where the exchange time is unknown. */
export function eventLatencies(collectorTime: Float64Array, exchangeTime: Float64Array): Float64Array {
  const n = collectorTime.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (collectorTime[i] ?? Number.NaN) - (exchangeTime[i] ?? Number.NaN);
  return out;
}

/** A latency summary. Every figure is NaN when no event has a known exchange time. */
export interface LatencySummary {
  /** Events with a known exchange time. */
  known: number;
  /** Events whose exchange time is unknown: excluded from every figure, never read as 0. */
  unknown: number;
  min: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
  /** Events with a negative latency (the venue's clock ahead of the collector's). */
  negative: number;
  /** Tukey's far fences: an outlier lies below Q1 − 3·IQR or above Q3 + 3·IQR. */
  lowFence: number;
  highFence: number;
  /** Number of outliers. */
  outliers: number;
  /** Indices of the outliers farthest from the median, at most `outlierLimit`, farthest first. */
  outlierIndices: Uint32Array;
}

/**
 * Summarizes latencies (`eventLatencies`): quantiles by `sortedQuantile` (type 7) over the known
 * values; outliers by Tukey's far fences (Q1 − 3·IQR, Q3 + 3·IQR, IQR = Q3 − Q1).
 */
export function latencySummary(latency: Float64Array, outlierLimit = 100): LatencySummary {
  const n = latency.length;
  const known = new Float64Array(n);
  let count = 0;
  let sum = 0;
  let negative = 0;
  for (let i = 0; i < n; i++) {
    const value = latency[i] ?? Number.NaN;
    if (Number.isNaN(value)) continue;
    known[count++] = value;
    sum += value;
    if (value < 0) negative++;
  }
  const sorted = known.subarray(0, count).sort();
  const q1 = sortedQuantile(sorted, 0.25);
  const q3 = sortedQuantile(sorted, 0.75);
  const median = sortedQuantile(sorted, 0.5);
  const lowFence = q1 - 3 * (q3 - q1);
  const highFence = q3 + 3 * (q3 - q1);
  const outlying: number[] = [];
  for (let i = 0; i < n; i++) {
    const value = latency[i] ?? Number.NaN;
    if (value < lowFence || value > highFence) outlying.push(i);
  }
  const distance = (i: number): number => Math.abs((latency[i] ?? 0) - median);
  outlying.sort((a, b) => distance(b) - distance(a) || a - b);
  return {
    known: count,
    unknown: n - count,
    min: count > 0 ? (sorted[0] ?? Number.NaN) : Number.NaN,
    p50: median,
    p99: sortedQuantile(sorted, 0.99),
    max: count > 0 ? (sorted[count - 1] ?? Number.NaN) : Number.NaN,
    mean: count > 0 ? sum / count : Number.NaN,
    negative,
    lowFence,
    highFence,
    outliers: outlying.length,
    outlierIndices: Uint32Array.from(outlying.slice(0, outlierLimit)),
  };
}

/** Latency per time interval, for a lane or a chart. */
export interface IntervalLatency {
  /** Open time of each interval that has at least one event, ascending. */
  openTime: Float64Array;
  known: Float64Array;
  unknown: Float64Array;
  /** NaN when the interval has no known latency. */
  p50: Float64Array;
  p99: Float64Array;
  max: Float64Array;
}

/**
 * Latency per epoch-aligned interval of `intervalMs` by the events' collector time (any order):
 * counts of known and unknown exchange times, p50, p99 and max of the known latencies.
 */
export function latencyByInterval(collectorTime: Float64Array, latency: Float64Array, intervalMs: number): IntervalLatency {
  if (!(Number.isFinite(intervalMs) && intervalMs > 0)) throw new RangeError(`The interval must be a number of ms above 0, not ${intervalMs}.`);
  const n = collectorTime.length;
  const order = new Uint32Array(n);
  const open = new Float64Array(n);
  let used = 0;
  for (let i = 0; i < n; i++) {
    const t = collectorTime[i] ?? Number.NaN;
    if (!Number.isFinite(t)) continue;
    open[i] = intervalOpenTime(t, intervalMs);
    order[used++] = i;
  }
  const kept = order.subarray(0, used).sort((a, b) => (open[a] ?? 0) - (open[b] ?? 0) || a - b);
  const out = { openTime: new Float64Column(), known: new Float64Column(), unknown: new Float64Column(), p50: new Float64Column(), p99: new Float64Column(), max: new Float64Column() };
  const values = new Float64Array(used);
  let j = 0;
  while (j < used) {
    const at = open[kept[j] ?? 0] ?? 0;
    let count = 0;
    let unknown = 0;
    for (; j < used && open[kept[j] ?? 0] === at; j++) {
      const value = latency[kept[j] ?? 0] ?? Number.NaN;
      if (Number.isNaN(value)) unknown++;
      else values[count++] = value;
    }
    const sorted = values.subarray(0, count).sort();
    out.openTime.push(at);
    out.known.push(count);
    out.unknown.push(unknown);
    out.p50.push(sortedQuantile(sorted, 0.5));
    out.p99.push(sortedQuantile(sorted, 0.99));
    out.max.push(count > 0 ? (sorted[count - 1] ?? Number.NaN) : Number.NaN);
  }
  return { openTime: out.openTime.values(), known: out.known.values(), unknown: out.unknown.values(), p50: out.p50.values(), p99: out.p99.values(), max: out.max.values() };
}

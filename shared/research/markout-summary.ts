import type { Markouts } from './markouts.ts';
import { isUsableTrade, type TradeSeries } from './trade-series.ts';

/** Notional edges of the size buckets by default: [0, 1k), [1k, 10k), [10k, 100k), [100k, 1M), [1M, ∞). */
export const defaultSizeEdges: readonly number[] = [0, 1_000, 10_000, 100_000, 1_000_000];

/** z of a two-sided 95 % normal band. */
const z95 = 1.96;

/**
 * Markouts averaged by side and size bucket, one row per (side, bucket, horizon): sides in the
 * order buy, sell, both; buckets in ascending order, then all sizes (`bucket` −1).
 */
export interface MarkoutSummary {
  /** 1 buy, −1 sell, 0 both sides (trades of unknown side are in no row: see `unknownSide`). */
  side: Int8Array;
  /** Index of the size bucket; −1 for all sizes. */
  bucket: Int32Array;
  /** Notional at the bucket's lower edge (the first edge for all sizes). */
  sizeLow: Float64Array;
  /** Notional at its upper edge (exclusive); NaN where the bucket has none (the last one, all sizes). */
  sizeHigh: Float64Array;
  horizonMs: Float64Array;
  /** Trades of the group (known side, notional in the bucket), with or without a markout. */
  trades: Float64Array;
  /** Those with a markout at this horizon: n. */
  count: Float64Array;
  /** Mean markout, bps; NaN when n = 0. */
  mean: Float64Array;
  /** Sample standard deviation (n − 1 in the denominator); NaN when n < 2. */
  sd: Float64Array;
  /** mean − 1.96 · sd / √n and mean + 1.96 · sd / √n (a normal approximation); NaN when n < 2. */
  ciLow: Float64Array;
  ciHigh: Float64Array;
  /** Trades of unknown side: they have no markout and are in no row. */
  unknownSide: number;
}

/** The bucket of a notional among ascending edges: the last edge at or below it; −1 below the first. */
function bucketOf(notional: number, edges: readonly number[]): number {
  let bucket = -1;
  for (let b = 0; b < edges.length && (edges[b] ?? 0) <= notional; b++) bucket = b;
  return bucket;
}

/**
 * Averages markouts by side (buy, sell, both) and by notional size bucket (price × quantity within
 * [edge_b, edge_b+1), the last bucket open-ended; a trade below the first edge is in no bucket but
 * counts for all sizes), per horizon: count, mean, sample standard deviation and a 95 % band
 * mean ± 1.96·sd/√n. Means are accumulated with Welford's method.
 */
export function markoutSummary(trades: TradeSeries, table: Markouts, sizeEdges: readonly number[] = defaultSizeEdges): MarkoutSummary {
  for (let b = 0; b < sizeEdges.length; b++) {
    const edge = sizeEdges[b] ?? Number.NaN;
    if (!Number.isFinite(edge) || (b > 0 && !(edge > (sizeEdges[b - 1] ?? 0)))) throw new RangeError(`Size edges must be finite and strictly ascending, not ${sizeEdges.join(', ')}.`);
  }
  const buckets = sizeEdges.length;
  // Groups: side (0 buy, 1 sell, 2 both) × bucket slot (0..buckets-1, then all sizes) × horizon.
  const slots = buckets + 1;
  const horizons = table.horizonsMs.length;
  const groups = 3 * slots * horizons;
  const count = new Float64Array(groups);
  const mean = new Float64Array(groups);
  const m2 = new Float64Array(groups);
  const members = new Float64Array(3 * slots);
  const { time, price, quantity, side } = trades;
  let unknownSide = 0;
  const add = (group: number, x: number): void => {
    const n = (count[group] ?? 0) + 1;
    const m = mean[group] ?? 0;
    const d = x - m;
    const next = m + d / n;
    count[group] = n;
    mean[group] = next;
    m2[group] = (m2[group] ?? 0) + d * (x - next);
  };
  for (let i = 0; i < time.length; i++) {
    const s = side[i];
    const p = price[i] ?? Number.NaN;
    const q = quantity[i] ?? Number.NaN;
    if (!isUsableTrade(time[i] ?? Number.NaN, p, q)) continue;
    if (s !== 1 && s !== -1) {
      unknownSide++;
      continue;
    }
    const sideSlot = s === 1 ? 0 : 1;
    const bucket = bucketOf(p * q, sizeEdges);
    // Every trade counts for all sizes (slot `buckets`), and for its own bucket when it has one.
    const own = sideSlot * slots;
    const both = 2 * slots;
    members[own + buckets] = (members[own + buckets] ?? 0) + 1;
    members[both + buckets] = (members[both + buckets] ?? 0) + 1;
    if (bucket !== -1) {
      members[own + bucket] = (members[own + bucket] ?? 0) + 1;
      members[both + bucket] = (members[both + bucket] ?? 0) + 1;
    }
    for (let h = 0; h < horizons; h++) {
      const x = table.markoutBps[h]?.[i] ?? Number.NaN;
      if (Number.isNaN(x)) continue;
      add((own + buckets) * horizons + h, x);
      add((both + buckets) * horizons + h, x);
      if (bucket !== -1) {
        add((own + bucket) * horizons + h, x);
        add((both + bucket) * horizons + h, x);
      }
    }
  }
  const summary: MarkoutSummary = {
    side: new Int8Array(groups),
    bucket: new Int32Array(groups),
    sizeLow: new Float64Array(groups),
    sizeHigh: new Float64Array(groups),
    horizonMs: new Float64Array(groups),
    trades: new Float64Array(groups),
    count,
    mean: new Float64Array(groups),
    sd: new Float64Array(groups),
    ciLow: new Float64Array(groups),
    ciHigh: new Float64Array(groups),
    unknownSide,
  };
  const sideCodes = [1, -1, 0];
  for (let sideSlot = 0; sideSlot < 3; sideSlot++) {
    for (let slot = 0; slot < slots; slot++) {
      for (let h = 0; h < horizons; h++) {
        const g = (sideSlot * slots + slot) * horizons + h;
        const n = count[g] ?? 0;
        const sd = n >= 2 ? Math.sqrt((m2[g] ?? 0) / (n - 1)) : Number.NaN;
        const m = n > 0 ? (mean[g] ?? 0) : Number.NaN;
        const half = (z95 * sd) / Math.sqrt(n);
        summary.side[g] = sideCodes[sideSlot] ?? 0;
        summary.bucket[g] = slot === buckets ? -1 : slot;
        summary.sizeLow[g] = slot === buckets ? (sizeEdges[0] ?? Number.NaN) : (sizeEdges[slot] ?? Number.NaN);
        summary.sizeHigh[g] = slot === buckets ? Number.NaN : (sizeEdges[slot + 1] ?? Number.NaN);
        summary.horizonMs[g] = table.horizonsMs[h] ?? Number.NaN;
        summary.trades[g] = members[sideSlot * slots + slot] ?? 0;
        summary.mean[g] = m;
        summary.sd[g] = sd;
        summary.ciLow[g] = m - half;
        summary.ciHigh[g] = m + half;
      }
    }
  }
  return summary;
}

/**
 * The `n` largest trades by notional (price × quantity), largest first, ties to the earlier
 * trade: their indices in `trades`. Trades that cannot be used (see `isUsableTrade`) are never listed.
 */
export function largestTrades(trades: TradeSeries, n: number): Uint32Array {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`The number of large trades must be a whole number of at least 0, not ${n}.`);
  const { time, price, quantity } = trades;
  // A min-heap of the best n so far, ordered so its root is the one a newcomer must beat.
  const heap = new Uint32Array(n);
  const notional = (i: number): number => (price[i] ?? 0) * (quantity[i] ?? 0);
  // a ranks below b: smaller notional, or equal notional and later.
  const below = (a: number, b: number): boolean => {
    const x = notional(a);
    const y = notional(b);
    return x < y || (x === y && a > b);
  };
  let size = 0;
  const siftDown = (from: number): void => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < size && below(heap[left] ?? 0, heap[least] ?? 0)) least = left;
      if (right < size && below(heap[right] ?? 0, heap[least] ?? 0)) least = right;
      if (least === at) return;
      const held = heap[at] ?? 0;
      heap[at] = heap[least] ?? 0;
      heap[least] = held;
      at = least;
    }
  };
  for (let i = 0; i < time.length && n > 0; i++) {
    if (!isUsableTrade(time[i] ?? Number.NaN, price[i] ?? Number.NaN, quantity[i] ?? Number.NaN)) continue;
    if (size < n) {
      let at = size++;
      heap[at] = i;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!below(heap[at] ?? 0, heap[parent] ?? 0)) break;
        const held = heap[at] ?? 0;
        heap[at] = heap[parent] ?? 0;
        heap[parent] = held;
        at = parent;
      }
    } else if (below(heap[0] ?? 0, i)) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.slice(0, size).sort((a, b) => (below(a, b) ? 1 : below(b, a) ? -1 : 0));
}

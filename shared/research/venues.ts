import type { MidSeries } from './mid-series.ts';

/** A common time grid: `count` times from `start`, `stepMs` apart. */
export interface TimeGrid {
  start: number;
  stepMs: number;
  count: number;
}

/** The grid of step `stepMs` covering [start, end]: its first time is `start`, its last the last step at or before `end`. */
export function timeGrid(start: number, end: number, stepMs: number): TimeGrid {
  if (!(Number.isFinite(stepMs) && stepMs > 0)) throw new RangeError(`The grid step must be a number of ms above 0, not ${stepMs}.`);
  if (!(Number.isFinite(start) && Number.isFinite(end) && end >= start)) throw new RangeError(`The grid needs a finite start at or before its end, not ${start}..${end}.`);
  return { start, stepMs, count: Math.floor((end - start) / stepMs) + 1 };
}

/**
 * Values aligned on a grid: at each grid time g, the last value at or before g (samples in
 * ascending time); NaN before the first sample, where that sample is NaN (a cleared book stops
 * the last value there), or where it is older than `maxAgeMs` (default: no limit).
 */
export function alignOnGrid(time: Float64Array, values: Float64Array, grid: TimeGrid, maxAgeMs = Number.POSITIVE_INFINITY): Float64Array {
  const out = new Float64Array(grid.count);
  let j = -1;
  const n = time.length;
  for (let k = 0; k < grid.count; k++) {
    const g = grid.start + k * grid.stepMs;
    while (j + 1 < n && (time[j + 1] ?? 0) <= g) j++;
    out[k] = j >= 0 && g - (time[j] ?? 0) <= maxAgeMs ? (values[j] ?? Number.NaN) : Number.NaN;
  }
  return out;
}

/** One venue's book of an asset, as a mid series. */
export interface VenueMids {
  name: string;
  mids: MidSeries;
}

/** Venues side by side on one grid. */
export interface VenueComparison {
  /** Grid times. */
  time: Float64Array;
  names: string[];
  /** Per venue, its mid at each grid time (last at or before; NaN where none). */
  mid: Float64Array[];
  /** Per venue, its spread in bps at each grid time. */
  spreadBps: Float64Array[];
  /** Per venue, (mid − reference mid) / reference mid × 10⁴; the reference's own is 0 where it has a mid. */
  basisBps: Float64Array[];
  /** Index of the reference venue. */
  reference: number;
}

/** Aligns several venues' mids and spreads on a grid and takes each one's basis against the venue at `reference`. */
export function compareVenues(venues: readonly VenueMids[], grid: TimeGrid, reference = 0, maxAgeMs = Number.POSITIVE_INFINITY): VenueComparison {
  if (venues[reference] === undefined) throw new RangeError(`The reference venue ${reference} is not among the ${venues.length} venues.`);
  const mid = venues.map((venue) => alignOnGrid(venue.mids.time, venue.mids.mid, grid, maxAgeMs));
  const spreadBps = venues.map((venue) => alignOnGrid(venue.mids.time, venue.mids.spreadBps, grid, maxAgeMs));
  const base = mid[reference] ?? new Float64Array(grid.count);
  const basisBps = mid.map((values) => values.map((value, k) => ((value - (base[k] ?? Number.NaN)) / (base[k] ?? Number.NaN)) * 1e4));
  const time = new Float64Array(grid.count);
  for (let k = 0; k < grid.count; k++) time[k] = grid.start + k * grid.stepMs;
  return { time, names: venues.map((venue) => venue.name), mid, spreadBps, basisBps, reference };
}

/** Log returns of a series on a grid: r[k] = ln(x[k] / x[k − 1]); NaN at k = 0 and wherever either value is missing or not above 0. */
export function gridReturns(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  out[0] = Number.NaN;
  for (let k = 1; k < values.length; k++) {
    const a = values[k - 1] ?? Number.NaN;
    const b = values[k] ?? Number.NaN;
    out[k] = a > 0 && b > 0 ? Math.log(b / a) : Number.NaN;
  }
  return out;
}

/** A lead–lag cross-correlation. */
export interface LeadLag {
  /** Lags in grid steps, from −maxLag to +maxLag. */
  lagSteps: Int32Array;
  /** The same in ms. */
  lagMs: Float64Array;
  /** Pearson correlation at each lag; NaN with fewer than 3 pairs or no variance. */
  correlation: Float64Array;
  /** Pairs used at each lag. */
  pairs: Float64Array;
}

/**
 * Cross-correlation of two venues' mid returns on one grid (`gridReturns` of aligned mids), at
 * lags from −maxLagSteps to +maxLagSteps: at lag k, the Pearson correlation of the pairs
 * (a[g], b[g + k]) over the grid steps g where both returns are defined (each lag centred on its
 * own pairs). Sign convention: a peak at a positive lag k means b moves k steps after a, so a
 * leads b by k·step; a peak at a negative lag means b leads.
 */
export function leadLag(a: Float64Array, b: Float64Array, maxLagSteps: number, stepMs: number): LeadLag {
  if (!(Number.isInteger(maxLagSteps) && maxLagSteps >= 0)) throw new RangeError(`The largest lag must be a whole number of steps, not ${maxLagSteps}.`);
  const lags = 2 * maxLagSteps + 1;
  const lagSteps = new Int32Array(lags);
  const lagMs = new Float64Array(lags);
  const correlation = new Float64Array(lags);
  const pairs = new Float64Array(lags);
  const n = Math.min(a.length, b.length);
  for (let l = 0; l < lags; l++) {
    const k = l - maxLagSteps;
    lagSteps[l] = k;
    lagMs[l] = k * stepMs;
    let count = 0;
    let sumA = 0;
    let sumB = 0;
    for (let g = Math.max(0, -k); g + k < n && g < n; g++) {
      const x = a[g] ?? Number.NaN;
      const y = b[g + k] ?? Number.NaN;
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      count++;
      sumA += x;
      sumB += y;
    }
    pairs[l] = count;
    if (count < 3) {
      correlation[l] = Number.NaN;
      continue;
    }
    const meanA = sumA / count;
    const meanB = sumB / count;
    let sab = 0;
    let saa = 0;
    let sbb = 0;
    for (let g = Math.max(0, -k); g + k < n && g < n; g++) {
      const x = a[g] ?? Number.NaN;
      const y = b[g + k] ?? Number.NaN;
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      sab += (x - meanA) * (y - meanB);
      saa += (x - meanA) ** 2;
      sbb += (y - meanB) ** 2;
    }
    correlation[l] = saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : Number.NaN;
  }
  return { lagSteps, lagMs, correlation, pairs };
}

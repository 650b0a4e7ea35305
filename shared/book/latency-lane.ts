/** Latency of the events in each column of a time span: collector time − exchange time, in ms. */
export interface LatencyColumns {
  /** Start of the span (Unix ms) and the width of each column, ms. */
  t0: number;
  columnMs: number;
  /** Events with a known exchange time, per column. */
  known: number[];
  /** Events whose exchange time is unknown, per column: never read as a latency of 0. */
  unknown: number[];
  /** Quantiles (Hyndman and Fan type 7) and maximum of the known latencies; null where a column has none. */
  p50: (number | null)[];
  p99: (number | null)[];
  max: (number | null)[];
}

/** The type-7 quantile of ascending values; the values are not empty. */
function sortedQuantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[Math.min(sorted.length - 1, below + 1)] ?? low;
  return low + (h - below) * (high - low);
}

/** The first index in `clocks[0, count)` (ascending) whose value is ≥ t. */
function firstAtOrAfter(clocks: Float64Array, count: number, t: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((clocks[mid] ?? 0) < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Splits [t0, t1) into `columns` columns of equal width and summarizes the latencies of the events
 * whose replay clock falls in each (`clocks` ascending, one per event, the first `count` used;
 * `latencies` NaN where the exchange time is unknown): counts of known and unknown, p50, p99 and max.
 */
export function latencyColumns(clocks: Float64Array, latencies: Float64Array, count: number, t0: number, t1: number, columns: number): LatencyColumns {
  const n = Math.max(1, Math.floor(columns));
  const columnMs = Math.max(1e-9, (t1 - t0) / n);
  const out: LatencyColumns = { t0, columnMs, known: [], unknown: [], p50: [], p99: [], max: [] };
  let from = firstAtOrAfter(clocks, count, t0);
  const scratch = new Float64Array(Math.max(0, count - from));
  for (let c = 0; c < n; c++) {
    const until = c === n - 1 ? firstAtOrAfter(clocks, count, t1) : firstAtOrAfter(clocks, count, t0 + (c + 1) * columnMs);
    let known = 0;
    for (let i = from; i < until; i++) {
      const value = latencies[i] ?? Number.NaN;
      if (!Number.isNaN(value)) scratch[known++] = value;
    }
    const sorted = scratch.subarray(0, known).sort();
    out.known.push(known);
    out.unknown.push(Math.max(0, until - from) - known);
    out.p50.push(known === 0 ? null : sortedQuantile(sorted, 0.5));
    out.p99.push(known === 0 ? null : sortedQuantile(sorted, 0.99));
    out.max.push(known === 0 ? null : (sorted[known - 1] ?? null));
    from = Math.max(from, until);
  }
  return out;
}

/** Event latencies appended in replay-clock order, kept in growing typed columns. */
export class LatencyLog {
  #clocks = new Float64Array(1024);
  #latencies = new Float64Array(1024);
  #count = 0;

  /** Events logged. */
  get count(): number {
    return this.#count;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#clocks.byteLength + this.#latencies.byteLength;
  }

  /** Logs an event at replay clock `clock` (never below the last) with its collector and exchange times (null: unknown). */
  push(clock: number, collectorTimestamp: number, exchangeTimestamp: number | null | undefined): void {
    if (this.#count === this.#clocks.length) {
      const clocks = new Float64Array(this.#count * 2);
      clocks.set(this.#clocks);
      this.#clocks = clocks;
      const latencies = new Float64Array(this.#count * 2);
      latencies.set(this.#latencies);
      this.#latencies = latencies;
    }
    this.#clocks[this.#count] = clock;
    this.#latencies[this.#count] = exchangeTimestamp === null || exchangeTimestamp === undefined || !Number.isFinite(exchangeTimestamp) ? Number.NaN : collectorTimestamp - exchangeTimestamp;
    this.#count++;
  }

  /** The latency columns of [t0, t1) (see `latencyColumns`). */
  columns(t0: number, t1: number, columns: number): LatencyColumns {
    return latencyColumns(this.#clocks, this.#latencies, this.#count, t0, t1, columns);
  }
}

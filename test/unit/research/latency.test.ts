import { describe, expect, it } from 'vitest';
import { eventLatencies, latencyByInterval, latencySummary } from '../../../shared/research/latency.ts';
import { seededRandom } from '../../../shared/seeded-random.ts';
import { expectClose, nullable } from './research-reference.ts';

/** Type-7 quantile of plain numbers, written from the definition: sort, h = (n − 1)·q, interpolate. */
function naiveQuantile(values: readonly number[], q: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * q;
  const low = sorted[Math.floor(h)] ?? 0;
  const high = sorted[Math.ceil(h)] ?? low;
  return low + (h - Math.floor(h)) * (high - low);
}

// Six events worked by hand: latencies 10, unknown, 50, −10, 1000, 20 ms.
// Known, sorted: −10, 10, 20, 50, 1000. p50 = 20; p99: h = 3.96 → 50 + 0.96 × 950 = 962.
// Q1 = 10, Q3 = 50, IQR 40: fences −110 and 170, so 1000 is the one outlier.
const collector = Float64Array.from([1_000, 2_000, 3_000, 4_000, 5_000, 6_000]);
const exchange = Float64Array.from([990, Number.NaN, 2_950, 4_010, 4_000, 5_980]);

describe('latency', () => {
  it('is collector time minus exchange time, unknown where the exchange time is (never 0)', () => {
    expect(nullable(eventLatencies(collector, exchange))).toEqual([10, null, 50, -10, 1000, 20]);
  });

  it('summarizes the known latencies and counts the unknown apart (hand-computed)', () => {
    const summary = latencySummary(eventLatencies(collector, exchange));
    expect(summary).toMatchObject({ known: 5, unknown: 1, min: -10, p50: 20, max: 1000, mean: 214, negative: 1, lowFence: -110, highFence: 170, outliers: 1 });
    expect(summary.p99).toBeCloseTo(962, 9);
    expect(Array.from(summary.outlierIndices)).toEqual([4]);
  });

  it('has no figures (null) when no exchange time is known', () => {
    const summary = latencySummary(eventLatencies(Float64Array.from([1, 2]), Float64Array.from([Number.NaN, Number.NaN])));
    expect([summary.known, summary.unknown, summary.outliers]).toEqual([0, 2, 0]);
    expect([summary.p50, summary.p99, summary.min, summary.max, summary.mean].every(Number.isNaN)).toBe(true);
  });

  it('per interval: counts, p50, p99 and max of each (hand-computed, 2 s intervals)', () => {
    const series = latencyByInterval(collector, eventLatencies(collector, exchange), 2_000);
    expect(Array.from(series.openTime)).toEqual([0, 2_000, 4_000, 6_000]);
    expect(Array.from(series.known)).toEqual([1, 1, 2, 1]);
    expect(Array.from(series.unknown)).toEqual([0, 1, 0, 0]);
    expectClose(series.p50, [10, 50, 495, 20], 'p50');
    expectClose(series.p99, [10, 50, -10 + 0.99 * 1010, 20], 'p99');
    expectClose(series.max, [10, 50, 1000, 20], 'max');
  });

  it('agrees with naive quantiles and fences over a seeded random stream', () => {
    const random = seededRandom(81);
    const n = 5000;
    const times = Float64Array.from({ length: n }, (_, i) => 1_700_000_000_000 + i * 37 + Math.floor(random() * 400));
    const venue = times.map((time) => (random() < 0.1 ? Number.NaN : time - Math.floor(random() * 60) - (random() < 0.01 ? 5_000 : 0) + (random() < 0.02 ? 30 : 0)));
    const latency = eventLatencies(times, venue);
    const known = Array.from(latency).filter((value) => !Number.isNaN(value));
    const summary = latencySummary(latency, 10_000);
    expect(summary.known).toBe(known.length);
    expect(summary.unknown).toBe(n - known.length);
    expect(summary.p50).toBeCloseTo(naiveQuantile(known, 0.5) ?? Number.NaN, 9);
    expect(summary.p99).toBeCloseTo(naiveQuantile(known, 0.99) ?? Number.NaN, 9);
    const q1 = naiveQuantile(known, 0.25) ?? 0;
    const q3 = naiveQuantile(known, 0.75) ?? 0;
    const outliers = Array.from(latency).flatMap((value, i) => (value < q1 - 3 * (q3 - q1) || value > q3 + 3 * (q3 - q1) ? [i] : []));
    expect(summary.outliers).toBe(outliers.length);
    expect([...summary.outlierIndices].sort((a, b) => a - b)).toEqual(outliers);
    expect(outliers.length).toBeGreaterThan(10);

    const interval = 60_000;
    const series = latencyByInterval(times, latency, interval);
    const groups = new Map<number, number[]>();
    times.forEach((time, i) => {
      const open = Math.floor(time / interval) * interval;
      const group = groups.get(open) ?? [];
      if (!Number.isNaN(latency[i])) group.push(latency[i] ?? 0);
      groups.set(open, group);
    });
    const opens = [...groups.keys()].sort((a, b) => a - b);
    expect(Array.from(series.openTime)).toEqual(opens);
    expectClose(series.p99, opens.map((open) => naiveQuantile(groups.get(open) ?? [], 0.99)), 'interval p99');
  });
});

import { describe, expect, it } from 'vitest';
import type { MidSeries } from '../../../shared/research/mid-series.ts';
import { alignOnGrid, compareVenues, gridReturns, leadLag, timeGrid } from '../../../shared/research/venues.ts';
import { seededRandom } from '../../../shared/seeded-random.ts';
import { expectClose, nullable } from './research-reference.ts';

function midsOf(samples: readonly [number, number | null][]): MidSeries {
  return {
    time: Float64Array.from(samples.map(([time]) => time)),
    mid: Float64Array.from(samples.map(([, mid]) => mid ?? Number.NaN)),
    spreadBps: Float64Array.from(samples.map(([, mid]) => (mid === null ? Number.NaN : mid / 100))),
    end: samples[samples.length - 1]?.[0] ?? Number.NEGATIVE_INFINITY,
  };
}

/** The naive cross-correlation at one lag: list the defined pairs (a[g], b[g + k]), then Pearson's formula. */
function naiveCorrelation(a: readonly (number | null)[], b: readonly (number | null)[], k: number): number | null {
  const pairs: [number, number][] = [];
  for (let g = 0; g < a.length; g++) {
    const x = a[g];
    const y = b[g + k];
    if (x !== null && x !== undefined && y !== null && y !== undefined) pairs.push([x, y]);
  }
  if (pairs.length < 3) return null;
  const meanX = pairs.reduce((sum, [x]) => sum + x, 0) / pairs.length;
  const meanY = pairs.reduce((sum, [, y]) => sum + y, 0) / pairs.length;
  const cov = pairs.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const varX = pairs.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  const varY = pairs.reduce((sum, [, y]) => sum + (y - meanY) ** 2, 0);
  return varX > 0 && varY > 0 ? cov / Math.sqrt(varX * varY) : null;
}

// Venue A: 100 at 0 ms, 101 at 100, no mid (cleared) at 250, 102 at 400.
// Venue B: 200 at 50, 202 at 300. Grid 0, 100, …, 400.
const venueA = midsOf([[0, 100], [100, 101], [250, null], [400, 102]]);
const venueB = midsOf([[50, 200], [300, 202]]);

describe('venues side by side', () => {
  it('aligns each venue on the grid by its last value at or before each time (hand-computed)', () => {
    const grid = timeGrid(0, 400, 100);
    expect(nullable(alignOnGrid(venueA.time, venueA.mid, grid))).toEqual([100, 101, 101, null, 102]);
    expect(nullable(alignOnGrid(venueB.time, venueB.mid, grid))).toEqual([null, 200, 200, 202, 202]);
    // With a 100 ms age limit, B's 200 of 50 ms is too old at 200 ms.
    expect(nullable(alignOnGrid(venueB.time, venueB.mid, grid, 100))).toEqual([null, 200, null, 202, 202]);
  });

  it('takes each venue’s basis against the reference in bps, null where either has no mid', () => {
    const comparison = compareVenues([{ name: 'a', mids: venueA }, { name: 'b', mids: venueB }], timeGrid(0, 400, 100), 0);
    expect(Array.from(comparison.time)).toEqual([0, 100, 200, 300, 400]);
    expectClose(comparison.basisBps[1] ?? [], [null, (99 / 101) * 1e4, (99 / 101) * 1e4, null, (100 / 102) * 1e4], 'basis of b');
    expect(nullable(comparison.basisBps[0] ?? [])).toEqual([0, 0, 0, null, 0]);
    expect(nullable(comparison.spreadBps[1] ?? [])).toEqual([null, 2, 2, 2.02, 2.02]);
  });

  it('takes log returns between grid steps, null where a mid is missing', () => {
    expectClose(gridReturns(Float64Array.from([100, 101, Number.NaN, 102, 102])), [null, Math.log(1.01), null, null, 0], 'returns');
  });

  it('finds the lag at which one venue follows the other; a positive lag means the first leads', () => {
    const random = seededRandom(91);
    const a = Float64Array.from({ length: 400 }, () => random() - 0.5);
    // b repeats a two steps later, with a little noise: a leads b by 2 steps.
    const b = Float64Array.from({ length: 400 }, (_, g) => (g >= 2 ? (a[g - 2] ?? 0) + (random() - 0.5) * 0.05 : Number.NaN));
    const result = leadLag(a, b, 20, 100);
    const best = result.correlation.indexOf(Math.max(...Array.from(result.correlation).filter((v) => !Number.isNaN(v))));
    expect(result.lagSteps[best]).toBe(2);
    expect(result.lagMs[best]).toBe(200);
    expect(result.correlation[best]).toBeGreaterThan(0.99);
    // Swapped, the peak is at −2.
    const swapped = leadLag(b, a, 20, 100);
    const peak = swapped.correlation.indexOf(Math.max(...Array.from(swapped.correlation).filter((v) => !Number.isNaN(v))));
    expect(swapped.lagSteps[peak]).toBe(-2);
  });

  it('agrees with the naive pairwise Pearson correlation at every lag over seeded random mids with gaps', () => {
    const random = seededRandom(92);
    const grid = timeGrid(1_700_000_000_000, 1_700_000_000_000 + 60_000, 100);
    const walk = (seedShift: number): MidSeries => {
      const samples: [number, number | null][] = [];
      let mid = 1000 + seedShift;
      for (let t = grid.start - 500; t < grid.start + 60_500; t += 1 + Math.floor(random() * 250)) {
        mid += Math.round((random() - 0.5) * 6) / 2;
        samples.push([t, random() < 0.03 ? null : mid]);
      }
      return midsOf(samples);
    };
    const comparison = compareVenues([{ name: 'x', mids: walk(0) }, { name: 'y', mids: walk(5) }], grid, 0);
    const ra = gridReturns(comparison.mid[0] ?? new Float64Array());
    const rb = gridReturns(comparison.mid[1] ?? new Float64Array());
    const result = leadLag(ra, rb, 20, grid.stepMs);
    const plainA = nullable(ra);
    const plainB = nullable(rb);
    expectClose(result.correlation, Array.from(result.lagSteps, (k) => naiveCorrelation(plainA, plainB, k)), 'correlation');
    expect(plainA.some((value) => value === null)).toBe(true);
  });

  it('refuses a bad grid or lag', () => {
    expect(() => timeGrid(0, 10, 0)).toThrow(/grid step/);
    expect(() => leadLag(new Float64Array(), new Float64Array(), 1.5, 100)).toThrow(/whole number/);
    expect(() => compareVenues([], timeGrid(0, 10, 1), 0)).toThrow(/reference venue/);
  });
});

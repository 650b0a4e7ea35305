import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf, cumulativeDelta, deltaAt, lastTradeAt, runDelta, volumeProfile, type DeltaRun } from '../../../renderer/src/views/replay/heatmap/trade-flow.ts';

// The heatmap's volume profile and cumulative volume delta, against hand-computed values and a
// naive reference written here.

const trades = {
  time: [10, 20, 20, 30, 40],
  price: [100, 100.5, 101, 100, 99.5],
  quantity: [1, 2, 3, 4, 5],
  side: [1, -1, 1, 0, -1],
};

describe('volume profile', () => {
  it('sums bought, sold and unknown size per price band over the window, and marks the point of control', () => {
    // Step 0.5, no banding: bands 200 (100), 201 (100.5), 202 (101), 199 (99.5). Window [15, 35].
    const profile = volumeProfile(trades, 15, 35, 0.5, 0);
    expect(profile.base).toBe(200);
    expect(Array.from(profile.buy)).toEqual([0, 0, 3]);
    expect(Array.from(profile.sell)).toEqual([0, 2, 0]);
    expect(Array.from(profile.unknown)).toEqual([4, 0, 0]);
    expect(profile.poc).toBe(200);
    expect(profile.max).toBe(4);
  });

  it('counts only the visible prices when given the window: its bands are the window\'s, however far the trades ranged', () => {
    // Window [15, 35] × prices [100.4, 101.2]: bands 201 (100.5) and 202 (101); the 100 at t=30 is below it.
    const profile = volumeProfile(trades, 15, 35, 0.5, 0, { p0: 100.4, p1: 101.2 });
    expect(profile.base).toBe(201);
    expect(Array.from(profile.buy)).toEqual([0, 3]);
    expect(Array.from(profile.sell)).toEqual([2, 0]);
    expect(Array.from(profile.unknown)).toEqual([0, 0]);
    expect(profile.poc).toBe(202);
    // A trade a million steps away costs no million bands.
    const far = { time: [1, 2], price: [100, 1_000_000], quantity: [1, 1], side: [1, 1] };
    expect(volumeProfile(far, 0, 5, 0.01, 0, { p0: 99, p1: 101 }).buy.length).toBe(1);
  });

  it('bands prices as the heatmap rows do', () => {
    expect(bandOf(100, 0.5, 0)).toBe(200);
    expect(bandOf(100.5, 0.5, 1)).toBe(100);
    expect(bandOf(101, 0.5, 1)).toBe(101);
    // Round to the step first: 99.74 is 199.48 steps → 199.
    expect(bandOf(99.74, 0.5, 0)).toBe(199);
  });

  it('equals a naive sum over random trades (ties of the point of control go to the lower band)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(50), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 9 }), fc.constantFrom(1, -1, 0)), { maxLength: 60 }), fc.nat(50), fc.nat(50), fc.nat(2), (raw, a, b, shift) => {
        const sorted = [...raw].sort((x, y) => x[0] - y[0]);
        const columns = { time: sorted.map((r) => r[0]), price: sorted.map((r) => 90 + r[1] * 0.25), quantity: sorted.map((r) => r[2]), side: sorted.map((r) => r[3]) };
        const t0 = Math.min(a, b);
        const t1 = Math.max(a, b);
        const naive = new Map<number, number>();
        sorted.forEach((r, i) => {
          if (r[0] < t0 || r[0] > t1) return;
          const band = Math.floor((Math.round((columns.price[i] ?? 0) / 0.25 * 1e9) / 1e9 + 0.5) / 2 ** shift);
          naive.set(band, (naive.get(band) ?? 0) + r[2]);
        });
        const profile = volumeProfile(columns, t0, t1, 0.25, shift);
        const got = new Map<number, number>();
        for (let at = 0; at < profile.buy.length; at++) {
          const total = (profile.buy[at] ?? 0) + (profile.sell[at] ?? 0) + (profile.unknown[at] ?? 0);
          if (total > 0) got.set(profile.base + at, total);
        }
        expect(got).toEqual(naive);
        const best = [...naive.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0];
        expect(profile.poc).toBe(best === undefined ? null : best[0]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('cumulative volume delta', () => {
  it('adds bought and subtracts sold size, ignoring unknown sides', () => {
    expect(Array.from(cumulativeDelta(trades))).toEqual([1, -1, 2, 2, -3]);
  });

  it('continues over trades that grow in place, summing only the new ones, equal to a naive running sum at every step', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.record({ side: fc.constantFrom(1, -1, 0), quantity: fc.integer({ min: 0, max: 1000 }) }), { maxLength: 40 }), { maxLength: 12 }), (batches) => {
        const columns = { time: [] as number[], price: [] as number[], quantity: [] as number[], side: [] as number[] };
        let run: DeltaRun | null = null;
        let naive = 0;
        const expected: number[] = [];
        for (const batch of batches) {
          for (const trade of batch) {
            columns.time.push(columns.time.length);
            columns.price.push(100);
            columns.quantity.push(trade.quantity);
            columns.side.push(trade.side);
            naive += trade.side === 1 ? trade.quantity : trade.side === -1 ? -trade.quantity : 0;
            expected.push(naive);
          }
          run = runDelta(columns, run);
          expect(Array.from(run.sums.subarray(0, run.count))).toEqual(expected);
        }
        // A run sums on from where it stopped and never re-reads what it summed: a change to an
        // earlier trade (which never happens to a replay's trades) does not show.
        if (run !== null && columns.quantity.length > 0 && columns.side[0] !== 0) {
          columns.quantity[0] = (columns.quantity[0] ?? 0) + 1;
          expect(Array.from(runDelta(columns, run).sums.subarray(0, run.count))).toEqual(expected);
        }
      }),
      { numRuns: 200 },
    );
    // Other columns (not grown in place) start over.
    const first = runDelta({ time: [1], price: [1], quantity: [5], side: [1] }, null);
    expect(Array.from(runDelta({ time: [1], price: [1], quantity: [2], side: [-1] }, first).sums.subarray(0, 1))).toEqual([-2]);
  });

  it('reads the delta and the last trade in force at a time (trades at that time included)', () => {
    const delta = cumulativeDelta(trades);
    expect(deltaAt(trades, delta, 5)).toBe(0);
    expect(deltaAt(trades, delta, 20)).toBe(2);
    expect(deltaAt(trades, delta, 39)).toBe(2);
    expect(deltaAt(trades, delta, 1000)).toBe(-3);
    expect(lastTradeAt(trades, 20)).toEqual({ price: 101, side: 1 });
    expect(lastTradeAt(trades, 9)).toBeNull();
  });
});

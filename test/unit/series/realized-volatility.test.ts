import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realizedVolatility } from '../../../shared/series/realized-volatility.ts';
import { naiveBuckets, printsOf, sortedTrades } from './trade-series-reference.ts';

const t0 = Date.UTC(2026, 10, 22, 10, 0, 0);

describe('realizedVolatility', () => {
  it('is sqrt of the summed squared log returns of consecutive trades inside each interval (hand-computed)', () => {
    const series = realizedVolatility(
      printsOf([
        { time: t0 + 1, price: 100, quantity: 1 },
        { time: t0 + 2, price: 110, quantity: 1 },
        { time: t0 + 3, price: 99, quantity: 1 },
        // Next interval: one trade only, so no return: null, not 0.
        { time: t0 + 60_000, price: 200, quantity: 1 },
        // Two equal prices: a return of exactly 0.
        { time: t0 + 120_000, price: 50, quantity: 1 },
        { time: t0 + 120_001, price: 50, quantity: 1 },
      ]),
      60_000,
    );
    expect(series.openTime).toEqual([t0, t0 + 60_000, t0 + 120_000]);
    expect(series.value[0]).toBeCloseTo(Math.sqrt(Math.log(1.1) ** 2 + Math.log(99 / 110) ** 2), 12);
    expect(series.value[1]).toBeNull();
    expect(series.value[2]).toBe(0);
  });

  it('does not compare an interval’s first trade with the previous interval’s last', () => {
    const series = realizedVolatility(printsOf([{ time: t0, price: 100, quantity: 1 }, { time: t0 + 60_000, price: 150, quantity: 1 }, { time: t0 + 60_001, price: 150, quantity: 1 }]), 60_000);
    expect(series.value).toEqual([null, 0]);
  });

  it('skips a pair with a non-positive price', () => {
    const series = realizedVolatility(printsOf([{ time: t0, price: 0, quantity: 1 }, { time: t0 + 1, price: 10, quantity: 1 }]), 60_000);
    expect(series.value).toEqual([null]);
  });

  it('agrees with a naive per-bucket computation over random trades', () => {
    fc.assert(
      fc.property(sortedTrades, fc.constantFrom(1000, 60_000, 3_600_000), (trades, length) => {
        const series = realizedVolatility(printsOf(trades), length);
        const buckets = [...naiveBuckets(trades, length)];
        expect(series.openTime).toEqual(buckets.map(([open]) => open));
        buckets.forEach(([, bucket], i) => {
          const returns = bucket.slice(1).map((t, j) => Math.log(t.price / (bucket[j]?.price ?? Number.NaN)));
          const value = series.value[i];
          if (returns.length === 0) expect(value).toBeNull();
          else expect(value).toBeCloseTo(Math.sqrt(returns.reduce((sum, r) => sum + r * r, 0)), 9);
        });
      }),
    );
  });
});

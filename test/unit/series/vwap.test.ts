import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cumulativeVwap } from '../../../shared/series/vwap.ts';
import { naiveBuckets, printsOf, sortedTrades } from './trade-series-reference.ts';

const t0 = Date.UTC(2026, 10, 22, 10, 0, 0);

describe('cumulativeVwap', () => {
  it('is Σp·q / Σq from the first trade through the end of each interval (hand-computed)', () => {
    const series = cumulativeVwap(
      printsOf([
        { time: t0 + 1_000, price: 100, quantity: 1 },
        { time: t0 + 2_000, price: 110, quantity: 3 },
        { time: t0 + 180_000, price: 90, quantity: 4 },
      ]),
      60_000,
    );
    // 10:00 → (100 + 330) / 4 = 107.5; 10:03 → (430 + 360) / 8 = 98.75; 10:01 and 10:02 are absent.
    expect(series.openTime).toEqual([t0, t0 + 180_000]);
    expect(series.value).toEqual([107.5, 98.75]);
  });

  it('is null while no quantity has traded, then defined', () => {
    const series = cumulativeVwap(printsOf([{ time: t0, price: 100, quantity: 0 }, { time: t0 + 60_000, price: 50, quantity: 2 }]), 60_000);
    expect(series.value).toEqual([null, 50]);
  });

  it('agrees with a naive cumulative sum over random trades', () => {
    fc.assert(
      fc.property(sortedTrades, fc.constantFrom(1000, 60_000, 900_000), (trades, length) => {
        const series = cumulativeVwap(printsOf(trades), length);
        const expectedTimes: number[] = [];
        const expected: (number | null)[] = [];
        for (const [open] of naiveBuckets(trades, length)) {
          const upTo = trades.filter((t) => t.time < open + length);
          const volume = upTo.reduce((sum, t) => sum + t.quantity, 0);
          expectedTimes.push(open);
          expected.push(volume > 0 ? upTo.reduce((sum, t) => sum + t.price * t.quantity, 0) / volume : null);
        }
        expect(series.openTime).toEqual(expectedTimes);
        series.value.forEach((value, i) => {
          const want = expected[i];
          if (want === null || want === undefined) expect(value).toBeNull();
          else expect(value).toBeCloseTo(want, 6);
        });
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantile } from '../../../shared/series/quantile.ts';

describe('quantile', () => {
  it('interpolates between order statistics (type 7, hand-computed)', () => {
    // Sorted: 1 2 3 4 10; h = 4 · 0.995 = 3.98 → 4 + 0.98 · 6 = 9.88.
    expect(quantile([10, 1, 4, 3, 2], 0.995)).toBeCloseTo(9.88, 12);
    expect(quantile([10, 1, 4, 3, 2], 0.5)).toBe(3);
    expect(quantile([10, 1, 4, 3, 2], 0)).toBe(1);
    expect(quantile([10, 1, 4, 3, 2], 1)).toBe(10);
    expect(quantile([7], 0.995)).toBe(7);
  });

  it('is null with no finite value, and ignores non-finite values', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([Number.NaN], 0.5)).toBeNull();
    expect(quantile([Number.NaN, 2, Number.POSITIVE_INFINITY, 4], 0.5)).toBe(3);
  });

  it('sorts numerically, not as text', () => {
    expect(quantile([9, 10, 100], 0.5)).toBe(10);
  });

  it('agrees with a naive sort-and-interpolate on random values', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }), fc.double({ min: 0, max: 1, noNaN: true }), (values, q) => {
        const sorted = [...values].sort((a, b) => a - b);
        const h = (sorted.length - 1) * q;
        const lo = sorted[Math.floor(h)] ?? 0;
        const hi = sorted[Math.ceil(h)] ?? 0;
        expect(quantile(values, q)).toBeCloseTo(lo + (h - Math.floor(h)) * (hi - lo), 6);
      }),
    );
  });
});

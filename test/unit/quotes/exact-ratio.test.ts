import { describe, expect, it } from 'vitest';
import { compareRatios, ratio, toApproximateNumber, toFixedPlaces, toSignificant, type ExactRatio } from '../../../shared/quotes/exact-ratio.ts';

function r(num: bigint, den: bigint): ExactRatio {
  const value = ratio(num, den);
  if (value === null) throw new Error('zero denominator in a test value');
  return value;
}

describe('ratio', () => {
  it('keeps the denominator positive and refuses zero', () => {
    expect(ratio(3n, -4n)).toEqual({ num: -3n, den: 4n });
    expect(ratio(1n, 0n)).toBeNull();
  });
});

describe('toSignificant', () => {
  it('rounds to the given significant digits, halves away from zero, keeping trailing zeros', () => {
    expect(toSignificant(r(1n, 3n), 4)).toBe('0.3333');
    expect(toSignificant(r(2n, 3n), 4)).toBe('0.6667');
    expect(toSignificant(r(15n, 100n), 1)).toBe('0.2');
    expect(toSignificant(r(-1n, 3n), 3)).toBe('-0.333');
    expect(toSignificant(r(30005n, 10n), 8)).toBe('3000.5000');
    expect(toSignificant(r(123456n, 1n), 3)).toBe('123000');
    expect(toSignificant(r(5n, 1000n), 1)).toBe('0.005');
    expect(toSignificant(r(0n, 7n), 5)).toBe('0');
  });

  it('carries a rounding into one more integer digit without changing the digit count', () => {
    // 2999.995 → 3000.00 and 9.9996 → 10.00: still 6 and 4 significant digits.
    expect(toSignificant(r(2_999_995n, 1000n), 6)).toBe('3000.00');
    expect(toSignificant(r(99_996n, 10_000n), 4)).toBe('10.00');
  });

  it('is exact far beyond float precision', () => {
    // (2^256 − 1) / 10^18 to 30 digits; a float would give only ~16 of them.
    const max = 2n ** 256n - 1n;
    expect(toSignificant(r(max, 10n ** 18n), 30)).toBe('115792089237316195423570985009000000000000000000000000000000');
    expect(toSignificant(r(1n, 3n * 10n ** 30n), 5)).toBe('0.00000000000000000000000000000033333');
    // 1 / (10^30 + 1) is 9.99999…e-31: five 9s round up and carry to 1.0000e-30.
    expect(toSignificant(r(1n, 10n ** 30n + 1n), 5)).toBe('0.0000000000000000000000000000010000');
  });

  it('finds the exponent exactly at powers of ten', () => {
    expect(toSignificant(r(1000n, 1n), 2)).toBe('1000');
    expect(toSignificant(r(999n, 1n), 2)).toBe('1000');
    expect(toSignificant(r(1n, 100n), 3)).toBe('0.0100');
    expect(toSignificant(r(99n, 10_000n), 3)).toBe('0.00990');
  });
});

describe('toFixedPlaces', () => {
  it('rounds to the given places, halves away from zero', () => {
    expect(toFixedPlaces(r(12_345n, 1000n), 2)).toBe('12.35');
    expect(toFixedPlaces(r(-1n, 8n), 2)).toBe('-0.13');
    expect(toFixedPlaces(r(1n, 3n), 0)).toBe('0');
    expect(toFixedPlaces(r(2n, 3n), 0)).toBe('1');
    expect(toFixedPlaces(r(-1n, 1000n), 2)).toBe('0.00');
    expect(toFixedPlaces(r(50n, 1n), 2)).toBe('50.00');
  });
});

describe('compareRatios and toApproximateNumber', () => {
  it('compares exactly and gives the nearest float for drawing', () => {
    expect(compareRatios(r(1n, 3n), r(333_333n, 1_000_000n))).toBe(1);
    expect(compareRatios(r(2n, 4n), r(1n, 2n))).toBe(0);
    expect(compareRatios(r(-1n, 2n), r(0n, 1n))).toBe(-1);
    expect(toApproximateNumber(r(1n, 3n))).toBeCloseTo(0.333333333333, 12);
    expect(toApproximateNumber(r(0n, 3n))).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { linearScale, nearestIndex, niceTicks, timeTicks } from '../../../renderer/src/views/quotes/chart-scale.ts';
import { alignedUnits, impactBarFractions, impactText, inversePriceText, priceText } from '../../../renderer/src/views/quotes/ladder-display.ts';

describe('ladder display', () => {
  it('shows prices and inverse prices to 8 significant digits, and impact to 2 places', () => {
    expect(priceText({ num: 2_997_000_000n, den: 1_000_000n })).toBe('2,997.0000');
    expect(inversePriceText({ num: 3000n, den: 1n })).toBe('0.00033333333');
    expect(inversePriceText({ num: 0n, den: 1n })).toBe('—');
    expect([priceText(null), inversePriceText(null), impactText(null)]).toEqual(['—', '—', '—']);
    expect(impactText({ num: 287_654_321_099n, den: 300_000_000n })).toBe('958.85');
  });

  it('lines a column of amounts up on its longest fraction, exactly', () => {
    // 0.038, 0.378 and 3,774.66 WETH (18 dp): three places for all.
    const wei = 10n ** 18n;
    expect(alignedUnits([38n * 10n ** 15n, 378n * 10n ** 15n, 377_466n * 10n ** 16n, null], 18)).toEqual(['0.038', '0.378', '3,774.660', null]);
    expect(alignedUnits([wei, 10n * wei], 18)).toEqual(['1', '10']);
    // Beyond 2^64 and with all 18 places kept.
    expect(alignedUnits([1000n * wei + 1n], 18)).toEqual(['1,000.000000000000000001']);
  });

  it('sizes impact bars against the largest absolute impact', () => {
    expect(impactBarFractions([{ num: 0n, den: 1n }, { num: 10n, den: 1n }, { num: -20n, den: 1n }, null])).toEqual([0, 0.5, 1, null]);
    expect(impactBarFractions([{ num: 0n, den: 1n }])).toEqual([0]);
  });
});

describe('chart scales', () => {
  it('maps a domain linearly onto pixels, a flat domain to the middle', () => {
    expect(linearScale(0, 10, 100, 200)(2.5)).toBe(125);
    expect(linearScale(5, 5, 100, 200)(5)).toBe(150);
  });

  it('picks round ticks of 1, 2 or 5 × 10^n covering the values', () => {
    expect(niceTicks(0, 2.9, 4)).toEqual({ ticks: [0, 1, 2, 3], domain: [0, 3] });
    expect(niceTicks(-23, 67, 4)).toEqual({ ticks: [-50, 0, 50, 100], domain: [-50, 100] });
    expect(niceTicks(-0.2, 0, 2).ticks).toEqual([-0.2, -0.1, 0]);
    expect(niceTicks(0, 0, 4).domain).toEqual([-1, 1]);
  });

  it('finds the nearest sample by x', () => {
    const xs = [10, 20, 40];
    expect([0, 14, 16, 29, 31, 100].map((x) => nearestIndex(xs, x))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(nearestIndex([], 5)).toBe(-1);
  });

  it('places time ticks on round boundaries of the chosen zone', () => {
    const start = Date.UTC(2026, 10, 22, 18, 22, 36);
    const end = Date.UTC(2026, 10, 22, 19, 22, 36);
    const utc = timeTicks(start, end, 6, 0);
    expect(utc[0]).toBe(Date.UTC(2026, 10, 22, 18, 30));
    expect(utc.every((tick, index) => index === 0 || tick - (utc[index - 1] ?? 0) === 10 * 60_000)).toBe(true);
    // At +05:30 the 15-minute boundaries fall on :00/:15/:30/:45 local, which are the same UTC minutes.
    const kolkata = timeTicks(start, end, 4, 5.5 * 3_600_000);
    expect(kolkata[0]).toBe(Date.UTC(2026, 10, 22, 18, 30));
    // A 1-hour step at +05:30 lands on :30 UTC (the local hour).
    expect(timeTicks(start, start + 6 * 3_600_000, 6, 5.5 * 3_600_000)[0]).toBe(Date.UTC(2026, 10, 22, 18, 30));
    expect(timeTicks(start, start + 6 * 3_600_000, 6, 0)[0]).toBe(Date.UTC(2026, 10, 22, 19, 0));
  });
});

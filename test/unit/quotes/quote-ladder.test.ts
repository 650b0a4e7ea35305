import { describe, expect, it } from 'vitest';
import { compareRatios, toFixedPlaces, toSignificant, type ExactRatio } from '../../../shared/quotes/exact-ratio.ts';
import { effectivePrice, impactBps, ladderOf, sizeSideOf, unitsOf } from '../../../shared/quotes/quote-ladder.ts';
import { point, usdc, weth } from './quote-fixtures.ts';

const wei = 10n ** 18n;

function shown(value: ExactRatio | null, digits = 8): string | null {
  return value === null ? null : toSignificant(value, digits);
}

describe('effectivePrice', () => {
  it('is output per input with both decimals applied', () => {
    // 1 WETH (18) → 3000.5 USDC (6): 3000.5 USDC per WETH.
    expect(shown(effectivePrice(wei, 18, 3_000_500_000n, 6))).toBe('3000.5000');
    // 100 USDC (6) → 0.0333 WETH (18): 0.000333 WETH per USDC.
    expect(shown(effectivePrice(100_000_000n, 6, 33_300_000_000_000_000n, 18))).toBe('0.00033300000');
  });

  it('has no price for a zero input or impossible decimals', () => {
    expect(effectivePrice(0n, 18, 5n, 6)).toBeNull();
    expect(effectivePrice(1n, -1, 5n, 6)).toBeNull();
    expect(effectivePrice(1n, 18, 5n, 256)).toBeNull();
  });
});

describe('impactBps', () => {
  it('is (reference − price) / reference in basis points, positive when the price is worse', () => {
    expect(impactBps({ num: 2985n, den: 1n }, { num: 3000n, den: 1n })).toEqual({ num: 150_000n, den: 3000n });
    const better = impactBps({ num: 3001n, den: 1n }, { num: 3000n, den: 1n });
    expect(better === null ? null : toFixedPlaces(better, 4)).toBe('-3.3333');
    expect(impactBps({ num: 1n, den: 1n }, { num: 0n, den: 1n })).toBeNull();
  });
});

describe('unitsOf and sizeSideOf', () => {
  it('reads only non-negative decimal integers', () => {
    expect(unitsOf('115792089237316195423570985008687907853269984665640564039457584007913129639935')).toBe(2n ** 256n - 1n);
    expect(['1.5', '-3', '0x10', '', ' 1'].map((text) => unitsOf(text))).toEqual([null, null, null, null, null]);
  });

  it('takes the output as the size only for exact output', () => {
    expect(['exact_input', 'exact_output', 'exact_in', 'exact_out', 'something'].map((kind) => sizeSideOf(kind))).toEqual(['input', 'output', 'input', 'output', 'input']);
  });
});

describe('ladderOf', () => {
  it('orders an exact-input ladder by input size and measures impact against the smallest size', () => {
    const ladder = ladderOf([
      point('o', (10n * wei).toString(), '29910000000'), // 10 WETH → 29 910 USDC: 2991
      point('o', (wei / 10n).toString(), '300000000'), // 0.1 WETH → 300 USDC: 3000 (the reference)
      point('o', (1000n * wei).toString(), '2712345678901'), // 1000 WETH (above 2^64 wei) → 2 712 345.678901 USDC
      point('o', wei.toString(), '2997000000'), // 1 WETH → 2997 USDC: 2997
    ]);
    expect(ladder.map((rung) => rung.size)).toEqual([wei / 10n, wei, 10n * wei, 1000n * wei]);
    expect(ladder.map((rung) => shown(rung.price))).toEqual(['3000.0000', '2997.0000', '2991.0000', '2712.3457']);
    // (3000 − 2997) / 3000 = 10 bps; (3000 − 2991) / 3000 = 30 bps;
    // (3000 − 2712.345678901) / 3000 × 10 000 = 958.84773699666… bps.
    expect(ladder.map((rung) => (rung.impactBps === null ? null : toFixedPlaces(rung.impactBps, 2)))).toEqual(['0.00', '10.00', '30.00', '958.85']);
    const exact = ladder[3]?.impactBps;
    expect(exact === undefined || exact === null ? null : compareRatios(exact, { num: 287_654_321_099n, den: 300_000_000n })).toBe(0);
  });

  it('orders an exact-output ladder by the output size, and still prices output per input', () => {
    const ladder = ladderOf([
      point('x', '30150000000', (10n * wei).toString(), { amount_kind: 'exact_output', input_asset_id: usdc, input_decimals: 6, output_asset_id: weth, output_decimals: 18 }),
      point('x', '3000000000', wei.toString(), { amount_kind: 'exact_output', input_asset_id: usdc, input_decimals: 6, output_asset_id: weth, output_decimals: 18 }),
    ]);
    expect(ladder.map((rung) => rung.size)).toEqual([wei, 10n * wei]);
    // 1/3000 then 10/30150 = 1/3015 WETH per USDC: (1/3000 − 1/3015) / (1/3000) × 10 000 = 10 000/201 bps.
    expect(ladder.map((rung) => shown(rung.price, 6))).toEqual(['0.000333333', '0.000331675']);
    expect(ladder[1]?.impactBps === null ? null : toFixedPlaces(ladder[1]?.impactBps ?? { num: 0n, den: 1n }, 2)).toBe('49.75');
  });

  it('sorts by the output for exact output even when the inputs run the other way', () => {
    const kind = { amount_kind: 'exact_output' };
    const ladder = ladderOf([point('y', '3000', '1', kind), point('y', '2999', '10', kind)]);
    expect(ladder.map((rung) => rung.amountOut)).toEqual([1n, 10n]);
  });

  it('keeps unreadable amounts last, with no price and no impact, and never as zero', () => {
    const ladder = ladderOf([point('z', 'garbage', '5'), point('z', wei.toString(), '3000000000'), point('z', '0', '0')]);
    expect(ladder.map((rung) => [rung.amountIn, rung.price === null, rung.impactBps === null])).toEqual([
      [0n, true, true],
      [wei, false, true],
      [null, true, true],
    ]);
  });
});

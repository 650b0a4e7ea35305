import { describe, expect, it } from 'vitest';
import { autoFootprintStep, ladderTick, medianCandleRange, readableFootprintStep, steppedFootprintStep } from '../../../../renderer/src/views/workspace/modes/footprint-step.ts';

describe('footprint price step', () => {
  it('takes the median of the candles’ ranges, skipping candles without one', () => {
    expect(medianCandleRange([10, 12, 20], [5, 10, 11])).toBe(5);
    expect(medianCandleRange([10, 12, 20, 30], [5, 10, 11, Number.NaN])).toBe(5);
    expect(medianCandleRange([4, 8], [0, 2])).toBe(5);
    expect(Number.isNaN(medianCandleRange([], []))).toBe(true);
  });

  it('picks the smallest tick ladder step (1, 2, 5 × 10ᵏ ticks) that cuts the median candle into at most 8 rows', () => {
    // 50 / 8 = 6.25 → 10 ticks of 1.
    expect(autoFootprintStep(1, 50)).toBe(10);
    // 40 / 8 = 5 → exactly 5 ticks.
    expect(autoFootprintStep(1, 40)).toBe(5);
    // 0.9 / 8 = 0.1125 → 1.125 ticks of 0.1 → 2 ticks = 0.2 (not 0.20000000000000001).
    expect(autoFootprintStep(0.1, 0.9)).toBe(0.2);
    // 3 / 8 = 0.375 → 7.5 ticks of 0.05 → 10 ticks = 0.5.
    expect(autoFootprintStep(0.05, 3)).toBe(0.5);
    // A range under a row: one tick.
    expect(autoFootprintStep(0.5, 1)).toBe(0.5);
    expect(autoFootprintStep(0.5, 0)).toBe(0.5);
    expect(autoFootprintStep(0.5, Number.NaN)).toBe(0.5);
  });

  it('keeps rows at least 14 px tall at the first view: the smallest ladder step of 14 px of price', () => {
    // 0.5 per px × 14 px = 7 → 10 ticks of 1.
    expect(readableFootprintStep(1, 0.5)).toBe(10);
    // 0.2 per px × 14 = 2.8 → 28 ticks of 0.1 → 50 ticks = 5.
    expect(readableFootprintStep(0.1, 0.2)).toBe(5);
    // 1/14 per px: exactly one tick of 1.
    expect(readableFootprintStep(1, 1 / 14)).toBe(1);
    // Not drawn yet, or nonsense: no bound (one tick).
    expect(readableFootprintStep(0.5, null)).toBe(0.5);
    expect(readableFootprintStep(0.5, 0)).toBe(0.5);
    expect(readableFootprintStep(0.5, Number.NaN)).toBe(0.5);
  });

  it('builds the ladder on 10⁻⁸ when the tick size is unknown', () => {
    expect(ladderTick(null)).toBe(1e-8);
    expect(ladderTick(0)).toBe(1e-8);
    expect(ladderTick(0.01)).toBe(0.01);
    expect(autoFootprintStep(undefined, 8)).toBe(1);
  });

  it('steps along the ladder with + and −, never below one tick', () => {
    expect(steppedFootprintStep(10, 1, 1)).toBe(20);
    expect(steppedFootprintStep(20, 1, 1)).toBe(50);
    expect(steppedFootprintStep(50, 1, 1)).toBe(100);
    expect(steppedFootprintStep(100, 1, -1)).toBe(50);
    expect(steppedFootprintStep(10, 1, -1)).toBe(5);
    expect(steppedFootprintStep(5, 1, -1)).toBe(2);
    expect(steppedFootprintStep(2, 1, -1)).toBe(1);
    expect(steppedFootprintStep(1, 1, -1)).toBe(1);
    expect(steppedFootprintStep(0.1, 0.1, 1)).toBe(0.2);
    // 10 ticks of 0.05 down to 5 ticks.
    expect(steppedFootprintStep(0.5, 0.05, -1)).toBe(0.25);
  });

  it('moves a step typed off the ladder to the ladder step on that side', () => {
    expect(steppedFootprintStep(7, 1, 1)).toBe(10);
    expect(steppedFootprintStep(7, 1, -1)).toBe(5);
    expect(steppedFootprintStep(0.3, 0.1, 1)).toBe(0.5);
    expect(steppedFootprintStep(0.3, 0.1, -1)).toBe(0.2);
  });
});

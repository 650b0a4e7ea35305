import { describe, expect, it } from 'vitest';
import { linearScale, niceAxis, niceStep, paddedAxis } from '../../../renderer/src/views/options/chart-scale.ts';

describe('niceStep', () => {
  it('picks 1, 2, 2.5 or 5 times a power of ten, at least span / count', () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(0.37, 4)).toBe(0.1);
    expect(niceStep(45_000, 6)).toBe(10_000);
    expect(niceStep(12, 5)).toBe(2.5);
  });
});

describe('niceAxis', () => {
  it('widens the range to round ends and lists the ticks between', () => {
    expect(niceAxis(43.2, 97.9, 5)).toEqual({ min: 40, max: 100, step: 20, ticks: [40, 60, 80, 100] });
  });

  it('keeps decimal ticks free of float drift', () => {
    expect(niceAxis(0.1, 0.7, 6).ticks).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });

  it('opens a flat range around its value', () => {
    const axis = niceAxis(50, 50, 4);
    expect(axis.min).toBeLessThan(50);
    expect(axis.max).toBeGreaterThan(50);
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included', () => {
    const y = linearScale(40, 100, 200, 0);
    expect(y(40)).toBe(200);
    expect(y(100)).toBe(0);
    expect(y(70)).toBe(100);
    expect(linearScale(5, 5, 0, 10)(5)).toBe(5);
  });
});

describe('paddedAxis', () => {
  it('pads the data range by a fraction and keeps only the round ticks inside it', () => {
    expect(paddedAxis(70_000, 130_000, 6, 0.05)).toEqual({ min: 67_000, max: 133_000, step: 20_000, ticks: [80_000, 100_000, 120_000] });
  });

  it('opens a single value by 5 % either side', () => {
    const axis = paddedAxis(100, 100, 4, 0);
    expect([axis.min, axis.max]).toEqual([95, 105]);
    expect(axis.ticks).toEqual([95, 97.5, 100, 102.5, 105]);
  });
});

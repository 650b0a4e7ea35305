import { describe, expect, it } from 'vitest';
import { drawnFromAfterChange, initialDrawnBars, initialDrawnFrom, widenedDrawnFrom } from '../../../renderer/src/views/workspace/chart/drawn-window.ts';

describe('the drawn window of a long candle history', () => {
  it('hands a fresh chart the newest 6,000 candles, or all of fewer', () => {
    expect(initialDrawnBars).toBe(6_000);
    expect(initialDrawnFrom(100_000)).toBe(94_000);
    expect(initialDrawnFrom(6_000)).toBe(0);
    expect(initialDrawnFrom(360)).toBe(0);
    expect(initialDrawnFrom(0)).toBe(0);
  });

  it('widens by doubling (at least 6,000 more), down to the oldest loaded candle', () => {
    // 100k loaded: 6k drawn → 12k → 24k → 48k → 96k → all.
    const starts = [94_000];
    while ((starts.at(-1) ?? 0) > 0) starts.push(widenedDrawnFrom(starts.at(-1) ?? 0, 100_000));
    expect(starts).toEqual([94_000, 88_000, 76_000, 52_000, 4_000, 0]);
    expect(widenedDrawnFrom(0, 100_000)).toBe(0);
    // A window smaller than the step still grows by 6,000.
    expect(widenedDrawnFrom(9_000, 10_000)).toBe(3_000);
  });

  it('after a change: a fresh set starts afresh; bars loaded in front are drawn only when the window reached the oldest', () => {
    expect(drawnFromAfterChange(null, null, 50_000)).toBe(44_000);
    expect(drawnFromAfterChange(30_000, null, 50_000)).toBe(44_000);
    // Window at 0, 1,000 bars loaded in front: all 1,000 drawn too.
    expect(drawnFromAfterChange(0, 1_000, 51_000)).toBe(0);
    // Window at 30,000 (older loaded bars not drawn yet): it keeps its first candle, now 1,000 further in.
    expect(drawnFromAfterChange(30_000, 1_000, 51_000)).toBe(31_000);
  });
});

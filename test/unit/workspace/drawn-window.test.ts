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

  it("a long range's windows arriving back from its end: the newest 6,000 are drawn, as on a fresh chart, and a widening the user made is kept", () => {
    // 15,000 1m candles read in windows of 1 h, 2 h, 4 h, …: 60, 180, 420, 900, 1,860, 3,780, 7,620, 15,000 loaded.
    const loaded = [60, 180, 420, 900, 1_860, 3_780, 7_620, 15_000];
    let from: number | null = null;
    let previous = 0;
    const drawnAfter: number[] = [];
    for (const [index, count] of loaded.entries()) {
      from = drawnFromAfterChange(from, from === null ? null : count - previous, count, index > 0);
      drawnAfter.push(count - from);
      previous = count;
    }
    expect(drawnAfter).toEqual([60, 180, 420, 900, 1_860, 3_780, 6_000, 6_000]);
    // The user widened to the oldest of 7,620 while the last window was read: its first candle stays drawn.
    expect(drawnFromAfterChange(0, 7_380, 15_000, true)).toBe(7_380);
  });
});

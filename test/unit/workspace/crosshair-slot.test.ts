import { describe, expect, it } from 'vitest';
import { crosshairSlot } from '../../../renderer/src/views/workspace/chart/crosshair-slot.ts';

const minute = 60_000;
const at = (hh: number, mm: number): number => Date.UTC(2026, 11, 7, hh, mm);
// A funding pane's 1 min candles from 11:00 to 11:41 (its last observation).
const times = Array.from({ length: 42 }, (_, i) => at(11, 0) + i * minute);

describe('the funding crosshair of a hovered activity bar', () => {
  it('sits on the hovered candle itself (11:30 is the 31st point)', () => {
    expect(crosshairSlot(times, at(11, 30), null)).toBe(30);
    expect(crosshairSlot(times, at(11, 41), { from: 0, to: 41 })).toBe(41);
  });

  it('is not drawn at 11:41 for a bar of the 11:53 candle, past the pane\'s last point', () => {
    expect(crosshairSlot(times, at(11, 53), null)).toBeNull();
    expect(crosshairSlot(times, at(10, 59), null)).toBeNull();
    // A time between two candles' opens is no candle of the pane's either.
    expect(crosshairSlot(times, at(11, 30) + 30_000, null)).toBeNull();
  });

  it('is not drawn at the edge of the view for a candle out of it', () => {
    // Bars 0..20 in view (11:00 to 11:20), half a bar of room either side counts as in view.
    expect(crosshairSlot(times, at(11, 30), { from: -0.4, to: 20.3 })).toBeNull();
    expect(crosshairSlot(times, at(11, 20), { from: -0.4, to: 20.3 })).toBe(20);
    expect(crosshairSlot(times, at(11, 0), { from: -0.4, to: 20.3 })).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { atInterval, extendedTo, loadedRangeFor } from '../../../renderer/src/views/workspace/history/loaded-range.ts';

const hour = 3_600_000;
const end = Date.UTC(2026, 10, 27, 12, 0, 0);
const sixHours = { start: end - 6 * hour, end, relative: true, span: '6h' };

describe('the loaded range: the main loads keep their base while the view reaches back', () => {
  it('starts a base for a new range, and keeps it while the view shows it', () => {
    const loaded = loadedRangeFor(sixHours, null);
    expect(loaded).toEqual({ base: sixHours, interval: null, from: sixHours.start });
    expect(loadedRangeFor({ ...sixHours }, loaded)).toBe(loaded);
  });

  it('after history reached back, the view range from there to the base end continues the same base', () => {
    const loaded = atInterval(loadedRangeFor(sixHours, null), '1m', sixHours);
    const { loaded: extended, params } = extendedTo(loaded, end - 12 * hour);
    expect(params).toEqual({ start: end - 12 * hour, end, span: undefined });
    expect(extended).toEqual({ base: sixHours, interval: '1m', from: end - 12 * hour });
    // The view, reading those parameters, is a fixed range that continues the base.
    expect(loadedRangeFor({ start: end - 12 * hour, end, relative: false, span: null }, extended)).toBe(extended);
    // Reaching back never moves forward.
    expect(extendedTo(extended, end - 9 * hour).loaded.from).toBe(end - 12 * hour);
  });

  it('any other range starts a new base: another start, another end, or the span picked again', () => {
    const extended = extendedTo(atInterval(loadedRangeFor(sixHours, null), '1m', sixHours), end - 12 * hour).loaded;
    for (const range of [
      { start: end - 11 * hour, end, relative: false, span: null },
      { start: end - 12 * hour, end: end - 1, relative: false, span: null },
      { start: end - 12 * hour, end, relative: true, span: null },
    ]) {
      expect(loadedRangeFor(range, extended)).toEqual({ base: range, interval: null, from: range.start });
    }
  });

  it('a new interval makes the whole range shown the base: history at another interval is not kept', () => {
    const shown = { start: end - 12 * hour, end, relative: false, span: null };
    const extended = extendedTo(atInterval(loadedRangeFor(sixHours, null), '1m', sixHours), shown.start).loaded;
    expect(atInterval(extended, '1m', shown)).toBe(extended);
    expect(atInterval(extended, '5m', shown)).toEqual({ base: shown, interval: '5m', from: shown.start });
  });
});

import { describe, expect, it } from 'vitest';
import { defaultInterval, inCanonicalOrder, opensInRange, spanHolding, stepInterval } from '../../../renderer/src/views/workspace/interval-choice.ts';

const hour = 3_600_000;

describe('interval choice', () => {
  it('defaults to the shortest offered interval with at most 1,500 candles in the range', () => {
    // 6h: 1m gives 360 candles, 10s gives 2,160 (too many).
    expect(defaultInterval(['10s', '1m', '5m', '1h'], 6 * hour)).toBe('1m');
    // 7d: 1m gives 10,080, 5m gives 2,016, 15m gives 672.
    expect(defaultInterval(['1m', '5m', '15m', '1h'], 7 * 24 * hour)).toBe('15m');
    // 10 minutes: 1s gives 600.
    expect(defaultInterval(['100ms', '1s', '1m'], 10 * 60_000)).toBe('1s');
  });

  it('falls back to the longest offered interval, and to null when none is offered', () => {
    expect(defaultInterval(['1m', '5m'], 30 * 24 * hour)).toBe('5m');
    expect(defaultInterval([], hour)).toBeNull();
  });

  it('steps to the neighbouring offered interval and stays put at either end', () => {
    const offered = ['1h', '1m', '5m'] as const;
    expect(inCanonicalOrder(offered)).toEqual(['1m', '5m', '1h']);
    expect(stepInterval(offered, '5m', 1)).toBe('1h');
    expect(stepInterval(offered, '5m', -1)).toBe('1m');
    expect(stepInterval(offered, '1h', 1)).toBe('1h');
    expect(stepInterval(offered, '1m', -1)).toBe('1m');
    expect(stepInterval(offered, '10s', 1)).toBe('1m');
  });

  it('says whether a candle of the interval opens inside a range (whole multiples from the epoch)', () => {
    const noon = Date.UTC(2026, 10, 27, 12, 0, 0);
    // 12:05 to 12:15: no hour opens in it; 1m and 5m candles do.
    const tenMinutes = { start: noon + 5 * 60_000, end: noon + 15 * 60_000 };
    expect(opensInRange(tenMinutes, hour)).toBe(false);
    expect(opensInRange(tenMinutes, 5 * 60_000)).toBe(true);
    // 11:55 to 12:05 holds the 12:00 hour; the bounds are inclusive.
    expect(opensInRange({ start: noon - 5 * 60_000, end: noon + 5 * 60_000 }, hour)).toBe(true);
    expect(opensInRange({ start: noon, end: noon }, hour)).toBe(true);
    expect(opensInRange({ start: noon + 1, end: noon + hour - 1 }, hour)).toBe(false);
  });

  it('widens to the shortest span holding a dozen candles of the interval', () => {
    expect(spanHolding(hour)?.id).toBe('24h');
    expect(spanHolding(5 * 60_000)?.id).toBe('1h');
    expect(spanHolding(60_000)?.id).toBe('1h');
    expect(spanHolding(30 * 24 * hour)).toBeNull();
  });
});

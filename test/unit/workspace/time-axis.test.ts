import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryWeight, calendarWeight, crosshairPrecision, tickLabel, wallClock, wallClockReader } from '../../../renderer/src/components/chart/time-axis.ts';

const at = (h: number, m: number, s = 0, ms = 0): number => Date.UTC(2026, 10, 22, h, m, s, ms);

describe('time axis in UTC', () => {
  it('weighs a step by the largest boundary it crosses', () => {
    expect(boundaryWeight(at(10, 0, 0, 100), at(10, 0, 0, 150), 'utc')).toBe(0);
    expect(boundaryWeight(at(10, 0, 0, 100), at(10, 0, 0, 200), 'utc')).toBe(10);
    expect(boundaryWeight(at(10, 0, 59), at(10, 1, 0), 'utc')).toBe(30);
    expect(boundaryWeight(at(10, 59), at(11, 0), 'utc')).toBe(40);
    expect(boundaryWeight(at(23, 59), at(23, 59) + 60_000, 'utc')).toBe(calendarWeight.day);
    expect(boundaryWeight(Date.UTC(2026, 10, 30, 23), Date.UTC(2026, 11, 1, 0), 'utc')).toBe(calendarWeight.month);
    expect(boundaryWeight(Date.UTC(2026, 11, 31, 23), Date.UTC(2027, 0, 1, 0), 'utc')).toBe(calendarWeight.year);
  });

  it('labels ticks as finely as their weight needs', () => {
    expect(tickLabel(at(10, 5, 30, 123), 0, 'utc')).toBe('10:05:30.123');
    expect(tickLabel(at(10, 5, 30, 100), 10, 'utc')).toBe('10:05:30.1');
    expect(tickLabel(at(10, 5, 30), 25, 'utc')).toBe('10:05:30');
    expect(tickLabel(at(10, 5), 30, 'utc')).toBe('10:05');
    expect(tickLabel(at(0, 0), calendarWeight.day, 'utc')).toBe('22 Nov');
    expect(tickLabel(Date.UTC(2026, 11, 1), calendarWeight.month, 'utc')).toBe('Dec');
    expect(tickLabel(Date.UTC(2027, 0, 1), calendarWeight.year, 'utc')).toBe('2027');
  });

  it('names crosshair times as precisely as the bars are long', () => {
    expect(crosshairPrecision(60_000)).toBe('min');
    expect(crosshairPrecision(3_600_000)).toBe('min');
    expect(crosshairPrecision(10_000)).toBe('s');
    expect(crosshairPrecision(100)).toBe('ms');
    expect(crosshairPrecision(0)).toBe('ms');
  });
});

describe('time axis in local time (Asia/Kolkata, UTC+05:30)', () => {
  const saved = process.env['TZ'];
  beforeAll(() => {
    process.env['TZ'] = 'Asia/Kolkata';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  });

  it('reads the wall clock of the zone', () => {
    expect(wallClock(at(0, 0), 'local') - at(0, 0)).toBe(5.5 * 3_600_000);
    expect(wallClock(at(0, 0), 'utc')).toBe(at(0, 0));
  });

  it('puts the day boundary at local midnight (18:30 UTC) and labels ticks in local time', () => {
    expect(boundaryWeight(at(18, 29), at(18, 30), 'local')).toBe(calendarWeight.day);
    expect(boundaryWeight(at(18, 29), at(18, 30), 'utc')).toBe(36);
    // The local hour turns at hh:30 UTC.
    expect(boundaryWeight(at(10, 29), at(10, 30), 'local')).toBe(40);
    expect(tickLabel(at(10, 0), 30, 'local')).toBe('15:30');
    expect(tickLabel(at(18, 30), calendarWeight.day, 'local')).toBe('23 Nov');
  });
});

describe('the wall-clock reader across a daylight-saving change (Europe/London)', () => {
  const saved = process.env['TZ'];
  beforeAll(() => {
    process.env['TZ'] = 'Europe/London';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  });

  it('reads the same wall clock as wallClock for every time, before and after the clocks go back', () => {
    const read = wallClockReader('local');
    // 25 Oct 2026: 01:00 UTC, clocks go back from BST (UTC+1) to GMT.
    const from = Date.UTC(2026, 9, 24, 22, 0);
    for (let ms = from; ms < from + 6 * 3_600_000; ms += 7 * 60_000 + 13) expect(read(ms)).toBe(wallClock(ms, 'local'));
    expect(read(Date.UTC(2026, 9, 25, 0, 30)) - Date.UTC(2026, 9, 25, 0, 30)).toBe(3_600_000);
    expect(read(Date.UTC(2026, 9, 25, 1, 30))).toBe(Date.UTC(2026, 9, 25, 1, 30));
  });

  it('reads UTC as it is', () => {
    expect(wallClockReader('utc')(123_456)).toBe(123_456);
  });
});

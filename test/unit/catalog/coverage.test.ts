import { describe, expect, it } from 'vitest';
import { formatCoverage, formatInstant, formatTerm, isLive, localOffset, utcOffset, zoneOffsetOf, type ZoneOffset } from '../../../renderer/src/format/coverage.ts';
import { formatTimestamp } from '../../../renderer/src/format/market-values.ts';

/** Fixed zones, written out: UTC+05:30 (India) and UTC−08:00 (Pacific standard time). */
const india: ZoneOffset = () => 330;
const pacific: ZoneOffset = () => -480;

describe('coverage in the chosen time zone', () => {
  const start = '2026-11-19T05:00:00.000Z';
  const end = '2026-11-21T23:45:00.000Z';
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('shows UTC wall-clock times to the minute', () => {
    expect(formatCoverage(start, end, now, utcOffset)).toBe('2026-11-19 05:00 → 2026-11-21 23:45');
  });

  it('shows the same instants in a fixed local zone, crossing midnight where the zone does', () => {
    expect(formatCoverage(start, end, now, india)).toBe('2026-11-19 10:30 → 2026-11-22 05:15');
    expect(formatCoverage(start, end, now, pacific)).toBe('2026-11-18 21:00 → 2026-11-21 15:45');
  });

  it('shows the zone\'s own dates to the day, where the table is short of width', () => {
    expect(formatCoverage(start, end, now, utcOffset, 'day')).toBe('2026-11-19 → 2026-11-21');
    expect(formatCoverage(start, end, now, india, 'day')).toBe('2026-11-19 → 2026-11-22');
    expect(formatCoverage(start, end, now, pacific, 'day')).toBe('2026-11-18 → 2026-11-21');
    expect(formatCoverage(start, '2026-11-22T09:58:00Z', now, pacific, 'day')).toBe('2026-11-18 → now');
  });

  it('says "now" for an end within five minutes of now, in any zone', () => {
    expect(formatCoverage(start, '2026-11-22T09:56:00Z', now, india)).toBe('2026-11-19 10:30 → now');
    expect(formatCoverage(start, '2026-11-22T09:54:00Z', now, utcOffset)).toBe('2026-11-19 05:00 → 2026-11-22 09:54');
    expect(isLive('2026-11-22T10:04:59Z', now)).toBe(true);
    expect(isLive('2026-11-22T10:05:00Z', now)).toBe(false);
  });

  it('formats an instant to the second when asked, and a non-date as a dash', () => {
    expect(formatInstant(Date.parse('2026-01-02T03:04:05.678Z'), pacific, 's')).toBe('2026-01-01 19:04:05');
    expect(formatInstant(Number.NaN, utcOffset)).toBe('—');
  });

  it('uses no offset for UTC, and agrees with formatTimestamp for the computer\'s zone', () => {
    expect(zoneOffsetOf('utc')).toBe(utcOffset);
    expect(zoneOffsetOf('local')).toBe(localOffset);
    for (const iso of ['2026-01-15T12:34:00Z', '2026-07-15T01:02:00Z', '2026-03-29T01:30:00Z']) {
      const ms = Date.parse(iso);
      expect(formatInstant(ms, localOffset)).toBe(formatTimestamp(ms, 'local', 'min'));
      expect(formatInstant(ms, utcOffset)).toBe(formatTimestamp(ms, 'utc', 'min'));
    }
  });
});

describe('formatTerm', () => {
  it('shows the venue\'s text, a number as written, and a dash for null', () => {
    expect(formatTerm('0.00001')).toBe('0.00001');
    expect(formatTerm(10)).toBe('10');
    expect(formatTerm(null)).toBe('—');
  });
});

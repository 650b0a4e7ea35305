import { describe, expect, it } from 'vitest';
import { readTimeText } from '../../../shared/time/time-text.ts';
import { dayStartOf, hourStartOf, utcDateHour, utcDateOf } from '../../../shared/time/time-units.ts';
import { timeOption, UsageError } from '../../../electron/cli/command-line.ts';

// The one time parser as the command line uses it (UTC, any number is Unix ms, zone-less times
// refused unless asked), against instants worked out by hand with Date.UTC.

function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('the one time parser on the command line', () => {
  it('reads every number as Unix ms, signed and fractional, where a time field would want 12–14 digits', () => {
    expect(readTimeText('5', { zone: 'utc', numbers: 'unix-ms' })).toEqual({ ok: true, time: 5 });
    expect(readTimeText('-5', { zone: 'utc', numbers: 'unix-ms' })).toEqual({ ok: true, time: -5 });
    expect(readTimeText('1717246800000.25', { zone: 'utc', numbers: 'unix-ms' })).toEqual({ ok: true, time: 1717246800000.25 });
    expect(readTimeText('5', { zone: 'utc' }).ok).toBe(false);
  });

  it('reads dates, zones and offsets as the hand-worked instants', () => {
    expect(timeOption('--from', '2024-06-01')).toBe(Date.UTC(2024, 5, 1));
    expect(timeOption('--from', '2024-06-01T13:00Z')).toBe(Date.UTC(2024, 5, 1, 13));
    expect(timeOption('--from', '2024-06-01T13:00:05.250+02:00')).toBe(Date.UTC(2024, 5, 1, 11, 0, 5, 250));
    expect(timeOption('--at', '2024-06-01 13:00 UTC')).toBe(Date.UTC(2024, 5, 1, 13));
  });

  it('refuses a time of day without a zone, naming the flag, unless the command reads it in UTC', () => {
    expect(usage(() => timeOption('--from', '2024-06-01T10:00'))).toMatch(/^--from must be .*"2024-06-01T10:00".*names no zone/);
    expect(timeOption('--from', '2024-06-01T10:00', 'utc')).toBe(Date.UTC(2024, 5, 1, 10));
  });

  it('refuses impossible dates and times, words, and instants past what a date holds', () => {
    expect(usage(() => timeOption('--to', '2026-02-30'))).toMatch(/--to must be .*February 2026 has 28 days/);
    expect(usage(() => timeOption('--to', '2026-02-03T24:00Z'))).toMatch(/hours run 00 to 23/);
    expect(usage(() => timeOption('--at', 'yesterday'))).toMatch(/--at must be .*"yesterday"/);
    expect(usage(() => timeOption('--at', '99999999999999999999'))).toMatch(/beyond the dates a clock can show/);
  });
});

describe('UTC hours and days', () => {
  it('floors to the hour and the day, before 1970 too', () => {
    const t = Date.UTC(2024, 5, 1, 13, 45, 12, 7);
    expect(hourStartOf(t)).toBe(Date.UTC(2024, 5, 1, 13));
    expect(dayStartOf(t)).toBe(Date.UTC(2024, 5, 1));
    expect(hourStartOf(-1)).toBe(-3_600_000);
    expect(utcDateOf(t)).toBe('2024-06-01');
    expect(utcDateHour(t)).toEqual({ date: '2024-06-01', hour: 13 });
  });
});

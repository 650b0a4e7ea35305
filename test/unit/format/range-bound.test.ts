import { describe, expect, it } from 'vitest';
import { boundsAfterFrom, boundsAfterTo, boundText, readBound } from '../../../renderer/src/components/range/read-bound.ts';

// Literals from GNU date: `date -u -d 2026-11-22T10:05:09.750Z +%s%3N`.
const bound = 1_795_341_909_750;

describe('a range bound typed in the picker', () => {
  it('is shown to the second with a T, and left as shown keeps its milliseconds', () => {
    expect(boundText(bound, 'utc')).toBe('2026-11-22T10:05:09');
    expect(readBound('2026-11-22T10:05:09', bound, 'utc')).toEqual({ ok: true, time: bound });
    expect(readBound(' 2026-11-22T10:05:09 ', bound, 'utc')).toEqual({ ok: true, time: bound });
  });

  it('reads every form of the one parser, a time of day on the bound’s date', () => {
    expect(readBound('2026-11-22T10:05', bound, 'utc')).toEqual({ ok: true, time: 1_795_341_900_000 });
    expect(readBound('2026-11-22 10:05:09', bound, 'utc')).toEqual({ ok: true, time: 1_795_341_909_000 });
    expect(readBound('2026-11-22T10:05:09.750', bound, 'utc')).toEqual({ ok: true, time: bound });
    expect(readBound('08:00', bound, 'utc')).toEqual({ ok: true, time: 1_795_334_400_000 });
    expect(readBound('2026-11-22T12:05:09+02:00', bound, 'utc')).toEqual({ ok: true, time: 1_795_341_909_000 });
    expect(readBound('2026-11-22', bound, 'utc')).toEqual({ ok: true, time: 1_795_305_600_000 });
    expect(readBound('1795341909750', bound, 'utc')).toEqual({ ok: true, time: bound });
  });

  it('says what was wrong, with examples on the bound’s date', () => {
    expect(readBound('yesterday', bound, 'utc')).toEqual({
      ok: false,
      message: 'Could not read "yesterday". Use a time such as 10:05, 10:05:09.750, 2026-11-22 10:05:09 (UTC), 2026-11-22T10:05:09.750Z or Unix ms 1795341909750.',
    });
    const refused = readBound('2026-11-31T10:00', bound, 'utc');
    expect(refused.ok ? refused.time : refused.message).toMatch(/^"2026-11-31" is not a date: November 2026 has 30 days\./);
  });
});

describe('a range after one bound is set', () => {
  const hour = 3_600_000;
  const range = { start: bound, end: bound + 2 * hour };
  const now = bound + 10 * hour;

  it('keeps To when From stays before it, and From when To stays after it', () => {
    expect(boundsAfterFrom(bound + hour, range, now)).toEqual({ start: bound + hour, end: bound + 2 * hour });
    expect(boundsAfterTo(bound + 5 * hour, range)).toEqual({ start: bound, end: bound + 5 * hour });
  });

  it('a From past To keeps the range\'s length, never past now; a To before From keeps it back from To', () => {
    // By hand: a two-hour range moved to start 4 h later ends 6 h later; one moved to 9 h ends at now (10 h), not 11 h.
    expect(boundsAfterFrom(bound + 4 * hour, range, now)).toEqual({ start: bound + 4 * hour, end: bound + 6 * hour });
    expect(boundsAfterFrom(bound + 9 * hour, range, now)).toEqual({ start: bound + 9 * hour, end: now });
    // A From after now is a range of no length, never one that runs into next year.
    expect(boundsAfterFrom(bound + 400 * 24 * hour, range, now)).toEqual({ start: bound + 400 * 24 * hour, end: bound + 400 * 24 * hour });
    expect(boundsAfterTo(bound - hour, range)).toEqual({ start: bound - 3 * hour, end: bound - hour });
  });
});

import { describe, expect, it } from 'vitest';
import type { Availability } from '../../../shared/contract/library-schemas.ts';
import { listingParts, mergeListings } from '../../../renderer/src/hooks/day-listing.ts';
import { calendarModel } from '../../../renderer/src/views/downloads/calendar-model.ts';

const days = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
const midnight = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

function listing(hours: { date: string; hour: number }[], cut: { truncated: boolean; listedUntil: number } = { truncated: false, listedUntil: 0 }): Availability {
  return {
    source: 'demo',
    market: 'BTC',
    access: { status: 'open', publicCutoffDate: null },
    hours: hours.map(({ date, hour }) => ({ date, hour, key: `standard-demo-BTC-${date}-${String(hour).padStart(2, '0')}`, local: false, needsKey: false })),
    ...cut,
  };
}

describe('listing the calendar in parts', () => {
  it('splits the days newest first, each part a run of whole UTC days', () => {
    expect(listingParts(days, 1).map((part) => part.days)).toEqual([['2026-11-21'], ['2026-11-20'], ['2026-11-19'], ['2026-11-18'], ['2026-11-17']]);
    expect(listingParts(days, 2).map((part) => part.days)).toEqual([['2026-11-20', '2026-11-21'], ['2026-11-18', '2026-11-19'], ['2026-11-17']]);
    const [whole] = listingParts(days, days.length);
    expect(whole).toEqual({ days, from: midnight('2026-11-17'), to: midnight('2026-11-22') });
    expect(listingParts(days, 1)[0]).toEqual({ days: ['2026-11-21'], from: midnight('2026-11-21'), to: midnight('2026-11-22') });
  });

  it('shows what the listed parts say and leaves the days of the others unlisted', () => {
    const parts = listingParts(days, 1);
    const merged = mergeListings(parts, [listing([{ date: '2026-11-21', hour: 3 }]), listing([{ date: '2026-11-20', hour: 7 }]), undefined, undefined, undefined]);
    expect(merged.availability?.hours.map((hour) => `${hour.date}/${hour.hour}`)).toEqual(['2026-11-21/3', '2026-11-20/7']);
    expect([...merged.unlistedDays].sort()).toEqual(['2026-11-17', '2026-11-18', '2026-11-19']);
    expect(mergeListings(parts, [undefined, undefined, undefined, undefined, undefined]).availability).toBeNull();
  });

  it('keeps the earliest cut of a part cut short', () => {
    const parts = listingParts(days, 2);
    const cutAt = midnight('2026-11-18') + 5 * 3_600_000;
    const merged = mergeListings(parts, [listing([]), listing([{ date: '2026-11-18', hour: 1 }], { truncated: true, listedUntil: cutAt }), listing([])]);
    expect(merged.availability).toMatchObject({ truncated: true, listedUntil: cutAt });
  });

  it('marks the hours of an unlisted day unknown in the calendar, keeping local files and the future', () => {
    const model = calendarModel({
      days: ['2026-11-20', '2026-11-21'],
      availability: listing([{ date: '2026-11-21', hour: 2 }]),
      unlistedDays: new Set(['2026-11-20']),
      libraryFiles: [{ key: 'standard-demo-BTC-2026-11-20-04', date: '2026-11-20', hour: 4, bytes: 10, records: 1, layout: 'standard' }],
      queue: [],
      nowMs: midnight('2026-11-21') + 12 * 3_600_000 + 1,
    });
    const first = model[0]?.cells.map((cell) => cell.state) ?? [];
    expect(first[4]).toBe('local');
    expect(new Set(first.filter((_, hour) => hour !== 4))).toEqual(new Set(['unknown']));
    const second = model[1]?.cells.map((cell) => cell.state) ?? [];
    expect(second.slice(0, 4)).toEqual(['none', 'none', 'remote', 'none']);
    expect(second[13]).toBe('future');
  });
});

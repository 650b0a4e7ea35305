import { describe, expect, it } from 'vitest';
import type { Availability, DownloadItem, LibraryFile } from '../../../shared/contract/library-schemas.ts';
import { calendarModel } from '../../../renderer/src/views/downloads/calendar-model.ts';
import { addHours, cellId, downloadPlan, hoursBetween, hoursOfDay, keepShown, moveCursor, selectedLocalKeys, toggleHours } from '../../../renderer/src/views/downloads/selection.ts';

const key = (date: string, hour: number): string => `standard-demo-BTC-${date}-${String(hour).padStart(2, '0')}`;

/** Two days; the 20th has hours 0–23 listed except 5, the 21st only 0–3. */
function twoDays(extra: { needsKey?: number[]; local?: LibraryFile[]; queue?: DownloadItem[] } = {}) {
  const hours = [
    ...[...Array(24).keys()].filter((hour) => hour !== 5).map((hour) => ({ date: '2026-11-20', hour })),
    ...[0, 1, 2, 3].map((hour) => ({ date: '2026-11-21', hour })),
  ];
  const availability: Availability = {
    source: 'demo',
    market: 'BTC',
    access: { status: 'open', publicCutoffDate: null },
    hours: hours.map(({ date, hour }) => ({ date, hour, key: key(date, hour), local: false, needsKey: date === '2026-11-21' && (extra.needsKey ?? []).includes(hour) })),
    truncated: false,
    listedUntil: Date.UTC(2026, 10, 22),
  };
  return calendarModel({ days: ['2026-11-20', '2026-11-21'], availability, libraryFiles: extra.local ?? [], queue: extra.queue ?? [], nowMs: Date.UTC(2026, 11, 1) });
}

describe('selection', () => {
  it('takes a range in time order across midnight, skipping hours with no file', () => {
    const days = twoDays();
    expect(hoursBetween(days, { day: 0, hour: 22 }, { day: 1, hour: 1 })).toEqual(['2026-11-20/22', '2026-11-20/23', '2026-11-21/0', '2026-11-21/1']);
    // Backwards is the same range; hour 5 has no file.
    expect(hoursBetween(days, { day: 0, hour: 6 }, { day: 0, hour: 4 })).toEqual(['2026-11-20/4', '2026-11-20/6']);
    // The 21st has nothing after 03:00.
    expect(hoursBetween(days, { day: 1, hour: 3 }, { day: 1, hour: 23 })).toEqual(['2026-11-21/3']);
  });

  it('toggles a group: adds when any is missing, removes when all are there', () => {
    const start = new Set(['2026-11-20/1']);
    const added = toggleHours(start, ['2026-11-20/1', '2026-11-20/2']);
    expect([...added].sort()).toEqual(['2026-11-20/1', '2026-11-20/2']);
    expect([...toggleHours(added, ['2026-11-20/1', '2026-11-20/2'])]).toEqual([]);
    expect(toggleHours(start, [])).toBe(start);
    expect([...addHours(start, ['2026-11-21/0'])].sort()).toEqual(['2026-11-20/1', '2026-11-21/0']);
  });

  it('selects the files of a day', () => {
    const days = twoDays();
    expect(hoursOfDay(days, 1)).toEqual(['2026-11-21/0', '2026-11-21/1', '2026-11-21/2', '2026-11-21/3']);
    expect(hoursOfDay(days, 0)).toHaveLength(23);
    expect(hoursOfDay(days, 5)).toEqual([]);
  });

  it('moves the cursor by hour across midnight, by day, and stays inside', () => {
    expect(moveCursor({ day: 0, hour: 23 }, 'ArrowRight', 2)).toEqual({ day: 1, hour: 0 });
    expect(moveCursor({ day: 1, hour: 0 }, 'ArrowLeft', 2)).toEqual({ day: 0, hour: 23 });
    expect(moveCursor({ day: 0, hour: 0 }, 'ArrowLeft', 2)).toEqual({ day: 0, hour: 0 });
    expect(moveCursor({ day: 1, hour: 23 }, 'ArrowRight', 2)).toEqual({ day: 1, hour: 23 });
    expect(moveCursor({ day: 0, hour: 7 }, 'ArrowDown', 2)).toEqual({ day: 1, hour: 7 });
    expect(moveCursor({ day: 1, hour: 7 }, 'ArrowDown', 2)).toEqual({ day: 1, hour: 7 });
    expect(moveCursor({ day: 1, hour: 7 }, 'ArrowUp', 2)).toEqual({ day: 0, hour: 7 });
    expect(moveCursor({ day: 1, hour: 7 }, 'Home', 2)).toEqual({ day: 1, hour: 0 });
    expect(moveCursor({ day: 1, hour: 7 }, 'End', 2)).toEqual({ day: 1, hour: 23 });
    expect(moveCursor({ day: 1, hour: 7 }, 'x', 2)).toEqual({ day: 1, hour: 7 });
  });

  it('forgets hours that are no longer shown', () => {
    const days = twoDays();
    const selection = new Set(['2026-11-20/4', '2026-11-20/5', '2026-11-19/3']);
    expect([...keepShown(selection, days)]).toEqual(['2026-11-20/4']);
    const kept = new Set(['2026-11-20/4']);
    expect(keepShown(kept, days)).toBe(kept);
  });
});

describe('downloadPlan', () => {
  it('downloads single hours by key and whole days by date', () => {
    const days = twoDays();
    const selection = new Set([...hoursOfDay(days, 1), cellId('2026-11-20', 7), cellId('2026-11-20', 8)]);
    expect(downloadPlan(days, selection)).toEqual({ keys: [key('2026-11-20', 7), key('2026-11-20', 8)], wholeDays: ['2026-11-21'], downloadable: 6, local: 0, inQueue: 0, needsKey: 0 });
  });

  it('counts what it skips: local, in the queue, needing a key; a whole day with a key-gated hour goes to its manifest', () => {
    const local: LibraryFile[] = [{ key: key('2026-11-21', 0), date: '2026-11-21', hour: 0, bytes: 1, records: 1, layout: 'standard' }];
    const queue: DownloadItem[] = [{ key: key('2026-11-21', 1), source: 'demo', market: 'BTC', date: '2026-11-21', hour: 1, state: 'downloading', bytes: 0, totalBytes: null, rateBps: 0, etaMs: null, attempts: 0, failure: null }];
    const days = twoDays({ needsKey: [2], local, queue });
    const plan = downloadPlan(days, new Set(hoursOfDay(days, 1)));
    expect(plan).toEqual({ keys: [], wholeDays: ['2026-11-21'], downloadable: 1, local: 1, inQueue: 1, needsKey: 1 });
    // Without hour 0 the day is not whole: the one downloadable hour goes by key.
    const part = downloadPlan(days, new Set(hoursOfDay(days, 1).slice(1)));
    expect(part).toEqual({ keys: [key('2026-11-21', 3)], wholeDays: [], downloadable: 1, local: 0, inQueue: 1, needsKey: 1 });
    // A day whose every hour needs a key is still asked for its manifest.
    const gated = twoDays({ needsKey: [0, 1, 2, 3] });
    expect(downloadPlan(gated, new Set(hoursOfDay(gated, 1)))).toEqual({ keys: [], wholeDays: ['2026-11-21'], downloadable: 0, local: 0, inQueue: 0, needsKey: 4 });
  });

  it('does not fetch a whole day that is already local', () => {
    const local: LibraryFile[] = [0, 1, 2, 3].map((hour) => ({ key: key('2026-11-21', hour), date: '2026-11-21', hour, bytes: 1, records: 1, layout: 'standard' }));
    const days = twoDays({ local });
    expect(downloadPlan(days, new Set(hoursOfDay(days, 1)))).toEqual({ keys: [], wholeDays: [], downloadable: 0, local: 4, inQueue: 0, needsKey: 0 });
    expect(selectedLocalKeys(days, new Set(['2026-11-21/1', '2026-11-21/3', '2026-11-20/1']))).toEqual([key('2026-11-21', 1), key('2026-11-21', 3)]);
  });

  it('names a whole-day file once for any of its hours selected', () => {
    const day: LibraryFile = { key: 'standard-demo-BTC-2026-11-20', date: '2026-11-20', hour: 0, span: 'day', bytes: 1, records: 1, layout: 'standard' };
    const days = twoDays({ local: [day] });
    expect(downloadPlan(days, new Set(['2026-11-20/2', '2026-11-20/5', '2026-11-20/23']))).toMatchObject({ keys: [], local: 3 });
    expect(selectedLocalKeys(days, new Set(['2026-11-20/2', '2026-11-20/5', '2026-11-20/23', '2026-11-21/0']))).toEqual(['standard-demo-BTC-2026-11-20']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Availability, DownloadItem, LibraryFile } from '../../../shared/contract/library-schemas.ts';
import { calendarModel, isDownloadable, type CellState } from '../../../renderer/src/views/downloads/calendar-model.ts';

const key = (date: string, hour: number): string => `standard-demo-BTC-${date}-${String(hour).padStart(2, '0')}`;

function listing(hours: { date: string; hour: number; local?: boolean; needsKey?: boolean }[], cut: { truncated: boolean; listedUntil: number } = { truncated: false, listedUntil: 0 }): Availability {
  return {
    source: 'demo',
    market: 'BTC',
    access: { status: 'preview', publicCutoffDate: '2026-11-19' },
    hours: hours.map((hour) => ({ date: hour.date, hour: hour.hour, key: key(hour.date, hour.hour), local: hour.local ?? false, needsKey: hour.needsKey ?? false })),
    ...cut,
  };
}

function item(date: string, hour: number, state: DownloadItem['state'], bytes = 0, totalBytes: number | null = null): DownloadItem {
  return { key: key(date, hour), source: 'demo', market: 'BTC', date, hour, state, bytes, totalBytes, rateBps: 0, etaMs: null, attempts: 0, failure: null };
}

function file(date: string, hour: number): LibraryFile {
  return { key: key(date, hour), date, hour, bytes: 1000, records: 10, layout: 'standard' };
}

/** A whole-day file (`standard-demo-BTC-2026-11-20`), as the library lists it: hour 0, span 'day'. */
function dayFile(date: string): LibraryFile {
  return { key: `standard-demo-BTC-${date}`, date, hour: 0, span: 'day', bytes: 24_000, records: 240, layout: 'standard' };
}

// Long after both days, so no hour is in the future unless a test says so.
const later = Date.UTC(2026, 11, 1);

function states(days: ReturnType<typeof calendarModel>, day = 0): CellState[] {
  return days[day]?.cells.map((cell) => cell.state) ?? [];
}

describe('calendarModel', () => {
  it('has 24 hours per day, in order, with no file where nothing is listed', () => {
    const days = calendarModel({ days: ['2026-11-20', '2026-11-21'], availability: listing([]), libraryFiles: [], queue: [], nowMs: later });
    expect(days.map((day) => day.date)).toEqual(['2026-11-20', '2026-11-21']);
    expect(days[1]?.cells.map((cell) => cell.hour)).toEqual([...Array(24).keys()]);
    expect(new Set(states(days))).toEqual(new Set(['none']));
    expect(days[0]?.files).toBe(0);
  });

  it('shows listed hours as downloadable or needing a key, and library hours as local', () => {
    const availability = listing([
      { date: '2026-11-20', hour: 0 },
      { date: '2026-11-20', hour: 1, needsKey: true },
      { date: '2026-11-20', hour: 2, local: true },
      { date: '2026-11-20', hour: 3 },
    ]);
    const days = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: [file('2026-11-20', 2), file('2026-11-20', 3), file('2026-11-20', 5)], queue: [], nowMs: later });
    expect(states(days).slice(0, 7)).toEqual(['remote', 'needs-key', 'local', 'local', 'none', 'local', 'none']);
    expect(days[0]?.files).toBe(5);
    expect(days[0]?.local).toBe(3);
    // A library file the listing did not name keeps its own key.
    expect(days[0]?.cells[5]?.key).toBe(key('2026-11-20', 5));
  });

  it('lets the queue decide for hours in flight, with the downloaded share', () => {
    const availability = listing([0, 1, 2, 3, 4, 5, 6].map((hour) => ({ date: '2026-11-20', hour })));
    const queue = [
      item('2026-11-20', 0, 'queued'),
      item('2026-11-20', 1, 'downloading', 250, 1000),
      item('2026-11-20', 2, 'verifying', 1000, 1000),
      item('2026-11-20', 3, 'paused', 10, 1000),
      item('2026-11-20', 4, 'failed'),
      item('2026-11-20', 5, 'done', 1000, 1000),
      item('2026-11-20', 6, 'cancelled'),
      item('2026-11-20', 7, 'downloading', 5, null),
    ];
    // Hour 5 landed (done) and is in the library's index.
    const days = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: [file('2026-11-20', 5)], queue, nowMs: later });
    expect(states(days).slice(0, 9)).toEqual(['queued', 'downloading', 'downloading', 'paused', 'failed', 'local', 'remote', 'downloading', 'none']);
    expect(days[0]?.cells.slice(0, 8).map((cell) => cell.progress)).toEqual([null, 0.25, 1, null, null, null, null, null]);
    expect(days[0]?.cells[4]?.item?.state).toBe('failed');
    expect(days[0]?.cells[6]?.item).toBeNull();
  });

  it('follows the live library over the listing: a file deleted since is downloadable again', () => {
    const availability = listing([{ date: '2026-11-20', hour: 2, local: true }]);
    const known = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: [], queue: [], nowMs: later });
    expect(known[0]?.cells[2]?.state).toBe('remote');
    // Until the index is known, the listing's flag stands.
    const unknown = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: null, queue: [], nowMs: later });
    expect(unknown[0]?.cells[2]?.state).toBe('local');
  });

  it('follows the library, not the queue, for a finished download: one deleted since is downloadable again', () => {
    const availability = listing([{ date: '2026-11-20', hour: 4 }, { date: '2026-11-20', hour: 5 }]);
    const queue = [item('2026-11-20', 4, 'done', 1000, 1000), item('2026-11-20', 5, 'done', 1000, 1000)];
    // Hour 4 is still on disk; hour 5 was deleted (the queue still lists its download as done until "Clear finished").
    const days = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: [file('2026-11-20', 4)], queue, nowMs: later });
    expect(states(days).slice(4, 6)).toEqual(['local', 'remote']);
    expect(days[0]?.local).toBe(1);
    const deleted = days[0]?.cells[5];
    expect(deleted !== undefined && isDownloadable(deleted)).toBe(true);
    // Until the index is known, a finished download stands for the file.
    const unknown = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: null, queue, nowMs: later });
    expect(states(unknown).slice(4, 6)).toEqual(['local', 'local']);
  });

  it('keeps a library hour local when a later transfer of it failed', () => {
    const availability = listing([{ date: '2026-11-20', hour: 9 }]);
    const days = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: [file('2026-11-20', 9)], queue: [item('2026-11-20', 9, 'failed')], nowMs: later });
    expect(days[0]?.cells[9]?.state).toBe('local');
  });

  it('marks hours after a cut-short listing as unknown and hours not begun as future', () => {
    const availability = listing([{ date: '2026-11-20', hour: 0 }], { truncated: true, listedUntil: Date.UTC(2026, 10, 20, 12) });
    const days = calendarModel({ days: ['2026-11-20', '2026-11-21'], availability, libraryFiles: [], queue: [], nowMs: later });
    expect(states(days).slice(10, 14)).toEqual(['none', 'none', 'unknown', 'unknown']);
    expect(new Set(states(days, 1))).toEqual(new Set(['unknown']));

    const today = calendarModel({ days: ['2026-11-20'], availability: listing([]), libraryFiles: [], queue: [], nowMs: Date.UTC(2026, 10, 20, 14, 30) });
    // 14:00 has begun (it is being recorded); 15:00 has not.
    expect(states(today).slice(13, 17)).toEqual(['none', 'none', 'future', 'future']);
    // On the hour, that hour has begun.
    const onTheHour = calendarModel({ days: ['2026-11-20'], availability: listing([]), libraryFiles: [], queue: [], nowMs: Date.UTC(2026, 10, 20, 15) });
    expect(states(onTheHour).slice(14, 17)).toEqual(['none', 'none', 'future']);
  });

  it('still shows the library and queue while the listing is missing', () => {
    const days = calendarModel({ days: ['2026-11-20'], availability: null, libraryFiles: [file('2026-11-20', 1)], queue: [item('2026-11-20', 2, 'queued')], nowMs: later });
    expect(states(days).slice(0, 4)).toEqual(['none', 'local', 'queued', 'none']);
  });

  it('downloads only listed hours that are neither local, in flight nor needing a key', () => {
    const availability = listing([0, 1, 2, 3].map((hour) => ({ date: '2026-11-20', hour, needsKey: hour === 1 })));
    const days = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: [file('2026-11-20', 2)], queue: [item('2026-11-20', 3, 'failed')], nowMs: later });
    expect(days[0]?.cells.slice(0, 5).map(isDownloadable)).toEqual([true, false, false, true, false]);
  });

  it('counts a whole-day file in the library as local for all 24 hours of its UTC day, under the day file’s key', () => {
    const dayKey = 'standard-demo-BTC-2026-11-20';
    // The service lists the day's hours one by one (hours 3 and 17), the library holds the day file.
    const availability = listing([{ date: '2026-11-20', hour: 3 }, { date: '2026-11-20', hour: 17 }, { date: '2026-11-21', hour: 0 }]);
    const days = calendarModel({ days: ['2026-11-20', '2026-11-21'], availability, libraryFiles: [dayFile('2026-11-20')], queue: [], nowMs: later });
    expect(states(days)).toEqual(Array.from({ length: 24 }, () => 'local'));
    expect(days[0]?.cells.map((cell) => cell.key)).toEqual(Array.from({ length: 24 }, () => dayKey));
    expect(days[0]?.local).toBe(24);
    expect(days[0]?.files).toBe(24);
    expect(days[0]?.cells.some(isDownloadable)).toBe(false);
    // The next day is not in it.
    expect(states(days, 1).slice(0, 2)).toEqual(['remote', 'none']);
    expect(days[1]?.local).toBe(0);
  });

  it('clears all 24 hours when the whole-day file is deleted: the listed ones are downloadable again, the rest have no file', () => {
    const availability = listing([{ date: '2026-11-20', hour: 3 }, { date: '2026-11-20', hour: 17 }]);
    const before = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: [dayFile('2026-11-20')], queue: [], nowMs: later });
    expect(before[0]?.local).toBe(24);
    const after = calendarModel({ days: ['2026-11-20'], availability, libraryFiles: [], queue: [], nowMs: later });
    const expected = Array.from({ length: 24 }, (_, hour): CellState => (hour === 3 || hour === 17 ? 'remote' : 'none'));
    expect(states(after)).toEqual(expected);
    expect(after[0]?.local).toBe(0);
  });

  it('keeps an hour file’s own key beside a whole-day file of the same day', () => {
    const days = calendarModel({ days: ['2026-11-20'], availability: listing([]), libraryFiles: [dayFile('2026-11-20'), file('2026-11-20', 6)], queue: [], nowMs: later });
    expect(days[0]?.local).toBe(24);
    expect(days[0]?.cells[6]?.key).toBe(key('2026-11-20', 6));
    expect(days[0]?.cells[5]?.key).toBe('standard-demo-BTC-2026-11-20');
    expect(days[0]?.cells[7]?.key).toBe('standard-demo-BTC-2026-11-20');
  });
});

import { describe, expect, it } from 'vitest';
import { accessLabel, countOf, formatEta, formatProgressBytes, formatRate, hourLabel, libraryFileLabel, progressOf, queueTotalsText } from '../../../renderer/src/views/downloads/transfer-format.ts';
import { endsToday, resolveDayRange, shiftDays } from '../../../renderer/src/views/downloads/day-range.ts';
import { queueDisplayOrder } from '../../../renderer/src/views/downloads/queue-order.ts';

describe('transfer formatting', () => {
  it('writes rates, sizes and times left as people read them', () => {
    expect(formatRate(0)).toBe('—');
    expect(formatRate(850)).toBe('850 B/s');
    expect(formatRate(4_200_000)).toBe('4.20 MB/s');
    expect(formatEta(null)).toBe('—');
    expect(formatEta(400)).toBe('<1 s');
    expect(formatEta(41_200)).toBe('42 s');
    expect(formatEta(185_000)).toBe('3 min 05 s');
    expect(formatEta(7_620_000)).toBe('2 h 07 min');
    expect(formatProgressBytes(1_200_000, 4_800_000)).toBe('1.20 MB / 4.80 MB');
    expect(formatProgressBytes(1_200_000, null)).toBe('1.20 MB');
    expect(hourLabel('2026-11-20', 7)).toBe('2026-11-20 07:00 UTC');
    expect(libraryFileLabel({ date: '2026-11-20', hour: 7 })).toBe('2026-11-20 07:00 UTC');
    // A whole-day file is listed at hour 0; it is the day, not its first hour.
    expect(libraryFileLabel({ date: '2026-11-20', hour: 0, span: 'day' })).toBe('2026-11-20 · whole day (UTC)');
    expect(countOf(1, 'file')).toBe('1 file');
    expect(countOf(1200, 'file')).toBe('1,200 files');
  });

  it("says the queue's totals with only what is known", () => {
    expect(queueTotalsText({ bytes: 0, totalBytes: null, rateBps: 0, etaMs: null })).toBe('');
    expect(queueTotalsText({ bytes: 2_620_000, totalBytes: null, rateBps: 1_270_000, etaMs: null })).toBe('2.62 MB · 1.27 MB/s');
    expect(queueTotalsText({ bytes: 2_620_000, totalBytes: 10_000_000, rateBps: 1_270_000, etaMs: 5_900 })).toBe('2.62 MB / 10.0 MB · 1.27 MB/s · ETA 6 s');
    expect(queueTotalsText({ bytes: 500, totalBytes: 1000, rateBps: 0, etaMs: null })).toBe('500 B / 1.00 KB');
  });

  it('gives the share done only when the size is known', () => {
    expect(progressOf({ bytes: 300, totalBytes: 1200, state: 'downloading' })).toBe(0.25);
    expect(progressOf({ bytes: 300, totalBytes: null, state: 'downloading' })).toBeNull();
    expect(progressOf({ bytes: 0, totalBytes: null, state: 'done' })).toBe(1);
  });

  it("says a dataset's access and its public cutoff", () => {
    expect(accessLabel({ status: 'preview', publicCutoffDate: '2026-11-15' })).toBe('preview · public until 2026-11-15');
    expect(accessLabel({ status: 'open', publicCutoffDate: null })).toBe('open');
  });
});

describe('day ranges', () => {
  const now = Date.UTC(2026, 10, 22, 10, 30);

  it('defaults to the last seven UTC days, today included', () => {
    const range = resolveDayRange({}, now);
    expect(range.days).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(range.from).toBe(Date.UTC(2026, 10, 16));
    expect(range.to).toBe(Date.UTC(2026, 10, 23));
    expect(range.relative).toBe(true);
    expect(endsToday(range, now)).toBe(true);
    expect(resolveDayRange({ span: '30d' }, now).days[0]).toBe('2026-10-24');
  });

  it('reads fixed bounds as the days they fall on, at most 31', () => {
    const range = resolveDayRange({ start: Date.UTC(2026, 9, 1, 13), end: Date.UTC(2026, 9, 3, 2) }, now);
    expect(range.days).toEqual(['2026-10-01', '2026-10-02', '2026-10-03']);
    expect(range.relative).toBe(false);
    expect(resolveDayRange({ start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 5, 1) }, now).days).toHaveLength(31);
  });

  it('steps the same number of days, as fixed bounds', () => {
    const range = resolveDayRange({}, now);
    const earlier = shiftDays(range, -7);
    expect(earlier).toEqual({ start: Date.UTC(2026, 10, 9), end: Date.UTC(2026, 10, 16) - 1, span: undefined });
    const moved = resolveDayRange({ start: Date.UTC(2026, 10, 9), end: Date.UTC(2026, 10, 16) - 1 }, now);
    expect(moved.days).toEqual(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15']);
    expect(endsToday(moved, now)).toBe(false);
  });
});

describe('queueDisplayOrder', () => {
  it('lists failed, then in flight, paused, queued, done and cancelled, keeping queue order within each', () => {
    const states = ['done', 'queued', 'failed', 'downloading', 'cancelled', 'queued', 'verifying', 'paused', 'failed'] as const;
    const items = states.map((state, index) => ({ key: `k${index}`, source: 's', market: 'm', date: '2026-11-20', hour: index, state, bytes: 0, totalBytes: null, rateBps: 0, etaMs: null, attempts: 0, failure: null }));
    expect(queueDisplayOrder(items).map((item) => item.key)).toEqual(['k2', 'k8', 'k3', 'k6', 'k7', 'k1', 'k5', 'k0', 'k4']);
  });
});

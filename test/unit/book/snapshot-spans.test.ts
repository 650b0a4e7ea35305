import { describe, expect, it } from 'vitest';
import { isCoverageGap, snapshotKeySpan } from '../../../electron/host/book/snapshot-hour.ts';

// The span a file covers decides where a replay of several files clears its books (an hour with
// no file). A whole-day file followed by the next day's first hour is contiguous; so are an
// `…-HHMMSS` file and the next hour's.

const hour = 3_600_000;
const day = Date.UTC(2026, 10, 24);

describe('file spans from key names', () => {
  it('reads every spelling of a key in a path', () => {
    expect(snapshotKeySpan('/x/standard-lighter-BTC-USD-2026-11-24.jsonl.zst')).toEqual({ start: day, end: day + 24 * hour });
    expect(snapshotKeySpan('/x/standard-lighter-BTC-USD-2026-11-24-130000.jsonl.zst')).toEqual({ start: day + 13 * hour, end: day + 14 * hour });
    expect(snapshotKeySpan('/x/standard-lighter-BTC-USD-2026-11-24-13.jsonl.zst')).toEqual({ start: day + 13 * hour, end: day + 14 * hour });
    expect(snapshotKeySpan('/x/capture.jsonl.zst')).toBeNull();
  });

  it('a gap is a file that neither repeats the previous span\'s start nor begins at its end', () => {
    const wholeDay = { start: day, end: day + 24 * hour };
    expect(isCoverageGap(wholeDay, { start: day + 24 * hour, end: day + 25 * hour })).toBe(false);
    expect(isCoverageGap(wholeDay, { start: day + 25 * hour, end: day + 26 * hour })).toBe(true);
    expect(isCoverageGap({ start: day + 23 * hour, end: day + 24 * hour }, { start: day + 24 * hour, end: day + 48 * hour })).toBe(false);
    expect(isCoverageGap({ start: day, end: day + hour }, { start: day, end: day + hour })).toBe(false);
    expect(isCoverageGap(null, wholeDay)).toBe(false);
  });
});

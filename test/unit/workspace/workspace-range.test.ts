import { describe, expect, it } from 'vitest';
import { anonymousRefusal } from '../../../shared/access-windows.ts';
import { anonymousHourMarginMs, anonymousSafeRange, halvedRange, olderChunk } from '../../../renderer/src/views/workspace/workspace-range.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 0, 400);
const hour = 3_600_000;

describe('workspace ranges', () => {
  it('halves a range keeping its end', () => {
    expect(halvedRange({ start: 1000, end: 5000 })).toEqual({ start: 3000, end: 5000 });
  });

  it('gives the chunk before the loaded start, as long as asked, clipped at the coverage start', () => {
    expect(olderChunk(10_000, 3000, 0)).toEqual({ start: 7000, end: 9999 });
    expect(olderChunk(10_000, 3000, 8500)).toEqual({ start: 8500, end: 9999 });
    expect(olderChunk(8500, 3000, 8500)).toBeNull();
    expect(olderChunk(8000, 3000, 8500)).toBeNull();
  });

  it('starts a relative last-hour range a minute inside the anonymous hour, so it is not refused', () => {
    // resolveRange rounds now down to the second: the plain hour starts before the public hour.
    const end = Math.floor(now / 1000) * 1000;
    const range = { start: end - hour, end, relative: true, span: '1h' };
    expect(anonymousRefusal('latest-hour', '/ohlcv', range, now)).not.toBeNull();
    const safe = anonymousSafeRange(range, now);
    expect(safe).toEqual({ start: now - hour + anonymousHourMarginMs, end });
    expect(anonymousRefusal('latest-hour', '/ohlcv', safe, now + 30_000)).toBeNull();
  });

  it('leaves longer and fixed ranges as they are, to be judged', () => {
    const end = now;
    expect(anonymousSafeRange({ start: end - 6 * hour, end, relative: true, span: '6h' }, now)).toEqual({ start: end - 6 * hour, end });
    expect(anonymousSafeRange({ start: end - hour, end, relative: false, span: null }, now)).toEqual({ start: end - hour, end });
    expect(anonymousSafeRange({ start: end - 10 * 60_000, end, relative: true, span: '10m' }, now)).toEqual({ start: end - 10 * 60_000, end });
  });
});

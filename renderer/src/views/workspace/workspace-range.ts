import { anonymousLatestHourWindowMs } from '../../../../shared/access-windows.ts';
import type { ResolvedRange } from '../../navigation/time-range.ts';

/** An inclusive range of Unix ms. */
export interface TimeBounds {
  start: number;
  end: number;
}

/**
 * How far inside the rolling anonymous hour a "last hour" request starts: the service judges the
 * window by its own clock when each page arrives, so the request keeps a minute in hand.
 */
export const anonymousHourMarginMs = 60_000;

/** The range halved, keeping its end: what "Narrow the range" asks for after a query too large. */
export function halvedRange(range: TimeBounds): TimeBounds {
  const length = range.end - range.start;
  return { start: range.end - Math.floor(length / 2), end: range.end };
}

/**
 * The chunk of history just before `loadedStart`, as long as `length` (ms) and clipped at the
 * coverage start; null when nothing older is covered.
 */
export function olderChunk(loadedStart: number, length: number, coverageStart: number): TimeBounds | null {
  if (loadedStart <= coverageStart) return null;
  return { start: Math.max(coverageStart, loadedStart - Math.max(1, length)), end: loadedStart - 1 };
}

/**
 * The range to ask a latest-hour endpoint for without a key: a range that follows now and is no
 * longer than the anonymous hour starts a minute inside it (`anonymousHourMarginMs`), so that it is
 * still public when the service reads it. Other ranges are returned as they are, to be judged.
 */
export function anonymousSafeRange(range: ResolvedRange, now: number): TimeBounds {
  const publicFrom = now - anonymousLatestHourWindowMs;
  if (range.relative && range.end - range.start <= anonymousLatestHourWindowMs && range.end >= publicFrom) {
    return { start: Math.max(range.start, publicFrom + anonymousHourMarginMs), end: range.end };
  }
  return { start: range.start, end: range.end };
}

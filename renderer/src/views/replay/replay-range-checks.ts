/** A market and a range a replay was asked for, checked before anything is read. */
export interface ReplayRequest {
  source: string;
  market: string;
  start: number;
  end: number;
}

/**
 * Why a market replay cannot find any book, told before it starts: the market is not in the
 * catalog (a link to a market the data does not have), or the whole range lies after `now`
 * (nothing has been collected yet). Null when neither is known to be wrong; `markets` is null
 * while the catalog loads (the replay starts anyway, and is judged again if it ends empty).
 */
export type ReplayRequestProblem = { kind: 'unknown-market' } | { kind: 'future-range'; aheadMs: number };

/** What is wrong with a replay request, or null. */
export function replayRequestProblem(request: ReplayRequest, markets: readonly { source: string; market: string }[] | null, now: number): ReplayRequestProblem | null {
  if (markets !== null && !markets.some((entry) => entry.source === request.source && entry.market === request.market)) return { kind: 'unknown-market' };
  if (request.start > now) return { kind: 'future-range', aheadMs: request.start - now };
  return null;
}

/** Where a link's instant (`at`) lies against the range loaded: inside, or before or after it. */
export type InstantPlace = 'inside' | 'before' | 'after';

/** Where `at` lies against [start, end]. */
export function instantPlace(at: number, range: { start: number; end: number }): InstantPlace {
  return at < range.start ? 'before' : at > range.end ? 'after' : 'inside';
}

/**
 * Fixed bounds of `spanMs` that hold `at`, with `at` in the middle, moved back so they never
 * end after `now` (a link's instant is always in the past of whoever shared it).
 */
export function rangeAround(at: number, spanMs: number, now: number): { start: number; end: number } {
  const end = Math.min(now, at + Math.floor(spanMs / 2));
  const start = Math.min(at, end - spanMs);
  return { start, end: Math.max(end, at) };
}

/** The newest range of `spanMs` that ends `now`, for a range that was in the future. */
export function rangeEndingNow(spanMs: number, now: number): { start: number; end: number } {
  return { start: now - spanMs, end: now };
}

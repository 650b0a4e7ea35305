import { anonymousLatestHourWindowMs } from '../../../../shared/access-windows.ts';
import type { ResolvedRange } from '../../navigation/time-range.ts';

/** How far inside the rolling anonymous hour a keyless request starts, for the time it takes to reach the service. */
export const anonymousHourMarginMs = 60_000;

/**
 * Without a key, a relative range no longer than the anonymous hour (the `1h` span) would start on
 * the hour's very edge, and by the time it reaches the service, before it: refused. Such a range
 * is moved to start a minute inside the hour. Fixed bounds and longer spans are left as they are,
 * to be judged (and refused) as the user chose them.
 */
export function withinAnonymousHour(range: ResolvedRange, now: number): { range: ResolvedRange; moved: boolean } {
  const earliest = now - anonymousLatestHourWindowMs + anonymousHourMarginMs;
  const fits = range.end - range.start <= anonymousLatestHourWindowMs;
  if (!range.relative || !fits || range.start >= earliest || range.end <= earliest) return { range, moved: false };
  return { range: { ...range, start: earliest }, moved: true };
}

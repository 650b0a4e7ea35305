import { anonymousLatestHourWindowMs, anonymousRefusal } from '../../../shared/access-windows.ts';
import type { ResolvedRange } from '../navigation/time-range.ts';

/** What a latest-hour view (`/intents`, `/quotes`) sends for a range, judged before sending. */
export interface LatestHourRequest {
  /** Inclusive bounds to send; null sends none, and the service serves its latest hour. */
  bounds: { start: number; end: number } | null;
  /** Why the service would refuse it without a key (spec 4.14); null when it may be sent. */
  refusal: string | null;
}

/**
 * The request for a range of a latest-hour endpoint. A span of exactly the anonymous hour ending
 * now is sent without bounds: the service's own latest hour, which is public whatever the two
 * clocks say (bounds from this clock, rounded to the second, would start a moment before the
 * service's public hour and be refused). Any other range is sent as it is; without a key it is
 * judged by `anonymousRefusal` against `now`.
 */
export function latestHourRequest(range: ResolvedRange, path: string, hasKey: boolean, now: number): LatestHourRequest {
  if (range.relative && range.end - range.start === anonymousLatestHourWindowMs) return { bounds: null, refusal: null };
  const bounds = { start: range.start, end: range.end };
  return { bounds, refusal: hasKey ? null : anonymousRefusal('latest-hour', path, bounds, now) };
}

import { anonymousLatestHourWindowMs, anonymousRefusal } from '../../../../shared/access-windows.ts';
import { resolveRange, type ResolvedRange } from '../../navigation/time-range.ts';
import { anonymousSafeRange, type TimeBounds } from './workspace-range.ts';

/**
 * How a latest-hour endpoint (`/ohlcv`, `/funding-rates`) is asked for the range: with its bounds;
 * `fresh`, bounds taken at send time inside the rolling anonymous hour (no key, a span of at most an
 * hour ending now); or not at all, refused for want of a key, with the service's reason.
 */
export type LatestHourPlan = { kind: 'send'; bounds: TimeBounds } | { kind: 'fresh'; span: string } | { kind: 'refused'; reason: string };

/**
 * How `/historical/trades` is asked: with the range's bounds (a key), or with none, which the service
 * answers anonymously with the latest ten minutes (spec 4.14: any bound needs a key).
 */
export type TradesPlan = { kind: 'send'; bounds: TimeBounds } | { kind: 'latest' };

/** What the workspace sends for a range, judged before sending (spec 4.14). */
export interface AccessPlan {
  /** `/ohlcv`. */
  candles: LatestHourPlan;
  /** `/funding-rates` (the same family and window as `/ohlcv`, named in its own refusal). */
  funding: LatestHourPlan;
  trades: TradesPlan;
}

/**
 * Decides, before anything is sent, how each endpoint of the workspace is asked for `range`: with a
 * key everything goes with the range's bounds; without one, trades go unbounded (the latest ten
 * minutes), a span of at most an hour ending now goes as fresh bounds inside the anonymous hour, and
 * any other range of a latest-hour endpoint is refused with the reason `anonymousRefusal` gives.
 */
export function accessPlan(range: ResolvedRange, hasKey: boolean, now: number): AccessPlan {
  const bounds = { start: range.start, end: range.end };
  if (hasKey) return { candles: { kind: 'send', bounds }, funding: { kind: 'send', bounds }, trades: { kind: 'send', bounds } };
  const trades: TradesPlan = { kind: 'latest' };
  if (range.relative && range.span !== null && range.end - range.start <= anonymousLatestHourWindowMs) {
    const fresh: LatestHourPlan = { kind: 'fresh', span: range.span };
    return { candles: fresh, funding: fresh, trades };
  }
  const judged = (path: string): LatestHourPlan => {
    const reason = anonymousRefusal('latest-hour', path, bounds, now);
    return reason === null ? { kind: 'send', bounds } : { kind: 'refused', reason };
  };
  return { candles: judged('/ohlcv'), funding: judged('/funding-rates'), trades };
}

/** The bounds a `fresh` plan sends, taken at `now`: the span ending now, a minute inside the anonymous hour. */
export function freshBounds(span: string, now: number): TimeBounds {
  return anonymousSafeRange(resolveRange({ span }, now, span), now);
}

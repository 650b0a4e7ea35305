import { candleIntervals, type CandleInterval } from '../../../../shared/rows/candle-row.ts';
import { intervalMs } from '../../../../shared/rows/from-records/candle-rows.ts';
import { spanChoices, type SpanChoice } from '../../navigation/time-range.ts';

/** The intervals offered as candles built from trades, for a market that publishes none. */
export const builtIntervals: readonly CandleInterval[] = ['1s', '10s', '1m', '5m', '15m', '1h'];

/** The most candles a default interval should put in the chosen range. */
const comfortableCandles = 1500;

/** Offered intervals in canonical order (shortest first), whatever order they came in. */
export function inCanonicalOrder(intervals: readonly CandleInterval[]): CandleInterval[] {
  return candleIntervals.filter((interval) => intervals.includes(interval));
}

/**
 * The interval to show when the view names none (or one the market does not offer): the shortest
 * offered interval that puts at most 1,500 candles in the range, else the longest offered. Null
 * when nothing is offered.
 */
export function defaultInterval(offered: readonly CandleInterval[], rangeMs: number): CandleInterval | null {
  const ordered = inCanonicalOrder(offered);
  return ordered.find((interval) => rangeMs / intervalMs[interval] <= comfortableCandles) ?? ordered.at(-1) ?? null;
}

/** The offered interval one step shorter (`-1`, key `[`) or longer (`1`, key `]`), staying put at either end. */
export function stepInterval(offered: readonly CandleInterval[], current: CandleInterval, step: -1 | 1): CandleInterval {
  const ordered = inCanonicalOrder(offered);
  const index = ordered.indexOf(current);
  if (index === -1) return ordered[0] ?? current;
  return ordered[Math.min(ordered.length - 1, Math.max(0, index + step))] ?? current;
}

/** Whether a candle of this length opens inside the inclusive range: candles open at whole multiples of their length. */
export function opensInRange(range: { start: number; end: number }, length: number): boolean {
  return Math.ceil(range.start / length) * length <= range.end;
}

/** The candles a widened range should hold at least. */
const widenedCandles = 12;

/** The shortest offered span that holds at least a dozen candles of this length, or null when none does. */
export function spanHolding(length: number): SpanChoice | null {
  return spanChoices.find((span) => span.ms >= widenedCandles * length) ?? null;
}

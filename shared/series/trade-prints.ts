/**
 * The trade fields the derived series read: parallel arrays, one entry per trade, in time order
 * (collector time, ascending). `TradeColumns` from the contract fits it as it is.
 */
export interface TradePrints {
  /** Unix ms, ascending. */
  readonly time: readonly number[];
  readonly price: readonly number[];
  /** Base-asset quantity of each trade. */
  readonly quantity: readonly number[];
}

/**
 * One value per interval, at the intervals' open times (ascending). Intervals with no trade are
 * absent; a null value is an interval that has trades but no defined value (a gap in the line).
 */
export interface IntervalSeries {
  openTime: number[];
  value: (number | null)[];
}

/**
 * The open time of the interval of length `intervalMs` that holds `time`: intervals start at whole
 * multiples of their length from the Unix epoch (as venue candles do), so 10:03:27 falls in the
 * 1m interval opening at 10:03:00 and in the 1h interval opening at 10:00:00 UTC.
 */
export function intervalOpenTime(time: number, intervalMs: number): number {
  return time - (((time % intervalMs) + intervalMs) % intervalMs);
}

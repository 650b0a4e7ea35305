/** Bars by number, with the time each opened and closed (Unix ms). */
export interface TimedBars {
  openTime: ArrayLike<number>;
  closeTime: ArrayLike<number>;
}

/**
 * The time span of the bars a logical range shows (bar i takes [i − ½, i + ½]; one partly in view
 * counts): from the open of the first bar in view to the close of the last (a range reaching past
 * the bars, as the profile's room does, stops at the last bar); null without bars or when the
 * range holds none. With `candleMs`, the span starts at the open of the candle the first bar
 * opened in, so the funding panes that follow it hold that bar's candle in view.
 */
export function visibleBarsSpan(bars: TimedBars, range: { from: number; to: number }, candleMs?: number): { from: number; to: number } | null {
  const count = bars.openTime.length;
  if (count === 0) return null;
  const first = Math.max(0, Math.ceil(range.from - 0.5));
  const last = Math.min(count - 1, Math.floor(range.to + 0.5));
  if (first > last) return null;
  const from = bars.openTime[first];
  const to = bars.closeTime[last];
  if (from === undefined || to === undefined) return null;
  return { from: candleMs === undefined ? from : Math.floor(from / candleMs) * candleMs, to };
}

/**
 * The candle chart's view, as the charts below it follow it: the visible times (Unix ms), and
 * the visible logical range of its bars with the time of the bar at index 0 of what it holds, so
 * a chart with the same bar times shows the same bars, right offset and all. `scaleWidth` is the
 * width of its price scale, for the charts below to match, so their time axes line up.
 */
export interface VisibleTimes {
  from: number;
  to: number;
  bars?: { from: number; to: number; firstTime: number };
  scaleWidth?: number;
}

/**
 * Carries the candle chart's visible range to the charts below it (funding), so their time
 * axes show the same span, and the candle under its crosshair, so they show that candle's values.
 * The last range is kept for a chart that subscribes later.
 */
export class TimeRangeSync {
  #last: VisibleTimes | null = null;
  readonly #listeners = new Set<(range: VisibleTimes) => void>();
  readonly #hoverListeners = new Set<(time: number | null) => void>();

  /** Publishes the open time of the candle under the crosshair (null: none). */
  publishHover(time: number | null): void {
    for (const listener of this.#hoverListeners) listener(time);
  }

  /** Follows the candle under the crosshair; returns the unsubscribe. */
  subscribeHover(listener: (time: number | null) => void): () => void {
    this.#hoverListeners.add(listener);
    return () => this.#hoverListeners.delete(listener);
  }

  /** The last range published, or null before the first. */
  get last(): VisibleTimes | null {
    return this.#last;
  }

  /** Publishes the leading chart's visible range. */
  publish(range: VisibleTimes): void {
    this.#last = range;
    for (const listener of this.#listeners) listener(range);
  }

  /** Follows the published ranges; returns the unsubscribe. */
  subscribe(listener: (range: VisibleTimes) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/**
 * The logical range a follower holding bars at `times` (ascending, holding the leader's bar times)
 * shows to match the leader: the leader's logical range shifted by where its first bar sits among
 * `times`; null without bars or when that bar is not among them.
 */
export function followerLogicalRange(range: VisibleTimes, times: readonly number[]): { from: number; to: number } | null {
  if (range.bars === undefined) return null;
  const { from, to, firstTime } = range.bars;
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] ?? Number.POSITIVE_INFINITY) < firstTime) low = mid + 1;
    else high = mid;
  }
  if (times[low] !== firstTime) return null;
  return { from: from + low, to: to + low };
}

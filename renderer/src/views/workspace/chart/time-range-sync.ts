/** A visible time range, Unix ms. */
export interface VisibleTimes {
  from: number;
  to: number;
}

/**
 * Carries the candle chart's visible time range to the charts below it (funding), so their time
 * axes show the same span. The last range is kept for a chart that subscribes later.
 */
export class TimeRangeSync {
  #last: VisibleTimes | null = null;
  readonly #listeners = new Set<(range: VisibleTimes) => void>();

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

import type { OrderBook } from '../book/order-book.ts';
import { Float64Column } from './growable-column.ts';

/**
 * Mid prices of one book over time. `time` never falls (the replay clock); `mid` is NaN while the
 * book has no mid (a side empty, or no book since a reset). A value holds from its time until the
 * next sample, so "the mid at t" is the last sample at or before t.
 */
export interface MidSeries {
  time: Float64Array;
  /** (best bid + best ask) / 2; NaN when either side is empty. */
  mid: Float64Array;
  /** (best ask − best bid) / mid × 10⁴; NaN when there is no mid. */
  spreadBps: Float64Array;
  /**
   * The replay clock at the last event recorded: the book is known up to this time (a dropped
   * duplicate sample still counts); −∞ when nothing was recorded.
   */
  end: number;
}

/**
 * Records a book's mid and spread after each event, on the replay clock (each time is the running
 * maximum of the times given, so the series never steps back even where collector times do). A
 * sample equal to the one before it (same mid, same spread) is not kept: the series still gives the
 * same last value at or before any time, with far fewer samples.
 */
export class MidSeriesRecorder {
  private readonly time = new Float64Column(4096);
  private readonly mid = new Float64Column(4096);
  private readonly spread = new Float64Column(4096);
  private clock = Number.NEGATIVE_INFINITY;
  private lastMid = Number.NaN;
  private lastSpread = Number.NaN;
  private empty = true;

  /** Records the book as it stands at `time` (null: no book, after a reset or before its first snapshot). */
  pushBook(book: OrderBook | null, time: number): void {
    if (book === null) this.push(time, Number.NaN, Number.NaN);
    else this.push(time, book.bids.priceAt(0), book.asks.priceAt(0));
  }

  /** Records the best bid and ask at `time` (NaN for an empty side). */
  push(time: number, bestBid: number, bestAsk: number): void {
    if (time > this.clock) this.clock = time;
    const mid = (bestBid + bestAsk) / 2;
    const spread = ((bestAsk - bestBid) / mid) * 1e4;
    if (!this.empty && Object.is(mid, this.lastMid) && Object.is(spread, this.lastSpread)) return;
    this.empty = false;
    this.lastMid = mid;
    this.lastSpread = spread;
    this.time.push(this.clock);
    this.mid.push(mid);
    this.spread.push(spread);
  }

  /** Samples kept so far. */
  get length(): number {
    return this.time.length;
  }

  /** The replay clock: the latest time given (−∞ before any). */
  get lastTime(): number {
    return this.clock;
  }

  /** The series so far (copies). */
  build(): MidSeries {
    return { time: this.time.values(), mid: this.mid.values(), spreadBps: this.spread.values(), end: this.clock };
  }
}

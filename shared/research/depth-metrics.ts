import type { BookSide } from '../book/book-side.ts';
import type { OrderBook } from '../book/order-book.ts';
import { Float64Column } from './growable-column.ts';

/** What the depth metrics measure. */
export interface DepthMetricsOptions {
  /** Half-width of the imbalance band around the mid, in percent of the mid (default 1). */
  bandPct?: number;
  /** Notional (quote currency) whose cost to trade is measured on each side (default 100,000). */
  notional?: number;
  /**
   * Sample the book at every multiple of this many ms (Unix epoch aligned) instead of after every
   * event. Absent: a row per book event.
   */
  stepMs?: number;
}

/** Depth metrics as columns, one row per sample. NaN is null. */
export interface DepthMetricsRows {
  /** Replay-clock time of the sample: the event's (running max of collector times), or the step time. */
  time: Float64Array;
  /** (best bid + best ask) / 2; NaN when a side is empty. */
  mid: Float64Array;
  /** (best ask − best bid) / mid × 10⁴ (negative when crossed). */
  spreadBps: Float64Array;
  /** (bidQty − askQty) / (bidQty + askQty) over the levels within ±bandPct % of the mid, quantities in base units. */
  imbalance: Float64Array;
  /** Cost of buying `notional` by walking the asks: (VWAP − mid) / mid × 10⁴; NaN when the asks cannot fill it. */
  buyCostBps: Float64Array;
  /** Cost of selling `notional` by walking the bids: (mid − VWAP) / mid × 10⁴; NaN when the bids cannot fill it. */
  sellCostBps: Float64Array;
}

/** Number of values `writeDepthMetrics` writes: mid, spread, imbalance, buy cost, sell cost. */
export const depthMetricCount = 5;

/** A fill that misses the notional by less than this share of it counts as filled (binary rounding of the sums). */
const fillSlack = 1e-12;

/**
 * The volume-weighted price of taking `notional` (quote currency) from one side, best level first:
 * each level gives up to price × size of notional; the last level is taken in part. NaN when the
 * whole side holds less notional than asked.
 */
export function fillPrice(side: BookSide, notional: number): number {
  let remaining = notional;
  let base = 0;
  const depth = side.depth;
  for (let i = 0; i < depth; i++) {
    const price = side.priceAt(i);
    const size = side.sizeAt(i);
    const levelNotional = price * size;
    if (levelNotional >= remaining) {
      base += remaining / price;
      remaining = 0;
      break;
    }
    base += size;
    remaining -= levelNotional;
  }
  if (remaining > notional * fillSlack || !(base > 0)) return Number.NaN;
  return notional / base;
}

/**
 * Writes the depth metrics of a book (null: no book) into `out` from `offset`: mid, spread in bps,
 * imbalance within the band, buy cost and sell cost in bps (`DepthMetricsRows`), NaN where not defined.
 */
export function writeDepthMetrics(book: OrderBook | null, bandPct: number, notional: number, out: Float64Array, offset: number): void {
  if (book === null || book.bids.depth === 0 || book.asks.depth === 0) {
    out.fill(Number.NaN, offset, offset + depthMetricCount);
    return;
  }
  const { bids, asks } = book;
  const bestBid = bids.priceAt(0);
  const bestAsk = asks.priceAt(0);
  const mid = (bestBid + bestAsk) / 2;
  const band = bandPct / 100;
  const bidQty = bids.sizeWithin(mid * (1 - band));
  const askQty = asks.sizeWithin(mid * (1 + band));
  const total = bidQty + askQty;
  out[offset] = mid;
  out[offset + 1] = ((bestAsk - bestBid) / mid) * 1e4;
  out[offset + 2] = total > 0 ? (bidQty - askQty) / total : Number.NaN;
  out[offset + 3] = ((fillPrice(asks, notional) - mid) / mid) * 1e4;
  out[offset + 4] = ((mid - fillPrice(bids, notional)) / mid) * 1e4;
}

/**
 * Depth metrics over time from a reconstructed book. Per event (the default): `record` after each
 * event adds a row. Per time step (`stepMs`): the row at step time g is the book as it stood after
 * every event whose replay-clock time is at or before g; call `advance(clock)` before applying an
 * event at `clock`, `record` after, and `finish()` at the end. A cleared book (a reset) is recorded
 * with null: its rows are all NaN until the next snapshot, never the last values carried on.
 */
export class DepthMetricsRecorder {
  private readonly bandPct: number;
  private readonly notional: number;
  private readonly stepMs: number | null;
  private readonly columns = [new Float64Column(), new Float64Column(), new Float64Column(), new Float64Column(), new Float64Column(), new Float64Column()] as const;
  private readonly scratch = new Float64Array(depthMetricCount);
  private current: OrderBook | null = null;
  private clock = Number.NEGATIVE_INFINITY;
  /** The next step time to sample (step mode), NaN before the first event. */
  private nextStep = Number.NaN;

  constructor(options: DepthMetricsOptions = {}) {
    this.bandPct = options.bandPct ?? 1;
    this.notional = options.notional ?? 100_000;
    this.stepMs = options.stepMs ?? null;
    if (!(Number.isFinite(this.bandPct) && this.bandPct > 0)) throw new RangeError(`The imbalance band must be a percentage above 0, not ${this.bandPct}.`);
    if (!(Number.isFinite(this.notional) && this.notional > 0)) throw new RangeError(`The notional must be a number above 0, not ${this.notional}.`);
    if (this.stepMs !== null && !(Number.isFinite(this.stepMs) && this.stepMs > 0)) throw new RangeError(`The sampling step must be a number of ms above 0, not ${this.stepMs}.`);
  }

  /** Step mode: samples every step time before `clock` from the book as it stands (call before applying the event at `clock`). */
  advance(clock: number): void {
    const step = this.stepMs;
    if (step === null || Number.isNaN(this.nextStep)) return;
    while (this.nextStep < clock) {
      this.sample(this.current, this.nextStep);
      this.nextStep += step;
    }
  }

  /** Notes the book after an event at `time` (null: the book was cleared). Per-event mode adds a row. */
  record(book: OrderBook | null, time: number): void {
    if (time > this.clock) this.clock = time;
    this.current = book;
    const step = this.stepMs;
    if (step === null) {
      this.sample(book, this.clock);
      return;
    }
    if (Number.isNaN(this.nextStep)) this.nextStep = Math.ceil(this.clock / step) * step;
  }

  /** Step mode: samples the step times up to `end` (default the last event's time) from the last book. */
  finish(end = this.clock): void {
    const step = this.stepMs;
    if (step === null || Number.isNaN(this.nextStep)) return;
    while (this.nextStep <= end) {
      this.sample(this.current, this.nextStep);
      this.nextStep += step;
    }
  }

  /** Rows sampled so far. */
  get length(): number {
    return this.columns[0].length;
  }

  /** Hands over the rows so far and starts empty (so a long range streams out in pieces). */
  take(): DepthMetricsRows {
    const [time, mid, spread, imbalance, buy, sell] = this.columns;
    const rows = { time: time.values(), mid: mid.values(), spreadBps: spread.values(), imbalance: imbalance.values(), buyCostBps: buy.values(), sellCostBps: sell.values() };
    for (const column of this.columns) column.clear();
    return rows;
  }

  private sample(book: OrderBook | null, time: number): void {
    const values = this.scratch;
    writeDepthMetrics(book, this.bandPct, this.notional, values, 0);
    const [timeColumn, mid, spread, imbalance, buy, sell] = this.columns;
    timeColumn.push(time);
    mid.push(values[0] ?? Number.NaN);
    spread.push(values[1] ?? Number.NaN);
    imbalance.push(values[2] ?? Number.NaN);
    buy.push(values[3] ?? Number.NaN);
    sell.push(values[4] ?? Number.NaN);
  }
}

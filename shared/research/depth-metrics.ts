import type { BookEvent } from '../book/book-event.ts';
import type { BookSide } from '../book/book-side.ts';
import type { OrderBook } from '../book/order-book.ts';

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

/** Values a recorder keeps per row: the time, then the metrics. */
const rowWidth = 1 + depthMetricCount;

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

/** Bits of the sides an event changed (`touchedSides`). */
export const sideBits = { bids: 1, asks: 2, both: 3 } as const;

/**
 * The sides a book event changes: both for a snapshot or a complete book (and for no event: a
 * reset), otherwise the sides whose level list is not empty (a delta leaves the other side as it was).
 */
export function touchedSides(event: BookEvent | null): number {
  if (event === null || event.isSnapshot || event.completeBook === true) return sideBits.both;
  return (event.bids.length > 0 ? sideBits.bids : 0) | (event.asks.length > 0 ? sideBits.asks : 0);
}

/**
 * `writeDepthMetrics` with what a side's levels decide kept until that side changes: a side's fill
 * price depends on its levels only, and its band quantity on its levels and the band's bound (so on
 * the mid). Most events change one side, so most samples walk one side instead of two. The values
 * are the same numbers `writeDepthMetrics` gives.
 */
class SideCachedMetrics {
  private book: OrderBook | null = null;
  private dirty: number = sideBits.both;
  private bidFill = Number.NaN;
  private askFill = Number.NaN;
  private bidQty = 0;
  private askQty = 0;
  private bidBound = Number.NaN;
  private askBound = Number.NaN;

  constructor(
    private readonly bandPct: number,
    private readonly notional: number,
  ) {}

  /** Notes the book after an event that changed the sides `touched` (another book object: everything changed). */
  note(book: OrderBook | null, touched: number): void {
    if (book !== this.book) {
      this.book = book;
      this.dirty = sideBits.both;
    } else {
      this.dirty |= touched;
    }
  }

  /** Writes the metrics of the book noted last, as `writeDepthMetrics` does. */
  write(out: Float64Array, offset: number): void {
    const book = this.book;
    if (book === null || book.bids.depth === 0 || book.asks.depth === 0) {
      out.fill(Number.NaN, offset, offset + depthMetricCount);
      this.dirty = sideBits.both;
      return;
    }
    const { bids, asks } = book;
    const bestBid = bids.priceAt(0);
    const bestAsk = asks.priceAt(0);
    const mid = (bestBid + bestAsk) / 2;
    const band = this.bandPct / 100;
    const low = mid * (1 - band);
    const high = mid * (1 + band);
    const dirty = this.dirty;
    if ((dirty & sideBits.bids) !== 0) this.bidFill = fillPrice(bids, this.notional);
    if ((dirty & sideBits.asks) !== 0) this.askFill = fillPrice(asks, this.notional);
    if ((dirty & sideBits.bids) !== 0 || low !== this.bidBound) {
      this.bidQty = bids.sizeWithin(low);
      this.bidBound = low;
    }
    if ((dirty & sideBits.asks) !== 0 || high !== this.askBound) {
      this.askQty = asks.sizeWithin(high);
      this.askBound = high;
    }
    this.dirty = 0;
    const total = this.bidQty + this.askQty;
    out[offset] = mid;
    out[offset + 1] = ((bestAsk - bestBid) / mid) * 1e4;
    out[offset + 2] = total > 0 ? (this.bidQty - this.askQty) / total : Number.NaN;
    out[offset + 3] = ((this.askFill - mid) / mid) * 1e4;
    out[offset + 4] = ((mid - this.bidFill) / mid) * 1e4;
  }
}

/**
 * Depth metrics over time from a reconstructed book. Per event (the default): `record` after each
 * event adds a row. Per time step (`stepMs`): the row at step time g is the book as it stood after
 * every event whose replay-clock time is at or before g; call `advance(clock)` before applying an
 * event at `clock`, `record` after, and `finish()` at the end. Give `record` the sides the event
 * changed (`touchedSides`) and an unchanged side is not walked again. A cleared book (a reset) is recorded
 * with null: its rows are all NaN until the next snapshot, never the last values carried on.
 */
export class DepthMetricsRecorder {
  private readonly bandPct: number;
  private readonly notional: number;
  private readonly stepMs: number | null;
  /** Rows so far, interleaved: time, then the `depthMetricCount` metrics, per row. */
  private rows = new Float64Array(rowWidth * 4096);
  private count = 0;
  private readonly metrics: SideCachedMetrics;
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
    this.metrics = new SideCachedMetrics(this.bandPct, this.notional);
  }

  /** Step mode: samples every step time before `clock` from the book as it stands (call before applying the event at `clock`). */
  advance(clock: number): void {
    const step = this.stepMs;
    if (step === null || Number.isNaN(this.nextStep)) return;
    while (this.nextStep < clock) {
      this.sample(this.nextStep);
      this.nextStep += step;
    }
  }

  /**
   * Notes the book after an event at `time` (null: the book was cleared) that changed the sides
   * `touched` (`sideBits`; both unless told). Per-event mode adds a row.
   */
  record(book: OrderBook | null, time: number, touched: number = sideBits.both): void {
    if (time > this.clock) this.clock = time;
    this.metrics.note(book, touched);
    const step = this.stepMs;
    if (step === null) {
      this.sample(this.clock);
      return;
    }
    if (Number.isNaN(this.nextStep)) this.nextStep = Math.ceil(this.clock / step) * step;
  }

  /** Step mode: samples the step times up to `end` (default the last event's time) from the last book. */
  finish(end = this.clock): void {
    const step = this.stepMs;
    if (step === null || Number.isNaN(this.nextStep)) return;
    while (this.nextStep <= end) {
      this.sample(this.nextStep);
      this.nextStep += step;
    }
  }

  /** Rows sampled so far. */
  get length(): number {
    return this.count;
  }

  /** Hands over the rows so far as columns and starts empty (so a long range streams out in pieces). */
  take(): DepthMetricsRows {
    const n = this.count;
    const rows = this.rows;
    const column = (k: number): Float64Array => {
      const out = new Float64Array(n);
      for (let i = 0; i < n; i++) out[i] = rows[i * rowWidth + k] ?? Number.NaN;
      return out;
    };
    const taken = { time: column(0), mid: column(1), spreadBps: column(2), imbalance: column(3), buyCostBps: column(4), sellCostBps: column(5) };
    this.count = 0;
    return taken;
  }

  private sample(time: number): void {
    const at = this.count * rowWidth;
    if (at + rowWidth > this.rows.length) {
      const grown = new Float64Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
    }
    this.rows[at] = time;
    this.metrics.write(this.rows, at + 1);
    this.count++;
  }
}

import { intervalOpenTime } from '../series/trade-prints.ts';
import { Float64Column } from './growable-column.ts';
import { bucketPrice, checkPriceStep, priceBucket, stepDecimals } from './price-buckets.ts';
import { isUsableTrade, type TradeSeries } from './trade-series.ts';

/** How trades are cut into footprint cells. */
export interface FootprintOptions {
  /** Candle length in ms; candles open at whole multiples of it from the Unix epoch. */
  intervalMs: number;
  /** Price bucket size (`price-buckets.ts`). */
  priceStep: number;
  /** A diagonal imbalance needs one side's volume at least this many times the other's (default 3). */
  imbalanceRatio?: number;
}

/** Bits of `FootprintCells.imbalance`. */
export const imbalanceFlag = {
  /** Buying imbalance: ask volume here ≥ ratio × bid volume one step below. */
  buy: 1,
  /** Selling imbalance: bid volume here ≥ ratio × ask volume one step above. */
  sell: 2,
} as const;

/** One row per candle that has at least one usable trade, in ascending open time. */
export interface FootprintCandles {
  openTime: Float64Array;
  /** The candle's cells are `cellStart[c]` up to (not including) `cellStart[c + 1]`; length candles + 1. */
  cellStart: Uint32Array;
  /** Lower edge of the bucket with the most volume (ties to the lower price); NaN when the candle's volume is 0. */
  pocPrice: Float64Array;
  /** Volume of sell-initiated trades (at the bid). */
  bidVolume: Float64Array;
  /** Volume of buy-initiated trades (at the ask). */
  askVolume: Float64Array;
  /** Volume of trades of unknown side: counted apart, never as a buy or a sell. */
  unknownVolume: Float64Array;
  /** askVolume − bidVolume. */
  delta: Float64Array;
  tradeCount: Uint32Array;
}

/** One row per (candle, price bucket) that has at least one trade, in ascending price within a candle. */
export interface FootprintCells {
  /** Lower edge of the bucket. */
  price: Float64Array;
  bidVolume: Float64Array;
  askVolume: Float64Array;
  unknownVolume: Float64Array;
  tradeCount: Uint32Array;
  /** `imbalanceFlag` bits. */
  imbalance: Uint8Array;
}

/** Footprint (cluster) candles. */
export interface Footprint {
  candles: FootprintCandles;
  cells: FootprintCells;
  /** Trades left out: non-finite time, price ≤ 0 or not finite, quantity < 0 or not finite. */
  skipped: number;
}

/**
 * A candle's buckets are summed in a dense scratch array when it spans at most this many buckets
 * per trade (or 1,024 in all); a wider candle sorts its trades by bucket, so no candle costs more
 * than a small multiple of its trades.
 */
const densePerTrade = 8;

/** Scratch arrays for one candle's buckets, reused across candles. */
class DenseBuckets {
  bid = new Float64Array(256);
  ask = new Float64Array(256);
  unknown = new Float64Array(256);
  count = new Uint32Array(256);

  /** Zeroed room for `span` buckets. */
  reset(span: number): void {
    if (span > this.bid.length) {
      const size = Math.max(span, this.bid.length * 2);
      this.bid = new Float64Array(size);
      this.ask = new Float64Array(size);
      this.unknown = new Float64Array(size);
      this.count = new Uint32Array(size);
      return;
    }
    this.bid.fill(0, 0, span);
    this.ask.fill(0, 0, span);
    this.unknown.fill(0, 0, span);
    this.count.fill(0, 0, span);
  }
}

/** Collects cells and candles column by column. */
class FootprintBuilder {
  readonly openTime = new Float64Column();
  readonly cellStart: number[] = [0];
  readonly pocPrice = new Float64Column();
  readonly candleBid = new Float64Column();
  readonly candleAsk = new Float64Column();
  readonly candleUnknown = new Float64Column();
  readonly candleTrades = new Float64Column();
  readonly bucket = new Float64Column();
  readonly bid = new Float64Column();
  readonly ask = new Float64Column();
  readonly unknown = new Float64Column();
  readonly trades = new Float64Column();

  constructor(
    private readonly step: number,
    private readonly ratio: number,
  ) {}

  /** Appends one non-empty cell of the current candle (buckets in ascending order). */
  cell(bucket: number, bid: number, ask: number, unknown: number, trades: number): void {
    this.bucket.push(bucket);
    this.bid.push(bid);
    this.ask.push(ask);
    this.unknown.push(unknown);
    this.trades.push(trades);
  }

  /** Closes the candle whose cells were appended since the last call. */
  endCandle(openTime: number): void {
    const first = this.cellStart[this.cellStart.length - 1] ?? 0;
    const end = this.bucket.length;
    let bid = 0;
    let ask = 0;
    let unknown = 0;
    let trades = 0;
    let pocBucket = Number.NaN;
    let pocVolume = 0;
    for (let i = first; i < end; i++) {
      const b = this.bid.at(i);
      const a = this.ask.at(i);
      const u = this.unknown.at(i);
      bid += b;
      ask += a;
      unknown += u;
      trades += this.trades.at(i);
      const volume = b + a + u;
      if (volume > pocVolume) {
        pocVolume = volume;
        pocBucket = this.bucket.at(i);
      }
    }
    this.openTime.push(openTime);
    this.cellStart.push(end);
    this.pocPrice.push(Number.isNaN(pocBucket) ? Number.NaN : pocBucket);
    this.candleBid.push(bid);
    this.candleAsk.push(ask);
    this.candleUnknown.push(unknown);
    this.candleTrades.push(trades);
  }

  build(skipped: number): Footprint {
    const decimals = stepDecimals(this.step);
    const buckets = this.bucket.values();
    const bid = this.bid.values();
    const ask = this.ask.values();
    const cellStart = Uint32Array.from(this.cellStart);
    const imbalance = new Uint8Array(buckets.length);
    const ratio = this.ratio;
    for (let c = 0; c + 1 < cellStart.length; c++) {
      const end = cellStart[c + 1] ?? 0;
      // Cells are in ascending bucket order: the bucket one step above is the next cell, if it has trades.
      for (let i = cellStart[c] ?? 0; i + 1 < end; i++) {
        if ((buckets[i + 1] ?? 0) !== (buckets[i] ?? 0) + 1) continue;
        const bidHere = bid[i] ?? 0;
        const askAbove = ask[i + 1] ?? 0;
        if (askAbove > 0 && bidHere >= ratio * askAbove) imbalance[i] = (imbalance[i] ?? 0) | imbalanceFlag.sell;
        if (bidHere > 0 && askAbove >= ratio * bidHere) imbalance[i + 1] = (imbalance[i + 1] ?? 0) | imbalanceFlag.buy;
      }
    }
    const price = buckets.map((k) => bucketPrice(k, this.step, decimals));
    const poc = this.pocPrice.values().map((k) => (Number.isNaN(k) ? Number.NaN : bucketPrice(k, this.step, decimals)));
    const candleBid = this.candleBid.values();
    const candleAsk = this.candleAsk.values();
    return {
      candles: {
        openTime: this.openTime.values(),
        cellStart,
        pocPrice: poc,
        bidVolume: candleBid,
        askVolume: candleAsk,
        unknownVolume: this.candleUnknown.values(),
        delta: candleAsk.map((a, i) => a - (candleBid[i] ?? 0)),
        tradeCount: Uint32Array.from(this.candleTrades.values()),
      },
      cells: { price, bidVolume: bid, askVolume: ask, unknownVolume: this.unknown.values(), tradeCount: Uint32Array.from(this.trades.values()), imbalance },
      skipped,
    };
  }
}

/**
 * Footprint candles: per candle (epoch-aligned interval of `intervalMs`) and price bucket
 * (`priceStep`), the bid volume (trades whose taker sold, hitting the bid: side −1), the ask volume
 * (taker bought, lifting the ask: side +1) and the volume of unknown side, kept apart.
 *
 * Diagonal imbalances compare a bucket with the one a step away, as the footprint reads (a buyer
 * lifts the ask one step above where a seller hits the bid), with r = `imbalanceRatio`:
 * - buying imbalance at p: ask(p) ≥ r · bid(p − step), with bid(p − step) > 0;
 * - selling imbalance at p: bid(p) ≥ r · ask(p + step), with ask(p + step) > 0.
 * A bucket compared with an empty or absent one is no imbalance (a ratio to nothing is not
 * defined). Unknown-side volume takes no part. Each candle's POC is the bucket with the most
 * volume (bid + ask + unknown), ties to the lower price.
 *
 * Trades may come in any order; candles come out in ascending open time, cells in ascending price.
 */
export function footprint(trades: TradeSeries, options: FootprintOptions): Footprint {
  const { intervalMs, priceStep } = options;
  const ratio = options.imbalanceRatio ?? 3;
  if (!(Number.isFinite(intervalMs) && intervalMs > 0)) throw new RangeError(`The candle interval must be a number of ms above 0, not ${intervalMs}.`);
  checkPriceStep(priceStep);
  if (!(ratio > 0 && Number.isFinite(ratio))) throw new RangeError(`The imbalance ratio must be a number above 0, not ${ratio}.`);
  const { time, price, quantity, side } = trades;
  const n = time.length;
  // Usable trades, their candle and bucket.
  const order = new Uint32Array(n);
  const open = new Float64Array(n);
  const bucket = new Float64Array(n);
  let used = 0;
  let sorted = true;
  let previousOpen = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const t = time[i] ?? Number.NaN;
    const p = price[i] ?? Number.NaN;
    if (!isUsableTrade(t, p, quantity[i] ?? Number.NaN)) continue;
    // Most trades fall in the candle of the trade before: no division for them.
    const at = t >= previousOpen && t < previousOpen + intervalMs ? previousOpen : intervalOpenTime(t, intervalMs);
    if (at < previousOpen) sorted = false;
    previousOpen = at;
    order[used] = i;
    open[i] = at;
    bucket[i] = priceBucket(p, priceStep);
    used++;
  }
  const kept = order.subarray(0, used);
  if (!sorted) kept.sort((a, b) => (open[a] ?? 0) - (open[b] ?? 0) || a - b);
  const builder = new FootprintBuilder(priceStep, ratio);
  const dense = new DenseBuckets();
  let start = 0;
  while (start < used) {
    const candleOpen = open[kept[start] ?? 0] ?? 0;
    let end = start;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    while (end < used) {
      const i = kept[end] ?? 0;
      if (open[i] !== candleOpen) break;
      const k = bucket[i] ?? 0;
      if (k < low) low = k;
      if (k > high) high = k;
      end++;
    }
    const span = high - low + 1;
    if (span <= Math.max(1024, densePerTrade * (end - start))) {
      dense.reset(span);
      const { bid, ask, unknown, count } = dense;
      for (let j = start; j < end; j++) {
        const i = kept[j] ?? 0;
        const slot = (bucket[i] ?? 0) - low;
        const q = quantity[i] ?? 0;
        const s = side[i];
        if (s === 1) ask[slot] = (ask[slot] ?? 0) + q;
        else if (s === -1) bid[slot] = (bid[slot] ?? 0) + q;
        else unknown[slot] = (unknown[slot] ?? 0) + q;
        count[slot] = (count[slot] ?? 0) + 1;
      }
      for (let slot = 0; slot < span; slot++) {
        const c = count[slot] ?? 0;
        if (c > 0) builder.cell(low + slot, bid[slot] ?? 0, ask[slot] ?? 0, unknown[slot] ?? 0, c);
      }
    } else {
      // A candle spread over very many buckets (a tiny step, a wild print): sort its trades by bucket.
      const members = kept.slice(start, end).sort((a, b) => (bucket[a] ?? 0) - (bucket[b] ?? 0) || a - b);
      let j = 0;
      while (j < members.length) {
        const k = bucket[members[j] ?? 0] ?? 0;
        let bid = 0;
        let ask = 0;
        let unknown = 0;
        let c = 0;
        for (; j < members.length && bucket[members[j] ?? 0] === k; j++) {
          const i = members[j] ?? 0;
          const q = quantity[i] ?? 0;
          const s = side[i];
          if (s === 1) ask += q;
          else if (s === -1) bid += q;
          else unknown += q;
          c++;
        }
        builder.cell(k, bid, ask, unknown, c);
      }
    }
    builder.endCandle(candleOpen);
    start = end;
  }
  return builder.build(n - used);
}

import { Float64Column } from './growable-column.ts';
import { isUsableTrade, type TradeSeries } from './trade-series.ts';

/** What closes an activity bar: a number of trades, of base volume, or of notional (price × quantity). */
export type ActivityBarKind = 'tick' | 'volume' | 'dollar';

/** How trades are sampled into bars. */
export interface ActivityBarOptions {
  kind: ActivityBarKind;
  /** Trades per bar (a whole number ≥ 1), base volume per bar, or notional per bar. */
  size: number;
}

/** Bars sampled by activity, in the order they closed. */
export interface ActivityBars {
  /** Time of the bar's first trade (arrival order, so it may be later than a time inside the bar). */
  openTime: Float64Array;
  /** Time of the bar's last trade. */
  closeTime: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  /** Σ quantity. */
  volume: Float64Array;
  /** Σ price × quantity. */
  notional: Float64Array;
  buyVolume: Float64Array;
  sellVolume: Float64Array;
  /** Volume of unknown side, never counted as a buy or a sell. */
  unknownVolume: Float64Array;
  tradeCount: Uint32Array;
  /** 1 when the bar reached its size; 0 for the last bar, still open when the trades ran out. */
  complete: Uint8Array;
  /** Trades left out: non-finite time, price ≤ 0 or not finite, quantity < 0 or not finite. */
  skipped: number;
}

/** Relative slack of a bar's threshold, so 0.7 + 0.1 (0.7999999999999999 in binary) closes a bar of 0.8. */
const thresholdSlack = 1e-12;

/**
 * Tick, volume and dollar bars: trades are taken in the order given and added to the open bar;
 * the bar closes right after the trade that brings its measure (trades, Σ quantity or
 * Σ price·quantity) to at least `size` (less a relative slack of 10⁻¹²). A trade is never split, so
 * a large trade can take a bar past its size; the next trade opens the next bar. The last bar,
 * if it never reached its size, is returned with `complete` 0.
 */
export function activityBars(trades: TradeSeries, options: ActivityBarOptions): ActivityBars {
  const { kind, size } = options;
  if (!(Number.isFinite(size) && size > 0)) throw new RangeError(`The bar size must be a number above 0, not ${size}.`);
  if (kind === 'tick' && !Number.isInteger(size)) throw new RangeError(`A tick bar's size is a whole number of trades, not ${size}.`);
  const threshold = size * (1 - thresholdSlack);
  const columns = {
    openTime: new Float64Column(),
    closeTime: new Float64Column(),
    open: new Float64Column(),
    high: new Float64Column(),
    low: new Float64Column(),
    close: new Float64Column(),
    volume: new Float64Column(),
    notional: new Float64Column(),
    buy: new Float64Column(),
    sell: new Float64Column(),
    unknown: new Float64Column(),
    trades: new Float64Column(),
    complete: new Float64Column(),
  };
  const { time, price, quantity, side } = trades;
  let skipped = 0;
  let count = 0;
  let openTime = 0;
  let closeTime = 0;
  let open = 0;
  let high = 0;
  let low = 0;
  let close = 0;
  let volume = 0;
  let notional = 0;
  let buy = 0;
  let sell = 0;
  let unknown = 0;
  const emit = (complete: boolean): void => {
    columns.openTime.push(openTime);
    columns.closeTime.push(closeTime);
    columns.open.push(open);
    columns.high.push(high);
    columns.low.push(low);
    columns.close.push(close);
    columns.volume.push(volume);
    columns.notional.push(notional);
    columns.buy.push(buy);
    columns.sell.push(sell);
    columns.unknown.push(unknown);
    columns.trades.push(count);
    columns.complete.push(complete ? 1 : 0);
    count = 0;
  };
  for (let i = 0; i < time.length; i++) {
    const t = time[i] ?? Number.NaN;
    const p = price[i] ?? Number.NaN;
    const q = quantity[i] ?? Number.NaN;
    if (!isUsableTrade(t, p, q)) {
      skipped++;
      continue;
    }
    if (count === 0) {
      openTime = t;
      open = p;
      high = p;
      low = p;
      volume = 0;
      notional = 0;
      buy = 0;
      sell = 0;
      unknown = 0;
    }
    count++;
    closeTime = t;
    close = p;
    if (p > high) high = p;
    if (p < low) low = p;
    volume += q;
    notional += p * q;
    const s = side[i];
    if (s === 1) buy += q;
    else if (s === -1) sell += q;
    else unknown += q;
    const measure = kind === 'tick' ? count : kind === 'volume' ? volume : notional;
    if (measure >= threshold) emit(true);
  }
  if (count > 0) emit(false);
  return {
    openTime: columns.openTime.values(),
    closeTime: columns.closeTime.values(),
    open: columns.open.values(),
    high: columns.high.values(),
    low: columns.low.values(),
    close: columns.close.values(),
    volume: columns.volume.values(),
    notional: columns.notional.values(),
    buyVolume: columns.buy.values(),
    sellVolume: columns.sell.values(),
    unknownVolume: columns.unknown.values(),
    tradeCount: Uint32Array.from(columns.trades.values()),
    complete: Uint8Array.from(columns.complete.values()),
    skipped,
  };
}

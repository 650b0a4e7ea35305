import type { CandleColumns } from '../contract/market-schemas.ts';
import type { CandleInterval } from '../rows/candle-row.ts';
import { intervalMs } from '../rows/from-records/candle-rows.ts';
import { intervalOpenTime, type TradePrints } from './trade-prints.ts';

/** How a trade load ended (carried into the candles built from it). */
export interface TradeLoadCut {
  /** The most trades the load returns. */
  cap: number;
  /** Whether the budget cut the trades short (the candles then cover only the trades after `droppedUntil`). */
  truncated: boolean;
  /** Trades at or before this time were left out (null: none). */
  droppedUntil: number | null;
}

/**
 * Candles built from trades, for markets that publish none: one candle per interval that has at
 * least one trade, at the interval's open time (`intervalOpenTime`); intervals without trades are
 * absent, never a flat zero candle. Open is the first trade's price, close the last one's, high and
 * low the extremes; base volume is Σ quantity, quote volume Σ price·quantity, trade count the number
 * of trades. `closed` is null (a built candle says nothing about the venue's close) and there are no
 * revisions. Trades must be in time order.
 */
export function candlesFromTrades(trades: TradePrints, interval: CandleInterval, cut: TradeLoadCut): CandleColumns {
  const length = intervalMs[interval];
  const candles: CandleColumns = {
    interval,
    openTime: [],
    open: [],
    high: [],
    low: [],
    close: [],
    baseVolume: [],
    quoteVolume: [],
    tradeCount: [],
    closed: [],
    revisions: 0,
    cap: cut.cap,
    truncated: cut.truncated,
    droppedUntil: cut.droppedUntil,
  };
  let current = Number.NaN;
  let open = 0;
  let high = 0;
  let low = 0;
  let close = 0;
  let base = 0;
  let quote = 0;
  let count = 0;
  const flush = (): void => {
    if (count === 0) return;
    candles.openTime.push(current);
    candles.open.push(open);
    candles.high.push(high);
    candles.low.push(low);
    candles.close.push(close);
    candles.baseVolume.push(base);
    candles.quoteVolume.push(quote);
    candles.tradeCount.push(count);
    candles.closed.push(null);
  };
  for (let i = 0; i < trades.time.length; i++) {
    const time = trades.time[i] ?? 0;
    const price = trades.price[i] ?? 0;
    const quantity = trades.quantity[i] ?? 0;
    const at = intervalOpenTime(time, length);
    if (at !== current) {
      flush();
      current = at;
      open = price;
      high = price;
      low = price;
      base = 0;
      quote = 0;
      count = 0;
    }
    if (price > high) high = price;
    if (price < low) low = price;
    close = price;
    base += quantity;
    quote += price * quantity;
    count++;
  }
  flush();
  return candles;
}

import { intervalOpenTime, type IntervalSeries, type TradePrints } from './trade-prints.ts';

/**
 * The volume-weighted average price, cumulative from the first trade given (the range start):
 * for each interval that has trades, Σ price·quantity / Σ quantity over every trade from the first
 * one through the end of that interval. Null while the quantity so far is zero (no price to
 * weight). Intervals without trades are absent. Trades must be in time order.
 */
export function cumulativeVwap(trades: TradePrints, intervalMs: number): IntervalSeries {
  const series: IntervalSeries = { openTime: [], value: [] };
  let notional = 0;
  let volume = 0;
  let current = Number.NaN;
  const flush = (): void => {
    if (Number.isNaN(current)) return;
    series.openTime.push(current);
    series.value.push(volume > 0 ? notional / volume : null);
  };
  for (let i = 0; i < trades.time.length; i++) {
    const at = intervalOpenTime(trades.time[i] ?? 0, intervalMs);
    if (at !== current) {
      flush();
      current = at;
    }
    const quantity = trades.quantity[i] ?? 0;
    notional += (trades.price[i] ?? 0) * quantity;
    volume += quantity;
  }
  flush();
  return series;
}

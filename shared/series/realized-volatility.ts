import { intervalOpenTime, type IntervalSeries, type TradePrints } from './trade-prints.ts';

/**
 * Realized volatility per interval, from trade prices: for each interval that has trades,
 * sqrt(Σ rᵢ²) where rᵢ = ln(pᵢ / pᵢ₋₁) over each pair of consecutive trades that both lie in that
 * interval (the first trade of an interval is not compared with the previous interval's last).
 * It is not annualized: it is the interval's own volatility, as a fraction (0.001 is 0.1 %).
 * An interval with fewer than 2 trades has no return, so its value is null (a gap, never 0); a
 * pair with a price that is not positive is skipped, and an interval left with no valid pair is
 * null too. Intervals without trades are absent. Trades must be in time order.
 */
export function realizedVolatility(trades: TradePrints, intervalMs: number): IntervalSeries {
  const series: IntervalSeries = { openTime: [], value: [] };
  let current = Number.NaN;
  let sumSquares = 0;
  let pairs = 0;
  let previous = Number.NaN;
  const flush = (): void => {
    if (Number.isNaN(current)) return;
    series.openTime.push(current);
    series.value.push(pairs > 0 ? Math.sqrt(sumSquares) : null);
  };
  for (let i = 0; i < trades.time.length; i++) {
    const price = trades.price[i] ?? Number.NaN;
    const at = intervalOpenTime(trades.time[i] ?? 0, intervalMs);
    if (at !== current) {
      flush();
      current = at;
      sumSquares = 0;
      pairs = 0;
    } else if (price > 0 && previous > 0) {
      const r = Math.log(price / previous);
      sumSquares += r * r;
      pairs++;
    }
    previous = price;
  }
  flush();
  return series;
}

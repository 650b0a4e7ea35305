import fc from 'fast-check';
import type { TradePrints } from '../../../shared/series/trade-prints.ts';

/** One trade, as the naive references read it. */
export interface Print {
  time: number;
  price: number;
  quantity: number;
}

/** Trades as the columns the series functions take. */
export function printsOf(trades: readonly Print[]): TradePrints {
  return { time: trades.map((t) => t.time), price: trades.map((t) => t.price), quantity: trades.map((t) => t.quantity) };
}

/**
 * The naive grouping the references use: trades bucketed by `Math.floor(time / length) * length`
 * in a Map (insertion order follows the sorted trades), written independently of
 * `intervalOpenTime`.
 */
export function naiveBuckets(trades: readonly Print[], length: number): Map<number, Print[]> {
  const buckets = new Map<number, Print[]>();
  for (const trade of trades) {
    const open = Math.floor(trade.time / length) * length;
    const bucket = buckets.get(open) ?? [];
    bucket.push(trade);
    buckets.set(open, bucket);
  }
  return buckets;
}

/** Random trades in time order: times within a few hours, prices and sizes positive. */
export const sortedTrades = fc
  .array(
    fc.record({
      time: fc.integer({ min: 1_700_000_000_000, max: 1_700_000_000_000 + 4 * 3_600_000 }),
      price: fc.double({ min: 1, max: 100_000, noNaN: true }),
      quantity: fc.double({ min: 0, max: 50, noNaN: true }),
    }),
    { maxLength: 300 },
  )
  .map((trades) => [...trades].sort((a, b) => a.time - b.time));

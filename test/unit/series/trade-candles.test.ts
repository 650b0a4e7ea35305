import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candlesFromTrades } from '../../../shared/series/trade-candles.ts';
import { naiveBuckets, printsOf, sortedTrades } from './trade-series-reference.ts';

const t0 = Date.UTC(2026, 10, 22, 10, 0, 0);
const cut = { cap: 200_000, truncated: false, droppedUntil: null };

describe('candlesFromTrades', () => {
  it('builds OHLC, volumes and counts per interval, at the interval open times (hand-computed)', () => {
    const trades = printsOf([
      { time: t0 + 5_000, price: 100, quantity: 1 },
      { time: t0 + 20_000, price: 103, quantity: 2 },
      { time: t0 + 59_999, price: 99, quantity: 0.5 },
      // 10:01 has no trade; 10:02 has one.
      { time: t0 + 120_000, price: 101, quantity: 4 },
    ]);
    const candles = candlesFromTrades(trades, '1m', cut);
    expect(candles.openTime).toEqual([t0, t0 + 120_000]);
    expect(candles.open).toEqual([100, 101]);
    expect(candles.high).toEqual([103, 101]);
    expect(candles.low).toEqual([99, 101]);
    expect(candles.close).toEqual([99, 101]);
    expect(candles.baseVolume).toEqual([3.5, 4]);
    expect(candles.quoteVolume).toEqual([100 + 206 + 49.5, 404]);
    expect(candles.tradeCount).toEqual([3, 1]);
    expect(candles.closed).toEqual([null, null]);
    expect(candles.interval).toBe('1m');
  });

  it('aligns to the epoch, not to the first trade: a trade at 10:59:59.999 opens the 10:00 hour', () => {
    const candles = candlesFromTrades(printsOf([{ time: t0 + 3_599_999, price: 1, quantity: 1 }, { time: t0 + 3_600_000, price: 2, quantity: 1 }]), '1h', cut);
    expect(candles.openTime).toEqual([t0, t0 + 3_600_000]);
  });

  it('has no candle for no trades, and carries the trade load cut', () => {
    const candles = candlesFromTrades(printsOf([]), '1s', { cap: 10, truncated: true, droppedUntil: 5 });
    expect(candles.openTime).toEqual([]);
    expect(candles.truncated).toBe(true);
    expect(candles.cap).toBe(10);
    expect(candles.droppedUntil).toBe(5);
  });

  it('agrees with a naive group-by on random trades, for every built interval', () => {
    fc.assert(
      fc.property(sortedTrades, fc.constantFrom(['1s', 1000] as const, ['10s', 10_000] as const, ['1m', 60_000] as const, ['1h', 3_600_000] as const), (trades, [interval, length]) => {
        const candles = candlesFromTrades(printsOf(trades), interval, cut);
        const buckets = [...naiveBuckets(trades, length)];
        expect(candles.openTime).toEqual(buckets.map(([open]) => open));
        buckets.forEach(([, bucket], i) => {
          const prices = bucket.map((t) => t.price);
          expect(candles.open[i]).toBe(prices[0]);
          expect(candles.close[i]).toBe(prices.at(-1));
          expect(candles.high[i]).toBe(Math.max(...prices));
          expect(candles.low[i]).toBe(Math.min(...prices));
          expect(candles.tradeCount[i]).toBe(bucket.length);
          expect(candles.baseVolume[i]).toBeCloseTo(bucket.reduce((sum, t) => sum + t.quantity, 0), 6);
          expect(candles.quoteVolume[i]).toBeCloseTo(bucket.reduce((sum, t) => sum + t.quantity * t.price, 0), 3);
        });
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { tradeSideCode } from '../../../shared/contract/market-schemas.ts';
import { bucketPrice, priceBucket, stepDecimals } from '../../../shared/research/price-buckets.ts';
import { sideCode, sideCodeOf, TradeSeriesBuilder, tradeSeriesOf } from '../../../shared/research/trade-series.ts';

describe('price buckets', () => {
  it('puts a price in [k·step, (k+1)·step), decimal prices on their own edge despite binary rounding', () => {
    expect(priceBucket(100.3, 0.1)).toBe(1003);
    expect(priceBucket(100.29, 0.1)).toBe(1002);
    expect(priceBucket(100.39999, 0.1)).toBe(1003);
    expect(priceBucket(97_500.3, 0.0001)).toBe(975_003_000);
    expect(priceBucket(3501.25, 0.25)).toBe(14_005);
    expect(priceBucket(0.000123, 0.000001)).toBe(123);
  });

  it('labels a bucket with the step’s decimals', () => {
    expect([stepDecimals(0.1), stepDecimals(0.25), stepDecimals(5), stepDecimals(1e-7), stepDecimals(2.5e-7)]).toEqual([1, 2, 0, 7, 8]);
    expect(bucketPrice(1003, 0.1)).toBe(100.3);
    expect(bucketPrice(123, 0.000001)).toBe(0.000123);
  });
});

describe('trade series', () => {
  it('uses the contract’s side codes, and an unknown side is never a buy', () => {
    expect(sideCode).toEqual(tradeSideCode);
    expect([sideCodeOf('buy'), sideCodeOf('sell'), sideCodeOf(null), sideCodeOf(undefined)]).toEqual([1, -1, 0, 0]);
  });

  it('reads the contract’s trade columns as they are, any other side code as unknown', () => {
    const series = tradeSeriesOf({ time: [1, 2, 3], price: [10, 11, 12], quantity: [0.5, 1, 2], side: [1, -1, 0.5] });
    expect([Array.from(series.time), Array.from(series.price), Array.from(series.quantity), Array.from(series.side)]).toEqual([[1, 2, 3], [10, 11, 12], [0.5, 1, 2], [1, -1, 0]]);
  });

  it('grows past its first capacity and hands back trimmed columns', () => {
    const builder = new TradeSeriesBuilder();
    for (let i = 0; i < 3000; i++) builder.push(i, 100 + i, 1, i % 3 === 0 ? 1 : i % 3 === 1 ? -1 : 7);
    const series = builder.build();
    expect(series.time.length).toBe(3000);
    expect([series.price[2999], series.side[0], series.side[1], series.side[2]]).toEqual([3099, 1, -1, 0]);
  });
});

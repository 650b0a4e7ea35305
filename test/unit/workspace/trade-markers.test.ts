import { describe, expect, it } from 'vitest';
import { candleIndexAt, compactQuantity, largeTradeMarkers, largeTradeTotals, defaultLargeTradeRule } from '../../../renderer/src/views/workspace/chart/trade-markers.ts';

const colours = { buy: 'B', sell: 'S', unknown: 'U' };

describe('large-trade markers', () => {
  it('finds the candle holding a time', () => {
    expect(candleIndexAt([100, 200, 300], 99)).toBe(-1);
    expect(candleIndexAt([100, 200, 300], 100)).toBe(0);
    expect(candleIndexAt([100, 200, 300], 299)).toBe(1);
    expect(candleIndexAt([100, 200, 300], 1000)).toBe(2);
  });

  const trades = {
    time: [105, 150, 210, 250, 330, 999],
    quantity: [5, 1, 7, 6, 8, 9],
    side: [1, 1, -1, 0, 1, 1],
    liquidation: [0, 0, 1, 0, 0, 0],
  };

  it('marks trades at or above the threshold on their candle, by side; a null side is never a buy; a liquidation is a square', () => {
    const markers = largeTradeMarkers(trades, 5, [100, 200, 300], 100, colours);
    expect(markers).toEqual([
      { time: 100, size: 0.6, position: 'belowBar', shape: 'arrowUp', color: 'B' },
      { time: 200, size: 0.6, position: 'aboveBar', shape: 'square', color: 'S' },
      { time: 200, size: 0.6, position: 'inBar', shape: 'circle', color: 'U' },
      { time: 300, size: 0.6, position: 'belowBar', shape: 'arrowUp', color: 'B' },
    ]);
  });

  it('puts one marker per candle and side, a square when any of them was a liquidation', () => {
    const many = { time: [100, 110, 120, 130, 140, 210], quantity: [5, 6, 7, 8, 9, 5], side: [1, 1, -1, -1, 1, 1], liquidation: [0, 0, 0, 1, 0, 0] };
    expect(largeTradeMarkers(many, 5, [100, 200], 100, colours)).toEqual([
      { time: 100, size: 0.6, position: 'belowBar', shape: 'arrowUp', color: 'B' },
      { time: 100, size: 0.6, position: 'aboveBar', shape: 'square', color: 'S' },
      { time: 200, size: 0.6, position: 'belowBar', shape: 'arrowUp', color: 'B' },
    ]);
  });

  it('totals the large trades per candle (the trade past the last candle is in none)', () => {
    expect([...largeTradeTotals(trades, 5, [100, 200, 300], 100)]).toEqual([
      [100, { count: 1, quantity: 5 }],
      [200, { count: 2, quantity: 13 }],
      [300, { count: 1, quantity: 8 }],
    ]);
  });

  it('writes sizes in three significant digits with k and M', () => {
    expect(compactQuantity(0.52349)).toBe('0.523');
    expect(compactQuantity(12.5)).toBe('12.5');
    expect(compactQuantity(1234)).toBe('1.23k');
    expect(compactQuantity(2_500_000)).toBe('2.5M');
  });
});

describe('the default large-trade rule', () => {
  it('aims at one trade for every six candles (5 to 50), never more than the largest 0.5 % (hand-computed)', () => {
    const sizes = Array.from({ length: 100_000 }, (_, i) => i + 1);
    // 72 candles (6 h of 5 m): 12 trades; the 12th largest of 1..100,000 is 99,989.
    expect(defaultLargeTradeRule(sizes, 72)).toEqual({ threshold: 99_989, top: 12 });
    // 360 candles: 50 at most, though 60 would fit the rule of six.
    expect(defaultLargeTradeRule(sizes, 360)).toEqual({ threshold: 99_951, top: 50 });
    // 10 candles: 5 at least.
    expect(defaultLargeTradeRule(sizes, 10)).toEqual({ threshold: 99_996, top: 5 });
    // 1,000 trades: 0.5 % is 5, fewer than the 12 the candles would carry.
    expect(defaultLargeTradeRule(sizes.slice(0, 1_000), 72)).toEqual({ threshold: 996, top: 5 });
    expect(defaultLargeTradeRule([], 72)).toEqual({ threshold: null, top: 1 });
  });

  it('never lets a tie flood the chart: many trades of the threshold size move it to the next larger size', () => {
    // 10,000 trades: 9,990 of 1, then 2..11. The aim is 12 (72 candles, 0.5 % is 50): the 12th largest is 1, shared by 9,990, so 2 is taken.
    const sizes = [...new Array<number>(9_990).fill(1), ...Array.from({ length: 10 }, (_, i) => i + 2)];
    const rule = defaultLargeTradeRule(sizes, 72);
    expect(rule).toEqual({ threshold: 2, top: 12 });
    const marked = sizes.filter((size) => size >= (rule.threshold ?? Infinity)).length;
    expect(marked).toBeLessThanOrEqual(2 * rule.top);
  });

  it('marks no more than the aim allows over a realistic stream: 917 at p99.5 of 183,400 trades, now at most 24', () => {
    let seed = 11;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Pareto-like sizes to the lot (0.001): many small trades, a long tail of large ones.
    const sizes = Array.from({ length: 183_400 }, () => Number((0.001 / (1 - random()) ** 0.8).toFixed(3)));
    const rule = defaultLargeTradeRule(sizes, 72);
    const marked = sizes.filter((size) => size >= (rule.threshold ?? Infinity)).length;
    expect(rule.top).toBe(12);
    expect(marked).toBeGreaterThanOrEqual(1);
    expect(marked).toBeLessThanOrEqual(24);
  });
});

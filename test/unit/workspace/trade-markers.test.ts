import { describe, expect, it } from 'vitest';
import { candleIndexAt, compactQuantity, largeTradeMarkers, largeTradeTotals } from '../../../renderer/src/views/workspace/chart/trade-markers.ts';

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

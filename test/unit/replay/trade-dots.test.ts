import { describe, expect, it } from 'vitest';
import { dotRadius, firstTradeAt, tradeDots, type HeatmapTrades } from '../../../renderer/src/views/replay/heatmap/trade-dots.ts';

const view = { t0: 0, t1: 100, p0: 0, p1: 100 };
const size = { width: 100, height: 100 };

function tradesOf(rows: [number, number, number, number][]): HeatmapTrades {
  return { time: rows.map((r) => r[0]), price: rows.map((r) => r[1]), quantity: rows.map((r) => r[2]), side: rows.map((r) => r[3]) };
}

describe('trade dots', () => {
  it('finds the first trade at or after a time', () => {
    expect([-1, 10, 11, 30, 31].map((t) => firstTradeAt([10, 20, 30], t))).toEqual([0, 0, 1, 2, 3]);
  });

  it('merges a side\'s trades in one cell at their quantity-weighted position, and keeps sides apart', () => {
    const dots = tradeDots(
      tradesOf([
        [10, 50, 1, 1],
        [10.5, 50.4, 3, 1],
        [10.5, 50, 2, -1],
        [20, 40, 1, 0],
        [30, 40, 1, 7],
        [100, 60, 1, 1],
        [200, 50, 1, 1],
        [40, 150, 1, 1],
        [50, 50, 0, 1],
      ]),
      view,
      size,
    );
    expect(dots.map((dot) => [dot.side, dot.quantity, dot.trades])).toEqual([
      [1, 4, 2],
      [-1, 2, 1],
      [0, 1, 1],
      [0, 1, 1],
      [1, 1, 1],
    ]);
    const [merged] = dots;
    // x = (10·1 + 10.5·3) / 4, y = (50 + 49.6·3) / 4.
    expect(merged?.x).toBeCloseTo(10.375, 9);
    expect(merged?.y).toBeCloseTo(49.7, 9);
  });

  it('sizes dots by area against the 99th percentile of quantities', () => {
    const dots = tradeDots(tradesOf([[10, 50, 4, 1], [20, 50, 1, -1], [30, 50, 1, 0], [40, 50, 2, 1]]), view, size);
    // Quantities sorted 1, 1, 2, 4: the reference is index round(0.99 · 3) = 3 → 4.
    // Radius 1.5 + 6 · √(q / 4).
    expect(dots.map((dot) => dot.radius)).toEqual([dotRadius.max, 4.5, 4.5, 1.5 + 6 * Math.sqrt(0.5)]);
  });

  it('draws nothing without trades in the window', () => {
    expect(tradeDots(tradesOf([]), view, size)).toEqual([]);
    expect(tradeDots(tradesOf([[500, 50, 1, 1]]), view, size)).toEqual([]);
  });
});

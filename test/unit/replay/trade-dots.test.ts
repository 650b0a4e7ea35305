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

  it('merges a side\'s trades in one cell into a dot at the newest of them, summing their quantity, and keeps sides apart', () => {
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
    // At the newest trade of the two (10.5 ms, 50.4): x = 10.5, y = 100 − 50.4 = 49.6, a real trade's time and price.
    expect([merged?.time, merged?.price]).toEqual([10.5, 50.4]);
    expect(merged?.x).toBeCloseTo(10.5, 9);
    expect(merged?.y).toBeCloseTo(49.6, 9);
  });

  it('places each bubble by the view\'s own time and price mapping over the whole plot, up to the cursor and the trade at it included', () => {
    // Ten minutes across 500 px (1.2 s a px) and 100.0 to 110.0 down 200 px (0.05 a px); the cursor at 9 min 36 s (96 % across, as following).
    const wide = { t0: 600_000, t1: 1_200_000, p0: 100, p1: 110 };
    const plot = { width: 500, height: 200 };
    const cursor = 1_176_000;
    const dots = tradeDots(
      tradesOf([
        [900_000, 105, 1, 1],
        [1_176_000, 108, 2, -1],
        [1_176_001, 104, 5, 1],
      ]),
      wide,
      plot,
      5,
      cursor,
    );
    // Half way in time and price: x = 300,000 / 600,000 · 500 = 250, y = (110 − 105) / 10 · 200 = 100.
    // At the cursor: x = 576,000 / 600,000 · 500 = 480 (not 500: the scale is the view's, not one stretched to the cursor), y = 2 / 10 · 200 = 40.
    // The trade 1 ms after the cursor is not drawn.
    expect(dots.map((dot) => [dot.time, dot.price, dot.x, dot.y])).toEqual([
      [900_000, 105, 250, 100],
      [1_176_000, 108, 480, 40],
    ]);
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

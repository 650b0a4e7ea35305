import { describe, expect, it } from 'vitest';
import { footprint } from '../../../../shared/research/footprint.ts';
import { cellAt, candleAt, layoutFootprint, type FootprintFrame, type FootprintModel } from '../../../../renderer/src/views/workspace/modes/footprint-layout.ts';
import { columnsOf, type PlainTrade } from '../../research/research-reference.ts';

// A hand-made frame: candle n (open t0 + n minutes) is centred at x = 100 + 50·n; price p sits at
// y = 500 − 10·(p − 100). Every expected coordinate below is worked out by hand from that.
const t0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const minute = 60_000;
const frame = (barSpacing = 50, pxPerPrice = 10): FootprintFrame => ({
  xOf: (time) => 100 + ((time - t0) / minute) * barSpacing,
  yOf: (price) => 500 - pxPerPrice * (price - 100),
  barSpacing,
  width: 400,
});

// Candle 0: a sell of 1 at 100.2, a buy of 2 at 100.7, a buy of 3 at 101.1 (step 0.5: buckets 100, 100.5, 101).
// Candle 1: a buy of 4 at 100.1. Candle 9 (x = 550) lies right of the 400 px pane.
const trades: PlainTrade[] = [
  { time: t0 + 1_000, price: 100.2, quantity: 1, side: 'sell' },
  { time: t0 + 2_000, price: 100.7, quantity: 2, side: 'buy' },
  { time: t0 + 3_000, price: 101.1, quantity: 3, side: 'buy' },
  { time: t0 + minute + 5_000, price: 100.1, quantity: 4, side: 'buy' },
  { time: t0 + 9 * minute + 5_000, price: 100.1, quantity: 1, side: null },
];
const model = (complete: (openTime: number) => boolean = () => true): FootprintModel => ({
  footprint: footprint(columnsOf(trades), { intervalMs: minute, priceStep: 0.5 }),
  step: 0.5,
  complete,
});

describe('footprint layout', () => {
  it('puts each cell in its candle column (90 % of the bar spacing around the candle x), rows from y(price + step) to y(price), bid left of the centre and ask right', () => {
    const layout = layoutFootprint(model(), frame(), t0, t0 + 20 * minute);
    // Candle 9 is off the pane (550 − 22.5 > 400): not laid out.
    expect(layout.candles.map((c) => [c.openTime, c.x, c.left, c.right])).toEqual([
      [t0, 100, 77.5, 122.5],
      [t0 + minute, 150, 127.5, 172.5],
    ]);
    expect(layout.cells.map((c) => [c.candle, c.left, c.mid, c.right, c.top, c.bottom])).toEqual([
      [0, 77.5, 100, 122.5, 495, 500],
      [0, 77.5, 100, 122.5, 490, 495],
      [0, 77.5, 100, 122.5, 485, 490],
      [1, 127.5, 150, 172.5, 495, 500],
    ]);
    // Shades against the largest one-side volume laid out (4).
    expect(layout.cells.map((c) => [c.bidShade, c.askShade])).toEqual([
      [0.25, 0],
      [0, 0.5],
      [0, 0.75],
      [0, 1],
    ]);
  });

  it("marks each complete candle's POC row: the bucket with the most volume", () => {
    const layout = layoutFootprint(model(), frame(), t0, t0 + 20 * minute);
    expect(layout.candles.map((c) => [c.pocPrice, c.pocTop, c.pocBottom])).toEqual([
      [101, 485, 490],
      [100, 495, 500],
    ]);
  });

  it('gives an incomplete candle a column but no cells and no POC', () => {
    const layout = layoutFootprint(model((open) => open !== t0), frame(), t0, t0 + 20 * minute);
    expect(layout.candles.map((c) => [c.openTime, c.complete, c.pocPrice])).toEqual([
      [t0, false, null],
      [t0 + minute, true, 100],
    ]);
    expect(layout.cells.map((c) => c.candle)).toEqual([1]);
    // Shades are then against the cells laid out only.
    expect(layout.cells[0]?.askShade).toBe(1);
  });

  it('lays out only the candles whose open time is in the visible range', () => {
    expect(layoutFootprint(model(), frame(), t0 + minute, t0 + 20 * minute).candles.map((c) => c.openTime)).toEqual([t0 + minute]);
    expect(layoutFootprint(model(), frame(), t0 - minute, t0 + 30_000).candles.map((c) => c.openTime)).toEqual([t0]);
  });

  it('prints numbers only when cells are at least 68 px wide and 11 px tall', () => {
    // 50 px bars, 5 px rows: colour only.
    expect(layoutFootprint(model(), frame(50, 10), t0, t0).numbers).toBe(false);
    // 80 px bars (72 px columns), 5 px rows: still too short.
    expect(layoutFootprint(model(), frame(80, 10), t0, t0).numbers).toBe(false);
    // 80 px bars, 12 px rows (24 px a price unit).
    expect(layoutFootprint(model(), frame(80, 24), t0, t0).numbers).toBe(true);
    // 60 px bars (54 px columns), 12 px rows: too narrow.
    expect(layoutFootprint(model(), frame(60, 24), t0, t0).numbers).toBe(false);
  });

  it('finds the cell and the candle under a point; the gap between columns and empty rows hold none', () => {
    const layout = layoutFootprint(model(), frame(), t0, t0 + 20 * minute);
    expect(cellAt(layout, 110, 487)?.cell).toBe(2);
    expect(cellAt(layout, 90, 497)?.cell).toBe(0);
    expect(cellAt(layout, 125, 497)).toBeNull();
    expect(cellAt(layout, 150, 487)).toBeNull();
    expect(candleAt(layout, 125)).toBeNull();
    expect(candleAt(layout, 160)?.openTime).toBe(t0 + minute);
  });
});

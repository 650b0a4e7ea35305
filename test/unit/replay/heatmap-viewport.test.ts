import { describe, expect, it } from 'vitest';
import { fitPrices, followGap, followWindow, minTimeSpanMs, panBy, priceToY, timeToX, xToTime, yToPrice, zoomPrice, zoomTime } from '../../../renderer/src/views/replay/heatmap/heatmap-viewport.ts';

const view = { t0: 1000, t1: 2000, p0: 90, p1: 110 };
const size = { width: 200, height: 100 };

describe('the heatmap viewport', () => {
  it('maps time to x and back', () => {
    expect(timeToX(view, size, 1500)).toBe(100);
    expect(timeToX(view, size, 1000)).toBe(0);
    expect(xToTime(view, size, 50)).toBe(1250);
    expect(xToTime(view, size, timeToX(view, size, 1733))).toBeCloseTo(1733, 9);
  });

  it('maps price to y (high prices on top) and back', () => {
    expect(priceToY(view, size, 110)).toBe(0);
    expect(priceToY(view, size, 100)).toBe(50);
    expect(priceToY(view, size, 90)).toBe(100);
    expect(yToPrice(view, size, 25)).toBe(105);
  });

  it('zooms time about an anchor that stays put', () => {
    expect(zoomTime(view, 1500, 0.5)).toEqual({ ...view, t0: 1250, t1: 1750 });
    expect(zoomTime(view, 1000, 2)).toEqual({ ...view, t0: 1000, t1: 3000 });
    const narrow = zoomTime(view, 1200, 1e-9);
    expect(narrow.t1 - narrow.t0).toBe(minTimeSpanMs);
    expect(timeToX(narrow, size, 1200)).toBeCloseTo(timeToX(view, size, 1200), 9);
  });

  it('zooms price about an anchor', () => {
    expect(zoomPrice(view, 90, 0.5)).toEqual({ ...view, p0: 90, p1: 100 });
    expect(zoomPrice(view, 100, 2)).toEqual({ ...view, p0: 80, p1: 120 });
  });

  it('pans so the content follows the pointer', () => {
    // Dragging right by 10% of the width shows 100 ms earlier; down by 10% of the height shows 2 higher.
    expect(panBy(view, size, 20, 10)).toEqual({ t0: 900, t1: 1900, p0: 92, p1: 112 });
  });

});

describe('the window anchored at now', () => {
  it('follows the cursor: time runs up to it (a 4% gap after it), prices centred on the mid', () => {
    // Span 10,000 ms, cursor at 50,000: the window ends 400 ms after it.
    expect(followGap).toBe(0.04);
    expect(followWindow(50_000, 10_000, 100, 5, null)).toEqual({ t0: 40_400, t1: 50_400, p0: 95, p1: 105 });
    // The mid wins over where the last window was: the view re-centres as the price moves.
    expect(followWindow(50_000, 10_000, 100, 5, { t0: 0, t1: 1, p0: 190, p1: 210 })).toMatchObject({ p0: 95, p1: 105 });
  });

  it('keeps the last window\'s prices when the mid is unknown (an empty book)', () => {
    const previous = { t0: 0, t1: 1, p0: 90, p1: 110 };
    expect(followWindow(50_000, 10_000, Number.NaN, 5, previous)).toMatchObject({ p0: 95, p1: 105 });
    expect(followWindow(50_000, 10_000, Number.NaN, 0, previous)).toMatchObject({ p0: 90, p1: 110 });
  });

  it('fits prices to the touch seen, padded by a quarter of the range and at least the minimum pad', () => {
    // Bids as low as 99, asks as high as 103: range 4, pad 1.
    expect(fitPrices(99, 103, 0.5)).toEqual({ p0: 98, p1: 104 });
    // A range narrower than the minimum pad gets the minimum.
    expect(fitPrices(100, 100.5, 2)).toEqual({ p0: 98, p1: 102.5 });
    expect(fitPrices(Number.NaN, 103, 1)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { fitViewport, followCursor, minTimeSpanMs, panBy, priceToY, timeToX, xToTime, yToPrice, zoomPrice, zoomTime } from '../../../renderer/src/views/replay/heatmap/heatmap-viewport.ts';
import { indexOf } from './heatmap-frames.ts';

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

  it('fits the whole replay and its levels, padded by 4%', () => {
    const frames = indexOf(
      [
        { t: 5000, bids: [[99, 1], [98, 1]], asks: [[101, 1]] },
        { t: 9000, bids: [[100, 1]], asks: [[102, 1], [103, 1]] },
      ],
      2,
    );
    // Lows 98 and 100, highs 101 and 103: the 1st percentile of lows is 98, the 99th of highs 103; pad 0.2.
    const fitted = fitViewport(frames);
    expect(fitted?.t0).toBe(5000);
    expect(fitted?.t1).toBe(9000);
    expect(fitted?.p0).toBeCloseTo(97.8, 9);
    expect(fitted?.p1).toBeCloseTo(103.2, 9);
  });

  it('ignores a stray level far from the rest', () => {
    // 100 frames: bids at 99, asks reaching 101.00 … 101.99, except one frame with an ask at 500.
    // The 99th percentile of the highs is 101.99; the pad is 4% of 2.99.
    const frames = indexOf(
      Array.from({ length: 100 }, (_, j) => ({ t: j * 10, bids: [[99, 1]] as [number, number][], asks: [[100, 1], [j === 50 ? 500 : 101 + j / 100, 1]] as [number, number][] })),
      2,
    );
    const fitted = fitViewport(frames);
    expect(fitted?.p1).toBeCloseTo(101.99 + 2.99 * 0.04, 9);
    expect(fitted?.p0).toBeCloseTo(99 - 2.99 * 0.04, 9);
  });

  it('gives one frame a minute around it, and no window without levels', () => {
    const one = fitViewport(indexOf([{ t: 5000, bids: [[99, 1]], asks: [] }], 2));
    expect(one?.t0).toBe(5000 - 30_000);
    expect(one?.t1).toBe(5000 + 30_000);
    expect(one !== null && one.p0 < 99 && one.p1 > 99).toBe(true);
    expect(fitViewport(indexOf([], 2))).toBeNull();
    expect(fitViewport(indexOf([{ t: 1, bids: [], asks: [] }], 2))).toBeNull();
  });
});

describe('following the playback cursor', () => {
  it('turns a page when the cursor leaves the window it was in', () => {
    // Span 1000: forward, the cursor lands a quarter in; backward, three quarters in.
    expect(followCursor(view, 1990, 2010)).toEqual({ ...view, t0: 1760, t1: 2760 });
    expect(followCursor(view, 1010, 990)).toEqual({ ...view, t0: 240, t1: 1240 });
  });
  it('leaves the window alone while the cursor is inside, or when it was already away', () => {
    expect(followCursor(view, 1500, 1600)).toBeNull();
    expect(followCursor(view, 2500, 2600)).toBeNull();
    expect(followCursor(view, null, 2600)).toBeNull();
    expect(followCursor(view, 1500, null)).toBeNull();
  });
});

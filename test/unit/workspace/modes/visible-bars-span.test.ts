import { describe, expect, it } from 'vitest';
import { visibleBarsSpan } from '../../../../renderer/src/views/workspace/modes/visible-bars-span.ts';

// Activity bars are drawn by number; the funding panes below keep their time axis and show the
// time span of the bars in view, from the first one's open to the last one's close.

const bars = { openTime: [1000, 1500, 4000, 4100, 9000], closeTime: [1400, 3900, 4050, 8000, 9500] };

describe('the time span of the activity bars in view', () => {
  it('runs from the open of the first bar in view to the close of the last', () => {
    expect(visibleBarsSpan(bars, { from: 1, to: 3 })).toEqual({ from: 1500, to: 8000 });
    // A bar half in view counts (bar 1 takes 0.5..1.5, bar 3 takes 2.5..3.5).
    expect(visibleBarsSpan(bars, { from: 1.4, to: 2.6 })).toEqual({ from: 1500, to: 8000 });
    expect(visibleBarsSpan(bars, { from: 1.6, to: 2.4 })).toEqual({ from: 4000, to: 4050 });
  });

  it('stops at the bars: the room left of the first and the profile\'s room right of the last hold none', () => {
    expect(visibleBarsSpan(bars, { from: -1, to: 6.5 })).toEqual({ from: 1000, to: 9500 });
    expect(visibleBarsSpan(bars, { from: 5.6, to: 9 })).toBeNull();
    expect(visibleBarsSpan({ openTime: [], closeTime: [] }, { from: 0, to: 3 })).toBeNull();
  });

  it('starts at the open of the candle the first bar in view opened in, when given the candle length', () => {
    // Candles of 1,000 ms: bar 1 opens at 1500, in the candle of 1000; bar 2 opens at 4000, a candle's open.
    expect(visibleBarsSpan(bars, { from: 1, to: 3 }, 1000)).toEqual({ from: 1000, to: 8000 });
    expect(visibleBarsSpan(bars, { from: 1.6, to: 2.4 }, 1000)).toEqual({ from: 4000, to: 4050 });
    // Candles of 60,000 ms: every bar here opened in the candle of 0.
    expect(visibleBarsSpan(bars, { from: 3, to: 4 }, 60_000)).toEqual({ from: 0, to: 9500 });
  });
});

import { describe, expect, it } from 'vitest';
import { activityBars } from '../../../../shared/research/activity-bars.ts';
import { cumulativeVolumeDelta } from '../../../../shared/research/volume-delta.ts';
import { autoBarSize, autoProfileStep, cvdAtBarCloses, niceAtOrAbove, tradeTotals } from '../../../../renderer/src/views/workspace/modes/activity-steps.ts';
import { barNumberWeight } from '../../../../renderer/src/views/workspace/modes/bar-number-scale.ts';
import { columnsOf, randomTrades } from '../../research/research-reference.ts';

describe('activity bars in the workspace', () => {
  it('sizes bars automatically to about 200: ⌈trades / 200⌉ a tick bar, a nice number of volume or notional', () => {
    const totals = { count: 3_297, volume: 41.3, notional: 3_400_000, low: 1, high: 2 };
    expect(autoBarSize('tick', totals)).toBe(17);
    // 41.3 / 200 = 0.2065 → 0.5.
    expect(autoBarSize('volume', totals)).toBe(0.5);
    // 17,000 → 20,000.
    expect(autoBarSize('dollar', totals)).toBe(20_000);
    expect(autoBarSize('tick', { ...totals, count: 0 })).toBe(1);
    expect(niceAtOrAbove(0.2)).toBe(0.2);
    expect(niceAtOrAbove(0)).toBe(1);
  });

  it('counts only usable trades in the totals (as the engines do)', () => {
    const totals = tradeTotals(columnsOf([
      { time: 1, price: 10, quantity: 2, side: 'buy' },
      { time: 2, price: -1, quantity: 5, side: 'sell' },
      { time: 3, price: 12, quantity: 1, side: null },
    ]));
    expect(totals).toEqual({ count: 2, volume: 3, notional: 32, low: 10, high: 12 });
  });

  it('steps the session profile along the tick ladder, about 60 rows over the traded range', () => {
    // 300 / 60 = 5 → 5 ticks of 1.
    expect(autoProfileStep(1, { count: 1, volume: 1, notional: 1, low: 100, high: 400 })).toBe(5);
    // 31 / 60 = 0.517 → 10 ticks of 0.1 = 1.
    expect(autoProfileStep(0.1, { count: 1, volume: 1, notional: 1, low: 100, high: 131 })).toBe(1);
    expect(autoProfileStep(0.1, { count: 1, volume: 1, notional: 1, low: 100, high: 100 })).toBe(0.1);
  });

  it("reads the CVD at each bar's last trade, skipping trades left out", () => {
    // Trades: +1, (left out), −1, +2, +1 → CVD 1, NaN, 0, 2, 3; bars of 2 usable trades.
    expect(Array.from(cvdAtBarCloses(Float64Array.from([1, Number.NaN, 0, 2, 3]), Uint32Array.from([2, 2])))).toEqual([0, 3]);
    expect(Array.from(cvdAtBarCloses(Float64Array.from([1, 2]), Uint32Array.from([1, 1, 1])))).toEqual([1, 2, Number.NaN]);
  });

  it("the CVD at bar closes equals the running Σ (buy − sell) of the bars, on a seeded stream", () => {
    const series = columnsOf(randomTrades({ seed: 1313, count: 5_000 }));
    for (const options of [{ kind: 'tick', size: 37 }, { kind: 'volume', size: 12.5 }, { kind: 'dollar', size: 20_000 }] as const) {
      const bars = activityBars(series, options);
      const cvd = cvdAtBarCloses(cumulativeVolumeDelta(series).cvd, bars.tradeCount);
      let running = 0;
      for (let b = 0; b < bars.openTime.length; b++) {
        running += (bars.buyVolume[b] ?? 0) - (bars.sellVolume[b] ?? 0);
        expect(cvd[b]).toBeCloseTo(running, 9);
      }
    }
  });

  it('weighs round bar numbers higher on the axis', () => {
    expect([0, 1, 7, 10, 20, 100, 250, 1000, 5000].map(barNumberWeight)).toEqual([6, 0, 0, 1, 1, 2, 1, 3, 3]);
  });
});

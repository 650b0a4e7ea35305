import { describe, expect, it } from 'vitest';
import { candleTradesComplete, tradeCoverage } from '../../../../renderer/src/views/workspace/modes/trade-coverage.ts';

const minute = 60_000;

describe('which candles have all their trades', () => {
  it('with bounds: complete from where the load is complete to the bounds’ end, cut "dropped" when trades were left out', () => {
    expect(tradeCoverage({ completeFrom: 1_000, boundsEnd: 9_000, firstTrade: 1_500, lastTrade: 8_000, dropped: false })).toEqual({ from: 1_000, to: 9_000, cut: null });
    expect(tradeCoverage({ completeFrom: 5_001, boundsEnd: 9_000, firstTrade: 5_002, lastTrade: 8_000, dropped: true })).toEqual({ from: 5_001, to: 9_000, cut: 'dropped' });
    expect(tradeCoverage({ completeFrom: null, boundsEnd: 9_000, firstTrade: null, lastTrade: null, dropped: false })).toBeNull();
  });

  it('anonymous latest ten minutes: complete only from the first trade to the last', () => {
    expect(tradeCoverage({ completeFrom: null, boundsEnd: null, firstTrade: 2_000, lastTrade: 7_000, dropped: false })).toEqual({ from: 2_000, to: 7_000, cut: 'latest' });
    expect(tradeCoverage({ completeFrom: null, boundsEnd: null, firstTrade: null, lastTrade: null, dropped: false })).toBeNull();
  });

  it('a candle is complete only when it lies wholly inside the coverage', () => {
    const coverage = { from: 10 * minute + 1, to: 20 * minute - 1, cut: 'dropped' as const };
    // Opens 1 ms before the first complete ms: a trade at its open may be missing.
    expect(candleTradesComplete(10 * minute, minute, coverage)).toBe(false);
    expect(candleTradesComplete(11 * minute, minute, coverage)).toBe(true);
    // Closes at the coverage's last ms.
    expect(candleTradesComplete(19 * minute, minute, coverage)).toBe(true);
    // Runs past it (trades after the end are not loaded).
    expect(candleTradesComplete(19 * minute + 1, minute, coverage)).toBe(false);
    expect(candleTradesComplete(11 * minute, minute, null)).toBe(false);
  });

  it('the anonymous window’s first candle is incomplete unless it opens exactly at the first trade', () => {
    const coverage = tradeCoverage({ completeFrom: null, boundsEnd: null, firstTrade: 3 * minute + 5, lastTrade: 9 * minute, dropped: false });
    expect(candleTradesComplete(3 * minute, minute, coverage)).toBe(false);
    expect(candleTradesComplete(4 * minute, minute, coverage)).toBe(true);
    expect(candleTradesComplete(8 * minute, minute, coverage)).toBe(true);
    // The candle of the last trade may still take trades.
    expect(candleTradesComplete(9 * minute, minute, coverage)).toBe(false);
  });
});

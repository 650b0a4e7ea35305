import { describe, expect, it } from 'vitest';
import type { FundingColumns, TradeColumns } from '../../../shared/contract/market-schemas.ts';
import { completeFrom, prependFunding, prependTrades } from '../../../renderer/src/views/workspace/history/series-history.ts';

function trades(times: number[], droppedUntil: number | null = null, cap = 10): TradeColumns {
  return { time: times, price: times.map((t) => t + 0.5), quantity: times.map(() => 1), side: times.map((t) => (t % 2 === 0 ? 1 : -1)), liquidation: times.map(() => 0), cap, truncated: droppedUntil !== null, droppedUntil };
}

function funding(times: number[], droppedUntil: number | null = null): FundingColumns {
  const values = times.map((t) => t / 1000);
  return { time: times, fundingRate: values, predictedFundingRate: values, premium: values.map(() => null), markPrice: values, indexPrice: values, openInterest: values, fundingTime: values.map(() => null), cap: 10, truncated: droppedUntil !== null, droppedUntil };
}

describe('series history', () => {
  it('a series is complete from the start it was asked for, or from just after what it left out', () => {
    expect(completeFrom({ truncated: false, droppedUntil: null }, 1000)).toBe(1000);
    expect(completeFrom({ truncated: true, droppedUntil: 4999 }, 1000)).toBe(5000);
  });

  it('puts older trades in front, row for row; the older load says what is still left out, the newer one the cap', () => {
    const joined = prependTrades(trades([1, 2], 0, 5), trades([5, 6, 7], 4));
    expect(joined).toEqual({ ...trades([1, 2, 5, 6, 7], 0), cap: 10 });
  });

  it('puts older funding in front, nulls kept', () => {
    expect(prependFunding(funding([1000]), funding([2000, 3000]))).toEqual(funding([1000, 2000, 3000]));
  });
});

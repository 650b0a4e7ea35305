import { describe, expect, it } from 'vitest';
import { costToTrade } from '../../../renderer/src/views/replay/cost-to-trade.ts';
import { aggregateLevels, type LadderLevel } from '../../../renderer/src/views/replay/ladder-levels.ts';

function levels(pairs: [number, number][]): LadderLevel[] {
  let cumulative = 0;
  return pairs.map(([price, size]) => ({ price, size, cumulative: (cumulative += size) }));
}

/**
 * A naive reference: the book in whole ticks (0.1) and whole lots (0.001) as BigInt, so the
 * walk is exact; answers the filled lots and the notional in tick·lots.
 */
function exactWalk(pairs: [number, number][], sizeLots: bigint): { filledLots: bigint; notional: bigint } {
  let left = sizeLots;
  let notional = 0n;
  for (const [price, size] of pairs) {
    const lots = BigInt(Math.round(size * 1000));
    const take = lots < left ? lots : left;
    notional += take * BigInt(Math.round(price * 10));
    left -= take;
    if (left === 0n) break;
  }
  return { filledLots: sizeLots - left, notional };
}

// BTCUSDT-like: the book, bid 98,464.7 / ask 98,464.8 (spread 0.1), mid 98,464.75.
const bidPairs: [number, number][] = [[98464.7, 0.5], [98462.3, 1.25], [98460.0, 2]];
const askPairs: [number, number][] = [[98464.8, 0.4], [98466.1, 0.75], [98471.5, 3]];
const mid = 98464.75;

describe('cost to trade, from the real levels', () => {
  it('walks the asks for a buy: 1 BTC = 0.4 × 98,464.8 + 0.6 × 98,466.1, hand-computed, in bps from the mid', () => {
    const cost = costToTrade(levels(askPairs), 1, mid, 'buy');
    // 0.4 × 98464.8 = 39385.92; 0.6 × 98466.1 = 59079.66; sum 98465.58.
    expect(cost).toMatchObject({ kind: 'filled', size: 1, levelsUsed: 2 });
    if (cost.kind !== 'filled') throw new Error('not filled');
    expect(cost.averagePrice).toBeCloseTo(98465.58, 8);
    expect(cost.costBps).toBeCloseTo(((98465.58 - mid) / mid) * 1e4, 8);
  });

  it('walks the bids for a sell, the cost counted below the mid (never 0 bps when the spread is 0.1)', () => {
    const cost = costToTrade(levels(bidPairs), 0.5, mid, 'sell');
    if (cost.kind !== 'filled') throw new Error('not filled');
    expect(cost.averagePrice).toBeCloseTo(98464.7, 8);
    expect(cost.costBps).toBeCloseTo((0.05 / mid) * 1e4, 8);
    expect(cost.costBps).toBeGreaterThan(0);
  });

  it('agrees with an exact reference walk in ticks and lots for every size up to the whole side', () => {
    for (let lots = 1n; lots <= 4150n; lots += 7n) {
      const reference = exactWalk(askPairs, lots);
      const cost = costToTrade(levels(askPairs), Number(lots) / 1000, mid, 'buy');
      if (cost.kind !== 'filled') throw new Error(`${lots} lots not filled`);
      expect(cost.averagePrice).toBeCloseTo(Number(reference.notional) / Number(reference.filledLots) / 10, 6);
    }
  });

  it('an order larger than the book says so and how much fills, and gives no average (1e14 BTC)', () => {
    const cost = costToTrade(levels(askPairs), 1e14, mid, 'buy');
    // The side holds 0.4 + 0.75 + 3 = 4.15 BTC.
    expect(cost).toEqual({ kind: 'larger-than-book', size: 1e14, filled: 4.15, levels: 3 });
    expect(costToTrade(levels(askPairs), 4.151, mid, 'buy').kind).toBe('larger-than-book');
    expect(costToTrade(levels(askPairs), 4.15, mid, 'buy').kind).toBe('filled');
  });

  it('a huge order that the book does hold keeps its exact average (no digits lost to size − left)', () => {
    const deep = levels([[100, 1e14], [101, 1e14]]);
    const cost = costToTrade(deep, 1e14 + 0.5, 100.5, 'buy');
    if (cost.kind !== 'filled') throw new Error('not filled');
    expect(cost.averagePrice).toBeGreaterThanOrEqual(100);
    expect(cost.averagePrice).toBeLessThanOrEqual(101);
  });

  it('is the same whatever aggregation the ladder shows: the ladder passes the real levels, not buckets', () => {
    const real = costToTrade(levels(bidPairs), 0.5, mid, 'sell');
    const bucketed = costToTrade(aggregateLevels(levels(bidPairs), 10, 'bid'), 0.5, mid, 'sell');
    // The bucket price 98,460 would claim a worse fill: the real one is 98,464.7.
    if (real.kind !== 'filled' || bucketed.kind !== 'filled') throw new Error('not filled');
    expect(real.averagePrice).not.toBe(bucketed.averagePrice);
    expect(real.averagePrice).toBeCloseTo(98464.7, 8);
  });

  it('names an empty side and a size that is not one', () => {
    expect(costToTrade([], 1, mid, 'buy')).toEqual({ kind: 'empty-side' });
    for (const size of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(costToTrade(levels(askPairs), size, mid, 'buy')).toEqual({ kind: 'no-size' });
  });

  it('leaves the bps out when the mid is unknown', () => {
    const cost = costToTrade(levels(askPairs), 0.1, null, 'buy');
    expect(cost).toMatchObject({ kind: 'filled', costBps: null });
  });
});

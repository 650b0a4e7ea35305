import type { LadderLevel } from './ladder-levels.ts';

/** What filling a size against one side of the book costs. */
export interface TradeCost {
  /** Size filled (less than asked when the shown levels run out). */
  filled: number;
  /** Volume-weighted average fill price; null when nothing fills. */
  averagePrice: number | null;
  /** How far the average is from the best price, in basis points of the best (always ≥ 0); null when nothing fills. */
  slippageBps: number | null;
  /** True when the shown levels do not hold the whole size. */
  exhausted: boolean;
}

/**
 * Walks the levels (best first) to fill `size`: a buy walks the asks, a sell the bids. Slippage is
 * measured against the side's best price, as the cost beyond touching the top of the book.
 */
export function costToTrade(levels: readonly LadderLevel[], size: number): TradeCost {
  const best = levels[0]?.price;
  if (best === undefined || !(size > 0)) return { filled: 0, averagePrice: null, slippageBps: null, exhausted: best === undefined && size > 0 };
  let left = size;
  let notional = 0;
  for (const level of levels) {
    if (left <= 0) break;
    const take = Math.min(left, level.size);
    notional += take * level.price;
    left -= take;
  }
  const filled = size - Math.max(0, left);
  if (filled <= 0) return { filled: 0, averagePrice: null, slippageBps: null, exhausted: true };
  const averagePrice = notional / filled;
  return { filled, averagePrice, slippageBps: (Math.abs(averagePrice - best) / best) * 1e4, exhausted: left > 1e-12 };
}

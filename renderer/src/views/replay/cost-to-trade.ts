import type { LadderLevel } from './ladder-levels.ts';

/** What filling a size against one side of the book costs, or why it cannot be told. */
export type TradeCost =
  /** No size asked (empty, zero, negative or not a number). */
  | { kind: 'no-size' }
  /** The side holds no level at all. */
  | { kind: 'empty-side' }
  /** The whole size fills within the side's levels. */
  | { kind: 'filled'; size: number; averagePrice: number; levelsUsed: number; costBps: number | null }
  /** The size is larger than every level of the side together: only `filled` would fill, so no average is given. */
  | { kind: 'larger-than-book'; size: number; filled: number; levels: number };

/**
 * Walks the real book levels of one side (best first: a buy walks the asks, a sell the bids) to
 * fill `size`. The cost is how far the average fill is from the mid, in basis points of the mid
 * (≥ 0 on a book that is not crossed: half the spread plus the walk); null when the mid is not
 * known. The filled size is summed from what each level gives, never taken as `size` − what is
 * left, which loses every digit below the size's precision when the size dwarfs the book.
 */
export function costToTrade(levels: readonly LadderLevel[], size: number, mid: number | null, side: 'buy' | 'sell'): TradeCost {
  if (!(size > 0) || !Number.isFinite(size)) return { kind: 'no-size' };
  if (levels.length === 0) return { kind: 'empty-side' };
  let filled = 0;
  let notional = 0;
  let levelsUsed = 0;
  for (const level of levels) {
    const want = size - filled;
    if (!(want > 0)) break;
    const take = Math.min(want, level.size);
    filled += take;
    notional += take * level.price;
    levelsUsed++;
  }
  // The side runs out when its levels hold less than the size (a relative tolerance: sums of sizes carry float dust).
  const total = levels.reduce((sum, level) => sum + level.size, 0);
  if (total < size * (1 - 1e-12)) return { kind: 'larger-than-book', size, filled: total, levels: levels.length };
  const averagePrice = notional / filled;
  const costBps = mid === null || !(mid > 0) ? null : ((side === 'buy' ? averagePrice - mid : mid - averagePrice) / mid) * 1e4;
  return { kind: 'filled', size, averagePrice, levelsUsed, costBps };
}

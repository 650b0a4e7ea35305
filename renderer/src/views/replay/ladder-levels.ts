import type { FrameLocation } from '../../../../shared/book/frame-index.ts';

/** One price level of a side, as the ladder shows it. */
export interface LadderLevel {
  price: number;
  size: number;
  /** Size of this level and every better one on its side. */
  cumulative: number;
}

/** Both sides of one frame, best first; levels past the book's depth are left out. */
export interface LadderSides {
  bids: LadderLevel[];
  asks: LadderLevel[];
}

function sideOf(prices: Float64Array, sizes: Float64Array, from: number, depth: number): LadderLevel[] {
  const levels: LadderLevel[] = [];
  let cumulative = 0;
  for (let i = 0; i < depth; i++) {
    const price = prices[from + i] ?? Number.NaN;
    const size = sizes[from + i] ?? Number.NaN;
    if (Number.isNaN(price) || Number.isNaN(size)) break;
    cumulative += size;
    levels.push({ price, size, cumulative });
  }
  return levels;
}

/** The levels of the frame at `at`, best first, with cumulative depth. */
export function ladderSides(at: FrameLocation): LadderSides {
  const from = at.f * at.depth;
  return {
    bids: sideOf(at.views.bidPrices, at.views.bidSizes, from, at.depth),
    asks: sideOf(at.views.askPrices, at.views.askSizes, from, at.depth),
  };
}

/**
 * Levels merged into buckets of `tick` (bids down to a multiple of the tick, asks up to one, so
 * no bucket straddles the spread), best first, with cumulative depth; `tick` ≤ 0 leaves them as
 * they are.
 */
export function aggregateLevels(levels: readonly LadderLevel[], tick: number, side: 'bid' | 'ask'): LadderLevel[] {
  if (!(tick > 0)) return [...levels];
  const buckets: LadderLevel[] = [];
  let cumulative = 0;
  for (const level of levels) {
    // Rounded through the tick count, so 0.1-style ticks do not leave float dust in the bucket price.
    const steps = level.price / tick;
    const nearest = Math.round(steps);
    const whole = Math.abs(steps - nearest) < 1e-9 ? nearest : side === 'bid' ? Math.floor(steps) : Math.ceil(steps);
    const price = Number((whole * tick).toPrecision(15));
    cumulative += level.size;
    const last = buckets[buckets.length - 1];
    if (last?.price === price) {
      last.size += level.size;
      last.cumulative = cumulative;
    } else buckets.push({ price, size: level.size, cumulative });
  }
  return buckets;
}

/** Prices whose size differs between two frames' side (new, gone or resized), for the change flash. */
export function changedPrices(previous: readonly LadderLevel[], next: readonly LadderLevel[]): Set<number> {
  const before = new Map(previous.map((level) => [level.price, level.size]));
  const changed = new Set<number>();
  for (const level of next) if (before.get(level.price) !== level.size) changed.add(level.price);
  return changed;
}

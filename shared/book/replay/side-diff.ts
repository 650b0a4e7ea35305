import type { BookSide, SideLevels } from '../book-side.ts';

/**
 * The delta that turns one side as it was (`before`, best first, flat `[price, size, ...]`) into
 * the side as it is now: every price whose size changed or that appeared, with its new size, and
 * every price that went, with size 0. Applying it to `before` gives `after` exactly. Both are
 * sorted best first, so this is one merge walk. `descending` is true for bids.
 */
export function sideDiff(before: SideLevels, after: BookSide, descending: boolean): Float64Array {
  const sign = descending ? -1 : 1;
  const out: number[] = [];
  const oldCount = before.length >> 1;
  const newCount = after.depth;
  let i = 0;
  let j = 0;
  while (i < oldCount || j < newCount) {
    const oldPrice = i < oldCount ? (before[2 * i] ?? Number.NaN) : Number.NaN;
    const newPrice = j < newCount ? after.priceAt(j) : Number.NaN;
    // Order along the side: a smaller key is nearer the best.
    const order = Number.isNaN(oldPrice) ? 1 : Number.isNaN(newPrice) ? -1 : sign * (oldPrice - newPrice);
    if (order < 0) {
      out.push(oldPrice, 0);
      i++;
    } else if (order > 0) {
      out.push(newPrice, after.sizeAt(j));
      j++;
    } else {
      const size = after.sizeAt(j);
      if (size !== (before[2 * i + 1] ?? Number.NaN)) out.push(newPrice, size);
      i++;
      j++;
    }
  }
  return Float64Array.from(out);
}

/**
 * The price step a book's levels sit on, read from one book: the most common gap between
 * adjacent levels of either side (ties to the smaller), so one odd level does not make the step
 * tiny. NaN when no side has two levels.
 */
export function levelStepOf(bids: SideLevels, asks: SideLevels): number {
  const counts = new Map<number, number>();
  for (const side of [bids, asks]) {
    for (let i = 2; i + 1 < side.length; i += 2) {
      const gap = Math.abs((side[i] ?? 0) - (side[i - 2] ?? 0));
      if (!(gap > 0)) continue;
      const key = Number(gap.toPrecision(10));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let step = Number.NaN;
  let best = 0;
  for (const [gap, count] of counts) {
    if (count > best || (count === best && gap < step)) {
      step = gap;
      best = count;
    }
  }
  return step;
}

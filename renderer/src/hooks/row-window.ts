/** Where each row of a list of known heights starts, and the total height. */
export interface RowLayout {
  /** `offsets[i]` is the top of row i; `offsets[count]` is the total height. */
  offsets: number[];
}

/** Lays out rows of the given heights (px) one under the other. */
export function layoutRows(heights: readonly number[]): RowLayout {
  const offsets = [0];
  let top = 0;
  for (const height of heights) {
    top += height;
    offsets.push(top);
  }
  return { offsets };
}

/** The index of the row that contains `y` (clamped to the rows), by binary search. */
export function rowAt(layout: RowLayout, y: number): number {
  const count = layout.offsets.length - 1;
  if (count <= 0) return 0;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((layout.offsets[mid] ?? 0) <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The rows to render for a viewport: from `start` (inclusive) to `end` (exclusive), with `overscan` extra rows on each side. */
export function visibleRows(layout: RowLayout, scrollTop: number, viewportHeight: number, overscan: number): { start: number; end: number } {
  const count = layout.offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const first = rowAt(layout, Math.max(0, scrollTop));
  const last = rowAt(layout, Math.max(0, scrollTop + viewportHeight - 1));
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) };
}

/** The scrollTop that brings row `index` fully into view with the least movement (the current one when it already is). */
export function scrollToShow(layout: RowLayout, index: number, scrollTop: number, viewportHeight: number): number {
  const top = layout.offsets[index];
  const bottom = layout.offsets[index + 1];
  if (top === undefined || bottom === undefined) return scrollTop;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.min(top, bottom - viewportHeight);
  return scrollTop;
}

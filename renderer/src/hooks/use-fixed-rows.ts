import { useCallback, useEffect, useState } from 'react';

// Windowing for lists whose rows all have one height (the trades tape): which rows to render
// comes straight from the scroll offset, so a render costs the rows shown, however many rows the
// list has and however often that number changes (a replay's tape grows every frame; a general
// virtualizer re-measured every row each time).

/** The rows to render, [first, last), with `overscan` rows beyond each edge of the viewport. */
export function fixedRowsWindow(scrollTop: number, viewport: number, count: number, rowHeight: number, overscan: number): { first: number; last: number } {
  if (count <= 0 || !(rowHeight > 0)) return { first: 0, last: 0 };
  // An offset past the end (the list just shrank, before the browser clamps it) shows the last rows.
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, count * rowHeight - viewport));
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((top + Math.max(0, viewport)) / rowHeight) + overscan);
  return { first: Math.min(first, last), last };
}

/** The scroll offset that brings row `index` into view, moving as little as possible (`scrollTop` when it is in view). */
export function scrollTopFor(index: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
  return scrollTop;
}

/** A fixed-height list's window over `scroller`. */
export interface FixedRows {
  first: number;
  last: number;
  totalHeight: number;
  /** Scrolls row `index` into view. */
  scrollToIndex: (index: number) => void;
}

/** Follows `scroller`'s scroll offset and height and answers the rows of `count` to render. */
export function useFixedRows(scroller: HTMLElement | null, count: number, rowHeight: number, overscan = 12): FixedRows {
  const [box, setBox] = useState({ top: 0, height: 0 });
  useEffect(() => {
    if (scroller === null) return;
    const read = (): void => setBox((current) => (current.top === scroller.scrollTop && current.height === scroller.clientHeight ? current : { top: scroller.scrollTop, height: scroller.clientHeight }));
    read();
    scroller.addEventListener('scroll', read, { passive: true });
    const observer = new ResizeObserver(read);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', read);
      observer.disconnect();
    };
  }, [scroller]);
  const scrollToIndex = useCallback(
    (index: number) => {
      if (scroller === null) return;
      scroller.scrollTo({ top: scrollTopFor(index, scroller.scrollTop, scroller.clientHeight, rowHeight) });
    },
    [scroller, rowHeight],
  );
  const { first, last } = fixedRowsWindow(box.top, box.height, count, rowHeight, overscan);
  return { first, last, totalHeight: count * rowHeight, scrollToIndex };
}

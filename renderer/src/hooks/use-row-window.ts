import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { layoutRows, scrollToShow, visibleRows, type RowLayout } from './row-window.ts';

/** A windowed list: the layout, and the rows to render. */
export interface RowWindow {
  layout: RowLayout;
  start: number;
  end: number;
  totalHeight: number;
}

/**
 * Renders only the rows in view of a list (the element `scrollerRef` names scrolls) whose row
 * heights are known in advance (each row's height is set from the same numbers), so thousands of
 * rows stay fast. Scrolls the row
 * `showIndex` into view whenever it changes.
 */
export function useRowWindow(scrollerRef: RefObject<HTMLDivElement | null>, heights: readonly number[], showIndex: number, overscan = 10): RowWindow {
  const [viewport, setViewport] = useState({ top: 0, height: 600 });
  const layout = useMemo(() => layoutRows(heights), [heights]);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller === null) return;
    const measure = (): void => setViewport({ top: scroller.scrollTop, height: scroller.clientHeight });
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [scrollerRef]);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller === null || showIndex < 0) return;
    const top = scrollToShow(layout, showIndex, scroller.scrollTop, scroller.clientHeight);
    if (top !== scroller.scrollTop) scroller.scrollTop = top;
  }, [layout, showIndex, scrollerRef]);
  const { start, end } = visibleRows(layout, viewport.top, viewport.height, overscan);
  return { layout, start, end, totalHeight: layout.offsets.at(-1) ?? 0 };
}

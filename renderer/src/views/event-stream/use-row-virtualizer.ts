import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useLayoutEffect, useReducer, useState, type RefObject } from 'react';

/**
 * A TanStack Virtual `Virtualizer` for a list of fixed-height rows in a scrolling element,
 * bound to React the way `useVirtualizer` binds it (one instance, options set each render,
 * mounted and updated in layout effects, a re-render when its range moves). The virtualizer's
 * methods read state it mutates, so the component must not be memoized: `use no memo` says so to
 * the React Compiler, should the build ever enable it.
 */
export function useRowVirtualizer(count: number, rowHeight: number, scroller: RefObject<HTMLDivElement | null>, overscan = 20): Virtualizer<HTMLDivElement, Element> {
  'use no memo';
  const [, rerender] = useReducer((renders: number) => renders + 1, 0);
  const options: VirtualizerOptions<HTMLDivElement, Element> = {
    count,
    overscan,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    onChange: () => rerender(),
  };
  const [virtualizer] = useState(() => new Virtualizer(options));
  virtualizer.setOptions(options);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return virtualizer;
}

import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useLayoutEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';

/** What a list gives the virtualizer; the scroll wiring for an element is filled in here. */
export type RowVirtualizerOptions = Omit<VirtualizerOptions<HTMLElement, Element>, 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'onChange'>;

/**
 * TanStack Virtual's `Virtualizer` over a scrolling element, bound to React: what
 * `useVirtualizer` does, written here because the React Compiler lint refuses that hook by name
 * (its instance changes inside, so memoized reads of it would go stale). This app does not run
 * the compiler, and this component re-renders on every change the virtualizer reports.
 */
export function useRowVirtualizer(options: RowVirtualizerOptions): Virtualizer<HTMLElement, Element> {
  'use no memo';
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const resolved: VirtualizerOptions<HTMLElement, Element> = {
    ...options,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    onChange: (_instance, sync) => {
      if (sync) flushSync(rerender);
      else rerender();
    },
  };
  const [virtualizer] = useState(() => new Virtualizer(resolved));
  virtualizer.setOptions(resolved);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return virtualizer;
}

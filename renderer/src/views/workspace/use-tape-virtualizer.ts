import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useLayoutEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';

/** What the tape gives the virtualizer; the scroll wiring for an element is filled in here. */
export type TapeVirtualizerOptions = Omit<VirtualizerOptions<HTMLDivElement, Element>, 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'onChange'>;

/**
 * TanStack Virtual's `Virtualizer` over the tape's scrolling element, bound to React as
 * `useVirtualizer` binds it. The React Compiler lint refuses `useVirtualizer` by name (the
 * instance mutates inside, so memoized reads would go stale); this app does not run the compiler,
 * and the tape re-renders on every change the virtualizer reports.
 */
export function useTapeVirtualizer(options: TapeVirtualizerOptions): Virtualizer<HTMLDivElement, Element> {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const resolved: VirtualizerOptions<HTMLDivElement, Element> = {
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

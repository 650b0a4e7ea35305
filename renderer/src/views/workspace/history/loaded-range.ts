import type { ResolvedRange } from '../../../navigation/time-range.ts';

/**
 * The range the main loads were made for (`base`), and how far back pan-back history reaches
 * (`from`): the view's range then reads `from` → the base's end, so the range inputs and the link
 * say what is loaded, while the main loads keep their query keys.
 */
export interface LoadedRange {
  base: ResolvedRange;
  /** The candle interval the history was loaded at (history at another one is not kept). */
  interval: string | null;
  from: number;
}

/**
 * The loaded range that the view's `range` continues, or a new one made for it: the same one while
 * the range is its base, or reaches from its history's start to its base's end. Any other range
 * (picked, typed) starts a new base.
 */
export function loadedRangeFor(range: ResolvedRange, held: LoadedRange | null): LoadedRange {
  if (held !== null) {
    const isBase = range.start === held.base.start && range.end === held.base.end && range.relative === held.base.relative;
    const reachesBack = !range.relative && range.start === held.from && range.end === held.base.end;
    if (isBase || reachesBack) return held;
  }
  return { base: range, interval: null, from: range.start };
}

/**
 * The loaded range at the interval shown: history loaded at another interval is not kept, so the
 * view's whole range becomes the new base (loaded at once at the new interval).
 */
export function atInterval(loaded: LoadedRange, interval: string | null, range: ResolvedRange): LoadedRange {
  if (loaded.interval === interval) return loaded;
  if (loaded.interval === null) return { ...loaded, interval };
  return { base: range, interval, from: range.start };
}

/** The loaded range reaching back to `from` (history loaded), and the view parameters that say so. */
export function extendedTo(held: LoadedRange, from: number): { loaded: LoadedRange; params: { start: number; end: number; span: undefined } } {
  const reach = Math.min(held.from, from);
  return { loaded: { ...held, from: reach }, params: { start: reach, end: held.base.end, span: undefined } };
}

import { useState } from 'react';
import type { ViewId } from '../../../shared/settings.ts';
import { resolveRange, type ResolvedRange } from '../navigation/time-range.ts';
import { useUiStore, useViewParams, type ViewParamsPatch } from '../stores/ui-store.ts';

/** A view's range, resolved against a clock reading that moves only when the user asks. */
export interface AnchoredRange {
  range: ResolvedRange;
  /** The clock reading a relative span ends at. */
  anchor: number;
  /** Applies a new span or bounds (and any other change that goes with it) to the view's parameters, ending a span now. */
  changeRange: (patch: ViewParamsPatch) => void;
  /** Loads a relative span again, ending now. */
  refresh: () => void;
}

/**
 * The range a view's parameters name, resolved once and kept until the user changes it or
 * refreshes, so the query key (and what is on screen) does not move every time the clock ticks.
 */
export function useAnchoredRange(view: ViewId, defaultSpan: string): AnchoredRange {
  const params = useViewParams(view);
  const setParams = useUiStore((state) => state.setParams);
  const [anchor, setAnchor] = useState(() => Date.now());
  return {
    range: resolveRange(params, anchor, defaultSpan),
    anchor,
    changeRange: (patch) => {
      setAnchor(Date.now());
      setParams(view, patch);
    },
    refresh: () => setAnchor(Date.now()),
  };
}

import { candleIndexAt } from './trade-markers.ts';

// Where a pane below the chart puts the crosshair of the candle hovered above it. The chart
// library places a crosshair set from outside at the nearest time it holds and then inside the
// bars in view, so a candle a pane does not hold (activity bars run on trades, which may reach
// past the last candle or funding observation), or one out of its view, would put it on another
// candle than the one the pane's header names. Such a candle gets no crosshair at all.

/**
 * The index in `times` (ascending, the pane's own time points) of the candle opening at `time`,
 * when the pane holds that very time and it lies in `visible` (the pane's visible logical range,
 * null when unknown); else null: the crosshair is cleared rather than drawn on another candle.
 */
export function crosshairSlot(times: readonly number[], time: number, visible: { from: number; to: number } | null): number | null {
  const index = candleIndexAt(times, time);
  if (index < 0 || times[index] !== time) return null;
  if (visible !== null && (index < Math.ceil(visible.from - 0.5) || index > Math.floor(visible.to + 0.5))) return null;
  return index;
}

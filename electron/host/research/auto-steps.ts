/** Re-exported for the callers of this module's steps. */
export { niceAtOrAbove } from '../../../shared/research/nice-number.ts';
import { dayMs } from '../../../shared/time/time-units.ts';
/** Steps of time series the panels choose from, ms: 10 ms to 1 day. */
const timeSteps = [10, 25, 50, 100, 250, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 21_600_000, 43_200_000, dayMs];

/** The smallest step of the list that cuts `spanMs` into at most `count` pieces (the largest when none does). */
export function timeStepFor(spanMs: number, count: number, atLeastMs = 0): number {
  const wanted = Math.max(atLeastMs, spanMs / Math.max(1, count));
  return timeSteps.find((step) => step >= wanted) ?? dayMs;
}


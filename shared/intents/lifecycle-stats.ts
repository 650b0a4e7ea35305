import type { IntentLifecycle } from './intent-lifecycles.ts';
import { filterStatusOf } from './status-filter.ts';

/** How a set of lifecycles settled: how many have a submit-to-settle time, and its median. */
export interface SettleStats {
  lifecycles: number;
  /** Lifecycles with a submit-to-settle time (settled or filled, their submit observed). */
  timed: number;
  /** Median submit-to-settle time in ms (the mean of the two middle values for an even count); null when none is timed. */
  medianMs: number | null;
}

/** Settle statistics of a set of lifecycles (those without a submit-to-settle time are not counted in the median). */
export function settleStats(lifecycles: readonly Pick<IntentLifecycle, 'submitToSettleMs'>[]): SettleStats {
  const times = lifecycles.map((lifecycle) => lifecycle.submitToSettleMs).filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const upper = times[middle];
  const lower = times[middle - 1];
  const medianMs = upper === undefined ? null : times.length % 2 === 1 || lower === undefined ? upper : (lower + upper) / 2;
  return { lifecycles: lifecycles.length, timed: times.length, medianMs };
}

/** The summary line's figures of a set of lifecycles. */
export interface LifecycleSummary extends SettleStats {
  observations: number;
  /** Lifecycles whose current status is `settled`: the same count as the "settled" status chip. */
  settled: number;
}

/** The figures the intents view sums up: lifecycles, observations, settled ones (counted as the status chips count them) and the settle times. */
export function lifecycleSummary(lifecycles: readonly Pick<IntentLifecycle, 'submitToSettleMs' | 'currentStatus' | 'observations'>[]): LifecycleSummary {
  return {
    ...settleStats(lifecycles),
    observations: lifecycles.reduce((sum, lifecycle) => sum + lifecycle.observations.length, 0),
    settled: lifecycles.filter((lifecycle) => filterStatusOf(lifecycle) === 'settled').length,
  };
}

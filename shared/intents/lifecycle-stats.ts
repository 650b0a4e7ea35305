import type { IntentLifecycle } from './intent-lifecycles.ts';

/** How a set of lifecycles settled: how many did, and the median time from submit to settle. */
export interface SettleStats {
  lifecycles: number;
  /** Lifecycles with a submit-to-settle time. */
  settled: number;
  /** Median submit-to-settle time in ms (the mean of the two middle values for an even count); null when none settled. */
  medianMs: number | null;
}

/** Settle statistics of a set of lifecycles (those without a submit-to-settle time are not counted in the median). */
export function settleStats(lifecycles: readonly Pick<IntentLifecycle, 'submitToSettleMs'>[]): SettleStats {
  const times = lifecycles.map((lifecycle) => lifecycle.submitToSettleMs).filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const upper = times[middle];
  const lower = times[middle - 1];
  const medianMs = upper === undefined ? null : times.length % 2 === 1 || lower === undefined ? upper : (lower + upper) / 2;
  return { lifecycles: lifecycles.length, settled: times.length, medianMs };
}

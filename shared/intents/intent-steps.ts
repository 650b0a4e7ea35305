import type { IntentRow } from '../rows/intent-row.ts';

/** Consecutive observations that say the same thing, shown once with a count (repeat polls collapsed). */
export interface IntentStep {
  /** The first observation of the run; the others repeat its status, assets, amounts and quote. */
  observation: IntentRow;
  status: string | null;
  /** How many observations the step stands for (×N). */
  count: number;
  /** Collector time of the first and the last observation of the run. */
  firstSeen: number;
  lastSeen: number;
}

/** The fields that make two consecutive observations one step: status, both sides' assets and amounts, the quoted amounts and the quote. */
const sameness = [
  'status',
  'input_asset_id',
  'input_chain_id',
  'input_amount',
  'output_asset_id',
  'output_chain_id',
  'output_amount',
  'quoted_input_amount',
  'quoted_output_amount',
  'quote_id',
] as const satisfies readonly (keyof IntentRow)[];

function sameStep(a: IntentRow, b: IntentRow): boolean {
  // An absent field and a null one both mean "not supplied" (the row guards allow either).
  return sameness.every((field) => (a[field] ?? null) === (b[field] ?? null));
}

/**
 * Collapses a lifecycle's observations (already in collector-time order) into steps: a run of
 * consecutive observations with the same status, assets, amounts and quote becomes one step
 * with its count and first and last time. A change in any of them starts a new step, and so
 * does a return to an earlier state after a different one.
 */
export function collapseRepeatPolls(observations: readonly IntentRow[]): IntentStep[] {
  const steps: IntentStep[] = [];
  for (const observation of observations) {
    const last = steps.at(-1);
    if (last !== undefined && sameStep(last.observation, observation)) {
      last.count += 1;
      last.lastSeen = observation.collector_timestamp;
    } else {
      steps.push({
        observation,
        status: observation.status ?? null,
        count: 1,
        firstSeen: observation.collector_timestamp,
        lastSeen: observation.collector_timestamp,
      });
    }
  }
  return steps;
}

import type { IntentStep } from '../../../../shared/intents/intent-steps.ts';

/** What to call a step without a status: `quoted` when it carries a quote (an RFQ answer), else `no status`. */
export function statuslessLabel(step: Pick<IntentStep, 'observation'>): string {
  const row = step.observation;
  return (row.quote_id ?? row.quoted_output_amount ?? row.quoted_input_amount ?? null) !== null ? 'quoted' : 'no status';
}

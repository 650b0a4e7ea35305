import type { IntentRecord } from '../../snapshot/records.ts';
import type { IntentRow } from '../intent-row.ts';
import { rowBase, type RowContext } from './row-context.ts';
import { hasFields } from '../../guards/object-fields.ts';

interface AssetAmount {
  asset_id?: unknown;
  chain_id?: unknown;
  amount?: unknown;
}

function assets(value: unknown): AssetAmount[] {
  return Array.isArray(value) ? value.filter(hasFields) : [];
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function integer(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/**
 * The spec 2.7 row of an intent observation, or null for a multi-asset observation (only
 * pair-shaped observations are stored; rows with missing assets are kept, with nulls).
 */
export function intentRowOf(context: RowContext, record: IntentRecord): IntentRow | null {
  const data = record.data;
  const inputs = assets(data['inputs']);
  const outputs = assets(data['outputs']);
  if (inputs.length > 1 || outputs.length > 1) return null;
  const input = inputs[0];
  const output = outputs[0];
  const quote = hasFields(data['quote']) ? data['quote'] : {};
  const response = assets(quote['response']);
  const quotedOutput = response.find((item) => output !== undefined && item.asset_id === output.asset_id) ?? response[0];
  const quotedInput = response.find((item) => input !== undefined && item.asset_id === input.asset_id);
  const base = rowBase(context, record);
  return {
    event_id: base.event_id,
    source: base.source,
    market: base.market,
    source_capture_id: base.source_capture_id,
    collector_timestamp: base.collector_timestamp,
    schema_version: base.schema_version,
    exchange_timestamp: base.exchange_timestamp,
    instrument: base.instrument,
    expires_at: integer(data['expires_at']),
    settled_at: integer(data['settled_at']),
    amount_kind: text(data['amount_kind']),
    input_amount: text(input?.amount),
    input_asset_id: text(input?.asset_id),
    input_chain_id: text(input?.chain_id),
    output_amount: text(output?.amount),
    output_asset_id: text(output?.asset_id),
    output_chain_id: text(output?.chain_id),
    quoted_input_amount: quotedInput === undefined ? null : text(quotedInput.amount),
    quoted_output_amount: quotedOutput === undefined ? null : text(quotedOutput.amount),
    intent_id: text(data['intent_id']),
    quote_id: text(quote['quote_id']),
    rfq_id: text(data['rfq_id']),
    status: text(data['status']),
  };
}

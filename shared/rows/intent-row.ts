/** An intent observation row (spec 2.7). Rows are observations, not a lifecycle state. */
export interface IntentRow {
  event_id: string;
  source: string;
  market: string;
  source_capture_id: string;
  collector_timestamp: number;
  schema_version: number;
  exchange_timestamp: number | null;
  expires_at: number | null;
  settled_at: number | null;
  amount_kind: string | null;
  input_amount: string | null;
  input_asset_id: string | null;
  input_chain_id: string | null;
  output_amount: string | null;
  output_asset_id: string | null;
  output_chain_id: string | null;
  quoted_input_amount: string | null;
  quoted_output_amount: string | null;
  instrument: string | null;
  intent_id: string | null;
  quote_id: string | null;
  rfq_id: string | null;
  status: string | null;
}

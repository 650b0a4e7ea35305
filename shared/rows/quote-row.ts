/** A quote point row (spec 2.8); one `observation_id` groups the points of one ladder. */
export interface QuoteRow {
  amount_kind: string;
  block_hash: string;
  event_id: string;
  input_amount: string;
  input_asset_id: string;
  input_chain_id: string;
  instrument: string;
  market: string;
  observation_id: string;
  output_amount: string;
  output_asset_id: string;
  output_chain_id: string;
  router: string;
  source: string;
  source_capture_id: string;
  transaction_hash: string;
  block_number: number;
  collector_timestamp: number;
  input_decimals: number;
  output_decimals: number;
  schema_version: number;
  transaction_index: number;
  exchange_timestamp: number | null;
  oracle: string | null;
  pool: string | null;
}

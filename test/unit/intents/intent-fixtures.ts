import type { IntentRow } from '../../../shared/rows/intent-row.ts';

let serial = 0;

/** An intent observation with every optional field null, overridden by `fields`. */
export function observation(collector: number, fields: Partial<IntentRow> = {}): IntentRow {
  serial += 1;
  return {
    event_id: `ev-${serial}`,
    source: 'uniswapx',
    market: 'intents',
    source_capture_id: 'cap',
    collector_timestamp: collector,
    schema_version: 2,
    exchange_timestamp: null,
    expires_at: null,
    settled_at: null,
    amount_kind: null,
    input_amount: null,
    input_asset_id: null,
    input_chain_id: null,
    output_amount: null,
    output_asset_id: null,
    output_chain_id: null,
    quoted_input_amount: null,
    quoted_output_amount: null,
    instrument: null,
    intent_id: null,
    quote_id: null,
    rfq_id: null,
    status: null,
    ...fields,
  };
}

/** The WETH → USDC pair of the fixtures, with amounts in smallest units. */
export const wethIn = { input_asset_id: 'eip155:1/erc20:0xc02a', input_chain_id: 'eip155:1', input_amount: '1500000000000000000' };
export const usdcOut = { output_asset_id: 'eip155:1/erc20:0xa0b8', output_chain_id: 'eip155:1', output_amount: '4485000000' };

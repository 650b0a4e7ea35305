import type { QuoteRow } from '../../../shared/rows/quote-row.ts';

/** Token addresses of the fixtures (asset ids as the service writes them). */
export const weth = 'eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
export const usdc = 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

/** One quote point of a WETH (18) → USDC (6) exact-input ladder, overridden by `fields`. */
export function point(observationId: string, amountIn: string, amountOut: string, fields: Partial<QuoteRow> = {}): QuoteRow {
  return {
    amount_kind: 'exact_input',
    block_hash: '0xblock',
    event_id: `${observationId}:${amountIn}`,
    input_amount: amountIn,
    input_asset_id: weth,
    input_chain_id: 'eip155:1',
    instrument: 'WETH/USDC',
    market: 'ethereum',
    observation_id: observationId,
    output_amount: amountOut,
    output_asset_id: usdc,
    output_chain_id: 'eip155:1',
    router: '0xrouter',
    source: 'fermiswap',
    source_capture_id: 'cap',
    transaction_hash: '0xtx',
    block_number: 21_000_000,
    collector_timestamp: 1_700_000_000_000,
    input_decimals: 18,
    output_decimals: 6,
    schema_version: 2,
    transaction_index: 7,
    exchange_timestamp: null,
    oracle: null,
    pool: null,
    ...fields,
  };
}

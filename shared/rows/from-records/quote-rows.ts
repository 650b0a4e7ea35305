import type { QuoteLadderRecord } from '../../snapshot/records.ts';
import type { QuoteRow } from '../quote-row.ts';
import { rowBase, type RowContext } from './row-context.ts';

/** CAIP-style chain id for an EVM chain number. */
export function chainIdOf(chain: number): string {
  return `eip155:${chain}`;
}

/** CAIP-style asset id of an ERC-20 token on a chain. */
export function assetIdOf(chain: number, token: string): string {
  return `eip155:${chain}/erc20:${token}`;
}

/** The `instrument` of a ladder's quote points: the record's, else `token_in/token_out`. */
export function quoteInstrumentOf(record: QuoteLadderRecord): string {
  return record.instrument ?? `${record.values.token_in}/${record.values.token_out}`;
}

/**
 * The spec 2.8 quote points of one ladder: one row per quote, grouped by `observation_id` (the
 * ladder's deterministic event id). Amounts stay exact decimal strings.
 */
export function quoteRowsOf(context: RowContext, record: QuoteLadderRecord): QuoteRow[] {
  const values = record.values;
  const inputAsset = assetIdOf(values.chain_id, values.token_in);
  const outputAsset = assetIdOf(values.chain_id, values.token_out);
  return values.quotes.map((quote, index) => {
    const base = rowBase(context, record, index);
    return {
      amount_kind: 'exact_input',
      block_hash: values.block_hash,
      event_id: base.event_id,
      input_amount: quote.amount_in,
      input_asset_id: inputAsset,
      input_chain_id: chainIdOf(values.chain_id),
      instrument: quoteInstrumentOf(record),
      market: base.market,
      observation_id: values.event_id,
      output_amount: quote.amount_out,
      output_asset_id: outputAsset,
      output_chain_id: chainIdOf(values.chain_id),
      router: values.router,
      source: base.source,
      source_capture_id: base.source_capture_id,
      transaction_hash: values.transaction_hash,
      block_number: values.block_number,
      collector_timestamp: base.collector_timestamp,
      input_decimals: values.token_in_decimals,
      output_decimals: values.token_out_decimals,
      schema_version: base.schema_version,
      transaction_index: values.transaction_index,
      exchange_timestamp: base.exchange_timestamp,
      oracle: values.oracle,
      pool: values.pool ?? null,
    };
  });
}

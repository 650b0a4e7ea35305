import { l2Slots, type L2Row } from './l2-row.ts';
import { isJsonObject } from '../guards/object-fields.ts';
import type { CandleRow } from './candle-row.ts';
import type { FundingRow, LatestFundingRow } from './funding-row.ts';
import type { IntentRow } from './intent-row.ts';
import { optionTickerDecimalFields, type OptionTickerRow } from './option-ticker-row.ts';
import type { QuoteRow } from './quote-row.ts';
import type { TradeRow } from './trade-row.ts';
import {
  bool,
  decimalOrNull,
  guardOf,
  int,
  notAnObject,
  intOrNull,
  num,
  numOrNull,
  optionalBoolOrNull,
  optionalDecimalOrNull,
  optionalIntOrNull,
  optionalNumOrNull,
  optionalOneOf,
  optionalTextOrNull,
  schemaVersion,
  text,
  textOrNull,
  type FieldRule,
  type RowGuard,
} from './field-rules.ts';

/** The spec 2.1 envelope; `instrument` is checked per kind (required in option and quote rows). */
function envelope(instrument: FieldRule): FieldRule[] {
  return [
    text('event_id'),
    text('source'),
    text('market'),
    instrument,
    int('collector_timestamp'),
    intOrNull('exchange_timestamp'),
    text('source_capture_id'),
    schemaVersion('schema_version'),
  ];
}

/** Trade rows (spec 2.2). */
export const isTradeRow: RowGuard<TradeRow> = guardOf([
  ...envelope(optionalTextOrNull('instrument')),
  num('price'),
  num('quantity'),
  optionalOneOf('side', ['buy', 'sell']),
  optionalTextOrNull('order_id'),
  optionalTextOrNull('maker'),
  optionalTextOrNull('taker'),
  optionalBoolOrNull('liquidation'),
]);

const l2Envelope = guardOf([...envelope(textOrNull('instrument')), bool('source_event_is_snapshot')]);
const l2LevelFields: readonly string[] = l2Slots.flatMap((slot) => [slot.bidPx, slot.bidSz, slot.askPx, slot.askSz]);
const levelExpected = numOrNull('level').expected;

/**
 * L2 rows (spec 2.3 and field notes): `instrument` and every level field present, each a finite
 * number or null. The 100 level fields are checked in one tight loop (`v - v === 0` is true
 * exactly for finite numbers), which keeps a 1000-row page well inside its time budget.
 */
export const isL2Row: RowGuard<L2Row> = (value: unknown) => {
  if (!isJsonObject(value)) return notAnObject;
  const problem = l2Envelope(value);
  if (problem !== null) return problem;
  for (const field of l2LevelFields) {
    const level = value[field];
    if (level !== null && (typeof level !== 'number' || level - level !== 0)) return { field, expected: levelExpected };
  }
  return null;
};

const fundingRules: FieldRule[] = [
  ...envelope(optionalTextOrNull('instrument')),
  decimalOrNull('funding_rate'),
  decimalOrNull('predicted_funding_rate'),
  decimalOrNull('premium'),
  intOrNull('funding_timestamp'),
];

/** Funding rows, historical variant (spec 2.4). */
export const isFundingRow: RowGuard<FundingRow> = guardOf(fundingRules);

/** Funding rows, latest-hour variant (`/funding-rates`, `/perpetual-ticker`): mark, index and open interest when published. */
export const isLatestFundingRow: RowGuard<LatestFundingRow> = guardOf([
  ...fundingRules,
  optionalDecimalOrNull('mark_price'),
  optionalDecimalOrNull('index_price'),
  optionalDecimalOrNull('open_interest'),
]);

/** Option ticker rows (spec 2.5): a required instrument, decimals as strings or null. */
export const isOptionTickerRow: RowGuard<OptionTickerRow> = guardOf([
  ...envelope(text('instrument')),
  intOrNull('expiry_timestamp'),
  textOrNull('underlying'),
  optionalOneOf('option_type', ['call', 'put']),
  textOrNull('premium_currency'),
  textOrNull('quantity_unit'),
  ...optionTickerDecimalFields.map((field) => decimalOrNull(field)),
]);

/** Candle rows (spec 2.6). */
export const isCandleRow: RowGuard<CandleRow> = guardOf([
  text('event_id'),
  text('source'),
  text('market'),
  text('interval'),
  text('source_capture_id'),
  optionalTextOrNull('instrument'),
  int('collector_timestamp'),
  int('open_timestamp'),
  schemaVersion('schema_version'),
  num('open'),
  num('high'),
  num('low'),
  num('close'),
  optionalIntOrNull('exchange_timestamp'),
  optionalIntOrNull('close_timestamp'),
  optionalNumOrNull('base_volume'),
  optionalNumOrNull('quote_volume'),
  optionalIntOrNull('trade_count'),
  optionalBoolOrNull('is_closed'),
]);

/** Intent rows (spec 2.7): observations, all but the envelope nullable. */
export const isIntentRow: RowGuard<IntentRow> = guardOf([
  text('event_id'),
  text('source'),
  text('market'),
  text('source_capture_id'),
  int('collector_timestamp'),
  schemaVersion('schema_version'),
  optionalIntOrNull('exchange_timestamp'),
  optionalIntOrNull('expires_at'),
  optionalIntOrNull('settled_at'),
  ...[
    'amount_kind', 'input_amount', 'input_asset_id', 'input_chain_id', 'output_amount', 'output_asset_id', 'output_chain_id',
    'quoted_input_amount', 'quoted_output_amount', 'instrument', 'intent_id', 'quote_id', 'rfq_id', 'status',
  ].map((field) => optionalTextOrNull(field)),
]);

/** Quote point rows (spec 2.8): amounts are decimal strings up to 2^256 − 1, never numbers. */
export const isQuoteRow: RowGuard<QuoteRow> = guardOf([
  ...[
    'amount_kind', 'block_hash', 'event_id', 'input_amount', 'input_asset_id', 'input_chain_id', 'instrument', 'market', 'observation_id',
    'output_amount', 'output_asset_id', 'output_chain_id', 'router', 'source', 'source_capture_id', 'transaction_hash',
  ].map((field) => text(field)),
  int('block_number'),
  int('collector_timestamp'),
  int('input_decimals'),
  int('output_decimals'),
  schemaVersion('schema_version'),
  int('transaction_index'),
  optionalIntOrNull('exchange_timestamp'),
  optionalTextOrNull('oracle'),
  optionalTextOrNull('pool'),
]);

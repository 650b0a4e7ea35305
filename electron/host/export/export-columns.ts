/**
 * The exported table's columns (docs/export-columns.md is the user's copy of this list). Every
 * row carries the envelope; each record type adds its own typed columns, and columns with one
 * meaning (`price`, `side`, `series`, the ticker prices, …) are shared between types. Exporting
 * several types gives one table whose columns are the union, with the type's columns null in
 * the other types' rows.
 */

import { perpetualDecimalFields } from '../../../shared/snapshot/records.ts';
import { isOneOf } from '../../../shared/guards/one-of.ts';

/** How a column is typed: in Parquet (INT64, INT64 TIMESTAMP(MILLIS, UTC), INT32, DOUBLE, UTF8, BOOLEAN) and in CSV text. */
export type ColumnKind = 'int64' | 'timestamp' | 'int32' | 'float64' | 'string' | 'bool';

/** One output column. */
export interface ExportColumn {
  name: string;
  kind: ColumnKind;
  /** Never null (the envelope's own fields). */
  required: boolean;
}

/** Record types a user can export (`types` filter values); `unknown` collects types this version does not know. */
export const exportRecordTypes = [
  'trade',
  'orderbook',
  'point',
  'perpetual_ticker',
  'option_ticker',
  'intent',
  'quote_ladder',
  'record',
  'unknown',
] as const;

/** A record type a user can export. */
export type ExportRecordType = (typeof exportRecordTypes)[number];

const column = (name: string, kind: ColumnKind, required = false): ExportColumn => ({ name, kind, required });
const strings = (...names: string[]): ExportColumn[] => names.map((name) => column(name, 'string'));

/** Columns every row carries, first. */
export const envelopeColumns: readonly ExportColumn[] = [
  column('event_index', 'int64', true),
  column('collector_timestamp', 'timestamp', true),
  column('collector_sequence', 'int64'),
  column('exchange_timestamp', 'timestamp'),
  column('exchange_sequence', 'string'),
  column('source', 'string', true),
  column('market', 'string', true),
  column('instrument', 'string'),
  column('type', 'string', true),
];


/** Decimal-string fields of option tickers (greeks read from `greeks` first), in file names. */
export const optionDecimalFields = [
  'strike',
  'bid_price',
  'ask_price',
  'last_price',
  'mark_price',
  'index_price',
  'underlying_price',
  'forward_price',
  'bid_size',
  'ask_size',
  'open_interest',
  'volume_24h',
  'turnover_24h',
  'bid_iv',
  'ask_iv',
  'mark_iv',
  'delta',
  'gamma',
  'vega',
  'theta',
  'rho',
] as const;

/** The greeks, which option tickers nest under `greeks`. */
export const greekFields: ReadonlySet<string> = new Set(['delta', 'gamma', 'vega', 'theta', 'rho']);

/** Each type's own columns, in output order. */
export const typeColumns: Record<ExportRecordType, readonly ExportColumn[]> = {
  trade: [column('price', 'float64'), column('quantity', 'float64'), ...strings('side', 'order_id', 'maker', 'taker'), column('liquidation', 'bool')],
  orderbook: [column('is_snapshot', 'bool'), column('side', 'string'), column('level', 'int32'), column('price', 'float64'), column('quantity', 'float64')],
  point: strings('series', 'value'),
  perpetual_ticker: [...strings(...perpetualDecimalFields), column('funding_timestamp', 'timestamp')],
  option_ticker: [
    column('expiry_timestamp', 'timestamp'),
    ...strings('underlying', 'option_type', 'premium_currency', 'quantity_unit', ...optionDecimalFields),
  ],
  intent: [...strings('intent_id', 'rfq_id', 'status', 'amount_kind'), column('expires_at', 'int64'), column('settled_at', 'int64'), column('data_json', 'string')],
  quote_ladder: [
    column('event_id', 'string'),
    column('chain_id', 'int64'),
    column('block_number', 'int64'),
    ...strings('block_hash', 'parent_hash', 'transaction_hash'),
    column('transaction_index', 'int64'),
    ...strings('router', 'oracle', 'pool', 'token_in', 'token_out'),
    column('token_in_decimals', 'int32'),
    column('token_out_decimals', 'int32'),
    column('quote_index', 'int32'),
    ...strings('amount_in', 'amount_out'),
  ],
  record: strings('series', 'values_json'),
  unknown: strings('data_json'),
};

/** Whether `name` is a type a user can export. */
export function isExportRecordType(name: string): name is ExportRecordType {
  return isOneOf(exportRecordTypes, name);
}

/**
 * The table's columns for a set of record types: the envelope, then each type's columns in
 * `exportRecordTypes` order, a shared name once.
 */
export function exportColumnsFor(types: ReadonlySet<ExportRecordType>): ExportColumn[] {
  const columns = [...envelopeColumns];
  const seen = new Set(columns.map((entry) => entry.name));
  for (const type of exportRecordTypes) {
    if (!types.has(type)) continue;
    for (const entry of typeColumns[type]) {
      if (seen.has(entry.name)) continue;
      seen.add(entry.name);
      columns.push(entry);
    }
  }
  return columns;
}

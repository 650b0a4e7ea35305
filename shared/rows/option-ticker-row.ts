import type { DecimalString, TypedRowBase } from './common.ts';

/** The decimal-string fields of an option ticker row (spec 2.5), all nullable. */
export const optionTickerDecimalFields = [
  'strike', 'bid_price', 'ask_price', 'last_price', 'mark_price', 'index_price', 'underlying_price', 'forward_price',
  'bid_size', 'ask_size', 'open_interest', 'volume_24h', 'turnover_24h',
  'bid_iv', 'ask_iv', 'mark_iv', 'delta', 'gamma', 'vega', 'theta', 'rho',
] as const;

/** One decimal-string field of an option ticker row. */
export type OptionTickerDecimalField = (typeof optionTickerDecimalFields)[number];

/** An option ticker row (spec 2.5); `instrument` is a required string. */
export type OptionTickerRow = TypedRowBase & {
  instrument: string;
  expiry_timestamp: number | null;
  underlying: string | null;
  option_type: 'call' | 'put' | null;
  premium_currency: string | null;
  quantity_unit: string | null;
} & Record<OptionTickerDecimalField, DecimalString | null>;

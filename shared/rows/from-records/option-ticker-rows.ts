import type { OptionTickerRecord } from '../../snapshot/records.ts';
import { optionTickerDecimalFields, type OptionTickerRow } from '../option-ticker-row.ts';
import { rowBase, type RowContext } from './row-context.ts';
import { recordOfKeys } from '../../guards/record-of-keys.ts';

const greekFields = new Set(['delta', 'gamma', 'vega', 'theta', 'rho']);

function decimalOrNull(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The spec 2.5 row of an option ticker, or null when the record names no instrument. */
export function optionTickerRowOf(context: RowContext, record: OptionTickerRecord): OptionTickerRow | null {
  if (record.instrument === null) return null;
  const data = record.data;
  const greeks = data.greeks ?? {};
  const decimals = recordOfKeys(optionTickerDecimalFields, (field) => decimalOrNull(greekFields.has(field) ? (greeks[field] ?? data[field]) : data[field]));
  const optionType = data['option_type'];
  const expiry = data['expiry_timestamp'];
  return {
    ...rowBase(context, record),
    instrument: record.instrument,
    expiry_timestamp: typeof expiry === 'number' ? expiry : null,
    underlying: stringOrNull(data['underlying']),
    option_type: optionType === 'call' || optionType === 'put' ? optionType : null,
    premium_currency: stringOrNull(data['premium_currency']),
    quantity_unit: stringOrNull(data['quantity_unit']),
    ...decimals,
  };
}

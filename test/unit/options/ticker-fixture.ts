import { optionTickerDecimalFields, type OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';

/** Observation time of the fixture tickers: 2026-01-01 00:00 UTC. */
export const observedAt = Date.UTC(2026, 0, 1);

/** Exactly one 365-day year after `observedAt`, so Black–Scholes runs with T = 1. */
export const oneYearLater = observedAt + 365 * 24 * 3_600_000;

/** An option ticker with every optional field null, then `fields` written over it. */
export function ticker(instrument: string, fields: Partial<OptionTickerRow> = {}): OptionTickerRow {
  const decimals = Object.fromEntries(optionTickerDecimalFields.map((field) => [field, null])) as Record<(typeof optionTickerDecimalFields)[number], null>;
  return {
    event_id: `e-${instrument}-${String(fields.collector_timestamp ?? observedAt)}`,
    source: 'deribit',
    market: 'BTC',
    instrument,
    collector_timestamp: observedAt,
    exchange_timestamp: null,
    source_capture_id: 'capture-1',
    schema_version: 2,
    expiry_timestamp: null,
    underlying: null,
    option_type: null,
    premium_currency: null,
    quantity_unit: null,
    ...decimals,
    ...fields,
  };
}

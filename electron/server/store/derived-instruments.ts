import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import { optionTickerRowOf } from '../../../shared/rows/from-records/option-ticker-rows.ts';
import { contractTermsOf } from '../../../shared/options/contract-terms.ts';
import type { OptionTickerRecord } from '../../../shared/snapshot/records.ts';

/**
 * The option contracts of an underlying as its tickers show them: one entry per instrument, its
 * terms from the latest ticker that carries them (else read from its name, as the chain does), its
 * currencies when a ticker names them; what tickers never say (contract size, exercise style,
 * settlement currency, statistics) is null. Sorted by expiry, strike, then calls before puts.
 */
export function instrumentsOfTickers(source: string, market: string, tickers: readonly OptionTickerRecord[]): InstrumentEntry[] {
  const byName = new Map<string, InstrumentEntry>();
  for (const record of tickers) {
    const row = optionTickerRowOf({ sourceCaptureId: 'derived' }, record);
    if (row === null) continue;
    const terms = contractTermsOf(row)?.terms;
    const known = byName.get(row.instrument);
    if (terms === undefined) continue;
    byName.set(row.instrument, {
      source,
      market,
      instrument: row.instrument,
      status: 'open',
      option_type: terms.type,
      underlying: row.underlying ?? known?.underlying ?? market,
      strike: terms.strikeText,
      expiry_timestamp: terms.expiry,
      contract_size: null,
      exercise_style: null,
      premium_currency: row.premium_currency ?? known?.premium_currency ?? null,
      quantity_unit: row.quantity_unit ?? known?.quantity_unit ?? null,
      settlement_currency: null,
      statistics: null,
    });
  }
  return [...byName.values()].sort(
    (a, b) => a.expiry_timestamp - b.expiry_timestamp || Number(a.strike) - Number(b.strike) || (a.option_type === b.option_type ? 0 : a.option_type === 'call' ? -1 : 1) || a.instrument.localeCompare(b.instrument),
  );
}

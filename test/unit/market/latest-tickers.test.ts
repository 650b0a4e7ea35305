import { describe, expect, it } from 'vitest';
import { optionTickerDecimalFields, type OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';
import { LatestTickers } from '../../../electron/host/market/latest-tickers.ts';

function ticker(instrument: string, time: number, mark: string): OptionTickerRow {
  const decimals = Object.fromEntries(optionTickerDecimalFields.map((field) => [field, null])) as Record<(typeof optionTickerDecimalFields)[number], null>;
  return {
    ...decimals, mark_price: mark, event_id: `${instrument}-${time}-${mark}`, source: 'deribit', market: 'BTC', instrument, collector_timestamp: time, exchange_timestamp: null,
    source_capture_id: 'unit', schema_version: 2, expiry_timestamp: null, underlying: 'BTC', option_type: 'call', premium_currency: null, quantity_unit: null,
  };
}

const marks = (latest: LatestTickers): string[] => latest.rows().map((row) => `${row.instrument}:${row.mark_price ?? '-'}`);

describe('LatestTickers', () => {
  it('keeps each contract’s ticker with the highest collector time, whatever the arrival order', () => {
    const latest = new LatestTickers(100);
    for (const row of [ticker('C1', 5, '1.5'), ticker('P1', 3, '0.2'), ticker('C1', 9, '1.9'), ticker('C1', 7, '1.7'), ticker('P1', 1, '0.1')]) latest.add(row);
    expect(marks(latest)).toEqual(['C1:1.9', 'P1:0.2']);
  });

  it('of two tickers at one time, keeps the one read later', () => {
    const latest = new LatestTickers(100);
    latest.add(ticker('C1', 5, 'first'));
    latest.add(ticker('C1', 5, 'second'));
    expect(marks(latest)).toEqual(['C1:second']);
  });

  it('reads at most cap rows', () => {
    const latest = new LatestTickers(2);
    expect([ticker('C1', 1, 'a'), ticker('C2', 2, 'b'), ticker('C3', 3, 'c')].map((row) => latest.add(row))).toEqual([true, true, false]);
    expect(marks(latest)).toEqual(['C1:a', 'C2:b']);
  });
});

import { describe, expect, it } from 'vitest';
import { optionTickerRowOf } from '../../../shared/rows/from-records/option-ticker-rows.ts';
import type { OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';
import type { OptionTickerRecord } from '../../../shared/snapshot/records.ts';
import { decimalOf, envelopeAt, envelopeFields, envelopeOf, exactnessContext, expectDistinctEventIds, expectFieldsExactly, withoutEventId } from './exactness-oracle.ts';

// Spec 2.5, written out here rather than taken from the row module.
const decimalFields = [
  'strike', 'bid_price', 'ask_price', 'last_price', 'mark_price', 'index_price', 'underlying_price', 'forward_price',
  'bid_size', 'ask_size', 'open_interest', 'volume_24h', 'turnover_24h', 'bid_iv', 'ask_iv', 'mark_iv',
] as const;
const greekFields = ['delta', 'gamma', 'vega', 'theta', 'rho'] as const;
const textFields = ['underlying', 'option_type', 'premium_currency', 'quantity_unit'] as const;
const rowFields = [...envelopeFields, 'expiry_timestamp', ...textFields, ...decimalFields, ...greekFields];

const call = 'BTC-27MAR26-90000-C';
const put = 'BTC-27MAR26-80000-P';

/** Every field published, in awkward but exact spellings. */
const full: OptionTickerRecord = {
  ...envelopeAt(2, 100, { instrument: call }),
  type: 'option_ticker',
  data: {
    expiry_timestamp: 1_774_598_400_000, underlying: 'BTC', option_type: 'call', premium_currency: 'BTC', quantity_unit: 'contracts',
    strike: '90000', bid_price: '0.00010', ask_price: '0.0125', last_price: '1e-7', mark_price: '0.0120', index_price: '84210.50',
    underlying_price: '84213.25', forward_price: '84300', bid_size: '12.0', ask_size: '-0', open_interest: '1500', volume_24h: '0',
    turnover_24h: '0.000', bid_iv: '0.55', ask_iv: '0.61', mark_iv: '0.580',
    greeks: { delta: '0.52', gamma: '0.00004', vega: '12.5', theta: '-0', rho: '1E-7' },
  },
};

/** The same contract a moment later: most fields absent, some null, greeks null or missing. */
const sparse: OptionTickerRecord = {
  ...envelopeAt(3, 200, { instrument: call, exchangeTimestamp: null }),
  type: 'option_ticker',
  data: { mark_price: '0.0118', bid_price: null, underlying: null, greeks: { delta: null, gamma: null } },
};

/** Another contract with no greeks object at all. */
const noGreeks: OptionTickerRecord = {
  ...envelopeAt(4, 300, { instrument: put }),
  type: 'option_ticker',
  data: { strike: '80000', option_type: 'put', expiry_timestamp: 1_774_598_400_000, bid_iv: null, last_price: '0.00' },
};

/** The row spec 2.5 derives from a record: each value as the record wrote it, or null. */
function expectedRow(record: OptionTickerRecord): Record<string, unknown> {
  const data = record.data;
  const greeks = data.greeks ?? {};
  const expected: Record<string, unknown> = { ...envelopeOf(record) };
  expected['expiry_timestamp'] = data['expiry_timestamp'] ?? null;
  for (const field of textFields) expected[field] = data[field] ?? null;
  for (const field of decimalFields) expected[field] = decimalOf(data[field]);
  for (const field of greekFields) expected[field] = decimalOf(greeks[field]);
  return expected;
}

function rowOf(record: OptionTickerRecord): OptionTickerRow {
  const row = optionTickerRowOf(exactnessContext, record);
  if (row === null) throw new Error(`no row for line ${record.line}`);
  return row;
}

describe('option ticker rows are exact (spec 2.5)', () => {
  const records = [full, sparse, noGreeks];
  const rows = records.map(rowOf);

  it('carry every field of the record: the same decimal string, or null where it had none or null', () => {
    records.forEach((record, index) => {
      const row = rows[index] as OptionTickerRow;
      expectFieldsExactly(row, rowFields, `line ${record.line}`);
      expect(withoutEventId(row), `line ${record.line}`).toStrictEqual(expectedRow(record));
    });
    expectDistinctEventIds(rows);
  });

  it('keep the spelling of each decimal byte for byte', () => {
    const row = rows[0] as OptionTickerRow;
    expect([row.bid_price, row.last_price, row.ask_size, row.theta, row.rho, row.turnover_24h, row.mark_iv]).toStrictEqual(['0.00010', '1e-7', '-0', '-0', '1E-7', '0.000', '0.580']);
  });

  it('never read a null or missing greek as zero, and never carry one forward from the same contract', () => {
    const later = rows[1] as OptionTickerRow;
    for (const field of greekFields) expect(later[field], field).toBeNull();
    for (const field of ['strike', 'ask_price', 'last_price', 'index_price', 'open_interest', 'bid_iv'] as const) expect(later[field], field).toBeNull();
    expect(later.bid_price).toBeNull();
    expect(later.mark_price).toBe('0.0118');
    expect(later.expiry_timestamp).toBeNull();
    expect(later.underlying).toBeNull();
    expect(later.option_type).toBeNull();
    expect(later.exchange_timestamp).toBeNull();
    const other = rows[2] as OptionTickerRow;
    for (const field of greekFields) expect(other[field], field).toBeNull();
    expect(other.last_price).toBe('0.00');
  });

  it('give no row for a record without an instrument (instrument is a required string)', () => {
    expect(optionTickerRowOf(exactnessContext, { ...full, instrument: null })).toBeNull();
  });
});

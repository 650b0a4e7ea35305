import { describe, expect, it } from 'vitest';
import { fundingRowOf, fundingRowOfPoint, isFundingPoint } from '../../../shared/rows/from-records/funding-rows.ts';
import type { PerpetualTickerRecord, PointRecord } from '../../../shared/snapshot/records.ts';
import { decimalOf, envelopeAt, envelopeFields, envelopeOf, exactnessContext, expectDistinctEventIds, expectFieldsExactly, withoutEventId } from './exactness-oracle.ts';

// Spec 2.4, written out here.
const fundingDecimals = ['funding_rate', 'predicted_funding_rate', 'premium'] as const;
const latestHourDecimals = ['mark_price', 'index_price', 'open_interest'] as const;
const historicalFields = [...envelopeFields, ...fundingDecimals, 'funding_timestamp'];

function ticker(line: number, offsetMs: number, data: PerpetualTickerRecord['data'], exchangeTimestamp?: null): PerpetualTickerRecord {
  return { ...envelopeAt(line, offsetMs, { instrument: 'BTC-PERP', ...(exchangeTimestamp === null ? { exchangeTimestamp } : {}) }), type: 'perpetual_ticker', data };
}

/** Everything published, in exact spellings. */
const full = ticker(2, 100, {
  funding_rate: '0.00010', predicted_funding_rate: '-0', premium: '1e-7', funding_timestamp: 1_772_438_400_000,
  mark_price: '84210.50', index_price: '84200', open_interest: '1250.000', last_price: '84211',
});
/** The same instrument later: premium null, the prediction and the latest-hour extras absent or null. */
const sparse = ticker(3, 200, { funding_rate: '0.0000125', premium: null, funding_timestamp: null, index_price: null }, null);
/** A null rate beside a published premium. */
const nullRate = ticker(4, 300, { funding_rate: null, premium: '-0.00003', open_interest: '0' });

/** The historical row spec 2.4 derives from a record: each value as the record wrote it, or null. */
function historicalRow(record: PerpetualTickerRecord): Record<string, unknown> {
  const expected: Record<string, unknown> = { ...envelopeOf(record) };
  for (const field of fundingDecimals) expected[field] = decimalOf(record.data[field]);
  expected['funding_timestamp'] = record.data.funding_timestamp ?? null;
  return expected;
}

/** The latest-hour row: the historical one plus mark, index and open interest only when this observation published them. */
function latestHourRow(record: PerpetualTickerRecord): Record<string, unknown> {
  const expected = historicalRow(record);
  for (const field of latestHourDecimals) if (field in record.data) expected[field] = decimalOf(record.data[field]);
  return expected;
}

describe('funding rows are exact (spec 2.4)', () => {
  const records = [full, sparse, nullRate];

  it('historical variant: each field as the record wrote it, null where it had none or null', () => {
    const rows = records.map((record) => fundingRowOf(exactnessContext, record, false));
    records.forEach((record, index) => {
      const row = rows[index];
      if (row === undefined) throw new Error('missing row');
      expectFieldsExactly(row, historicalFields, `line ${record.line}`);
      expect(withoutEventId(row), `line ${record.line}`).toStrictEqual(historicalRow(record));
    });
    expectDistinctEventIds(rows);
  });

  it('latest-hour variant: mark, index and open interest appear only when the same observation published them', () => {
    const rows = records.map((record) => fundingRowOf(exactnessContext, record, true));
    expectFieldsExactly(rows[0] ?? {}, [...historicalFields, ...latestHourDecimals], 'full');
    expectFieldsExactly(rows[1] ?? {}, [...historicalFields, 'index_price'], 'sparse');
    expectFieldsExactly(rows[2] ?? {}, [...historicalFields, 'open_interest'], 'null rate');
    records.forEach((record, index) => {
      expect(withoutEventId(rows[index] ?? {}), `line ${record.line}`).toStrictEqual(latestHourRow(record));
    });
  });

  it('never read a null premium as zero, and never carry one forward from the same instrument', () => {
    for (const latestHour of [false, true]) {
      const [first, later, last] = records.map((record) => fundingRowOf(exactnessContext, record, latestHour));
      expect(first?.premium).toBe('1e-7');
      expect(first?.predicted_funding_rate).toBe('-0');
      expect(later?.premium).toBeNull();
      expect(later?.predicted_funding_rate).toBeNull();
      expect(later?.funding_timestamp).toBeNull();
      expect(last?.funding_rate).toBeNull();
      expect(last?.predicted_funding_rate).toBeNull();
      expect(last?.premium).toBe('-0.00003');
      if (latestHour) {
        expect(later).not.toHaveProperty('mark_price');
        expect(later?.index_price).toBeNull();
        expect(last?.open_interest).toBe('0');
      }
    }
  });
});

describe('funding carried in point rows is read too (field notes: "a reader takes both")', () => {
  const point = (line: number, series: string, value: string): PointRecord => ({ ...envelopeAt(line, 400, { instrument: 'BTC-PERP' }), type: 'point', series, value });

  it('a funding_rate point is a funding row whose rate is the value as written, and nothing else', () => {
    const record = point(5, 'funding_rate', '-0.000012500');
    expect(isFundingPoint(record)).toBe(true);
    const row = fundingRowOfPoint(exactnessContext, record);
    expectFieldsExactly(row, historicalFields, 'point');
    expect(withoutEventId(row)).toStrictEqual({ ...envelopeOf(record), funding_rate: '-0.000012500', predicted_funding_rate: null, premium: null, funding_timestamp: null });
  });

  it('other series (mark_px, mark_price) are not funding', () => {
    for (const series of ['mark_px', 'mark_price', 'funding']) expect(isFundingPoint(point(6, series, '84210.5'))).toBe(false);
  });
});

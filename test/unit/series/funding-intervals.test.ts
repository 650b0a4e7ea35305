import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fundingFields, fundingPerInterval, type FundingObservations } from '../../../shared/series/funding-intervals.ts';

const t0 = Date.UTC(2026, 10, 22, 10, 0, 0);
const minute = 60_000;

/** Observations written row by row, as the fixture reads: every field not named is not published. */
function observations(rows: readonly ({ time: number } & Partial<Record<(typeof fundingFields)[number], number | null>>)[]): FundingObservations {
  return {
    time: rows.map((row) => row.time),
    fundingRate: rows.map((row) => row.fundingRate ?? null),
    predictedFundingRate: rows.map((row) => row.predictedFundingRate ?? null),
    premium: rows.map((row) => row.premium ?? null),
    markPrice: rows.map((row) => row.markPrice ?? null),
    indexPrice: rows.map((row) => row.indexPrice ?? null),
    openInterest: rows.map((row) => row.openInterest ?? null),
  };
}

describe('fundingPerInterval', () => {
  it('gives each interval the last value published, with its min and max (hand-computed)', () => {
    const per = fundingPerInterval(
      observations([
        { time: t0 + 1_000, fundingRate: 0.0001, predictedFundingRate: 0.0003, markPrice: 100 },
        { time: t0 + 20_000, fundingRate: 0.0001, predictedFundingRate: -0.0002, markPrice: 104 },
        // The last observation of 10:00 did not publish the predicted rate or the mark: the last published ones stand.
        { time: t0 + 59_999, fundingRate: 0.0002 },
        // 10:01 has none; 10:02 publishes only the mark.
        { time: t0 + 2 * minute, markPrice: 99 },
      ]),
      minute,
    );
    expect(per.openTime).toEqual([t0, t0 + 2 * minute]);
    expect(per.count).toEqual([3, 1]);
    expect(per.fields.fundingRate).toEqual({ last: [0.0002, null], min: [0.0001, null], max: [0.0002, null] });
    expect(per.fields.predictedFundingRate).toEqual({ last: [-0.0002, null], min: [-0.0002, null], max: [0.0003, null] });
    expect(per.fields.markPrice).toEqual({ last: [104, 99], min: [100, 99], max: [104, 99] });
    // Never published: null everywhere, never 0.
    expect(per.fields.openInterest).toEqual({ last: [null, null], min: [null, null], max: [null, null] });
  });

  it('keeps zero as a value, and cuts intervals at whole multiples from the epoch', () => {
    const per = fundingPerInterval(observations([{ time: t0 + 3_599_999, premium: 0 }, { time: t0 + 3_600_000, premium: -0.5 }]), 3_600_000);
    expect(per.openTime).toEqual([t0, t0 + 3_600_000]);
    expect(per.fields.premium.last).toEqual([0, -0.5]);
  });

  it('agrees with a naive group-by over random observations', () => {
    const value = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null });
    const row = fc.record({ offset: fc.integer({ min: 0, max: 6 * 3_600_000 }), fundingRate: value, predictedFundingRate: value, premium: value, markPrice: value, indexPrice: value, openInterest: value });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), fc.constantFrom(1000, minute, 15 * minute, 3_600_000), (rows, length) => {
        const sorted = [...rows].sort((a, b) => a.offset - b.offset).map(({ offset, ...fields }) => ({ time: t0 + offset, ...fields }));
        const per = fundingPerInterval(observations(sorted), length);
        const buckets = new Map<number, typeof sorted>();
        for (const one of sorted) {
          const open = Math.floor(one.time / length) * length;
          buckets.set(open, [...(buckets.get(open) ?? []), one]);
        }
        expect(per.openTime).toEqual([...buckets.keys()]);
        expect(per.count).toEqual([...buckets.values()].map((bucket) => bucket.length));
        for (const field of fundingFields) {
          const published = [...buckets.values()].map((bucket) => bucket.map((one) => one[field]).filter((v): v is number => v !== null));
          expect(per.fields[field].last).toEqual(published.map((values) => values.at(-1) ?? null));
          expect(per.fields[field].min).toEqual(published.map((values) => (values.length === 0 ? null : Math.min(...values))));
          expect(per.fields[field].max).toEqual(published.map((values) => (values.length === 0 ? null : Math.max(...values))));
        }
      }),
    );
  });
});

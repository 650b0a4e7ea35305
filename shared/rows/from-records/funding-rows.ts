import type { PerpetualTickerRecord, PointRecord } from '../../snapshot/records.ts';
import type { LatestFundingRow } from '../funding-row.ts';
import { rowBase, type RowContext } from './row-context.ts';

/** Whether a perpetual ticker observation carries funding (and so becomes a funding row). */
export function isFundingBearing(record: PerpetualTickerRecord): boolean {
  return record.data.funding_rate !== undefined;
}

/**
 * The funding row of a funding-bearing ticker (spec 2.4). With `latestHour`, mark, index and
 * open interest are added when the same observation published them, and only then.
 */
export function fundingRowOf(context: RowContext, record: PerpetualTickerRecord, latestHour: boolean): LatestFundingRow {
  const data = record.data;
  const row: LatestFundingRow = {
    ...rowBase(context, record),
    funding_rate: data.funding_rate ?? null,
    predicted_funding_rate: data.predicted_funding_rate ?? null,
    premium: data.premium ?? null,
    funding_timestamp: data.funding_timestamp ?? null,
  };
  if (latestHour) {
    if (data.mark_price !== undefined) row.mark_price = data.mark_price;
    if (data.index_price !== undefined) row.index_price = data.index_price;
    if (data.open_interest !== undefined) row.open_interest = data.open_interest;
  }
  return row;
}

/** Whether a `point` record is a funding observation (series `funding_rate`, as the field notes' readers take it). */
export function isFundingPoint(record: PointRecord): boolean {
  return record.series === 'funding_rate';
}

/**
 * The funding row of a `funding_rate` point: the rate is its value; a point publishes nothing
 * else, so the prediction, premium and funding time are null and the latest-hour extras absent.
 */
export function fundingRowOfPoint(context: RowContext, record: PointRecord): LatestFundingRow {
  return { ...rowBase(context, record), funding_rate: record.value, predicted_funding_rate: null, premium: null, funding_timestamp: null };
}

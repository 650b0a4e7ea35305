import { intervalOpenTime } from './trade-prints.ts';

/** The funding-bearing fields charted per interval. */
export const fundingFields = ['fundingRate', 'predictedFundingRate', 'premium', 'markPrice', 'indexPrice', 'openInterest'] as const;

/** One of the charted funding fields. */
export type FundingField = (typeof fundingFields)[number];

/**
 * Funding observations as parallel arrays in collector-time order (`FundingColumns` fits): a
 * null is a field the observation did not publish.
 */
export type FundingObservations = { readonly time: readonly number[] } & { readonly [Field in FundingField]: readonly (number | null)[] };

/** One field over the intervals: the last value published in each, and the least and greatest of them. Null: not published in that interval. */
export interface IntervalRange {
  last: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
}

/** Funding observations per interval: the intervals that hold observations, how many each, and every field's last, min and max. */
export interface FundingPerInterval {
  /** Interval open times, ascending (whole multiples of the interval from the epoch, as candles). */
  openTime: number[];
  /** Observations in each interval. */
  count: number[];
  fields: Record<FundingField, IntervalRange>;
}

function emptyRange(): IntervalRange {
  return { last: [], min: [], max: [] };
}

/**
 * Observations aggregated to the candle interval, so a pane draws one point per candle instead of
 * thousands: for each interval holding observations, each field's last published value (the
 * latest observation that published it, never carried over from an earlier interval), and the
 * least and greatest values published in it. A field an interval never published is null there
 * (a gap, never 0); intervals without observations are absent. Observations must be in time order.
 */
export function fundingPerInterval(observations: FundingObservations, intervalMs: number): FundingPerInterval {
  const out: FundingPerInterval = {
    openTime: [],
    count: [],
    fields: { fundingRate: emptyRange(), predictedFundingRate: emptyRange(), premium: emptyRange(), markPrice: emptyRange(), indexPrice: emptyRange(), openInterest: emptyRange() },
  };
  let current = Number.NaN;
  for (let i = 0; i < observations.time.length; i++) {
    const at = intervalOpenTime(observations.time[i] ?? 0, intervalMs);
    if (at !== current) {
      current = at;
      out.openTime.push(at);
      out.count.push(0);
      for (const field of fundingFields) {
        const range = out.fields[field];
        range.last.push(null);
        range.min.push(null);
        range.max.push(null);
      }
    }
    const slot = out.openTime.length - 1;
    out.count[slot] = (out.count[slot] ?? 0) + 1;
    for (const field of fundingFields) {
      const value = observations[field][i] ?? null;
      if (value === null) continue;
      const range = out.fields[field];
      range.last[slot] = value;
      const low = range.min[slot] ?? null;
      const high = range.max[slot] ?? null;
      range.min[slot] = low === null || value < low ? value : low;
      range.max[slot] = high === null || value > high ? value : high;
    }
  }
  return out;
}

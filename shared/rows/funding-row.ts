import type { DecimalString, TypedRowBase } from './common.ts';

/** A funding row, historical variant (spec 2.4, `/historical/funding-rates`). */
export interface FundingRow extends TypedRowBase {
  funding_rate: DecimalString | null;
  predicted_funding_rate: DecimalString | null;
  premium: DecimalString | null;
  funding_timestamp: number | null;
}

/** A funding row, latest-hour variant (`/funding-rates`, `/perpetual-ticker`). */
export interface LatestFundingRow extends FundingRow {
  mark_price?: DecimalString | null;
  index_price?: DecimalString | null;
  open_interest?: DecimalString | null;
}

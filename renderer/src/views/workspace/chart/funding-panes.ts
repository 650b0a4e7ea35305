import type { FundingField } from '../../../../../shared/series/funding-intervals.ts';
import { chartColours } from '../../../components/chart/chart-theme.ts';

/** How a pane's values read: a rate in percent, a price at the market's tick, or a size. */
export type FundingValueFormat = 'rate' | 'price' | 'size';

/** One line of a funding pane. */
export interface FundingLine {
  field: FundingField;
  /** Its name in the pane's label. */
  title: string;
  colour: string;
  dashed?: boolean;
}

/** One pane under the candles: its label and the lines it draws, on one price scale. */
export interface FundingPaneSpec {
  id: string;
  label: string;
  format: FundingValueFormat;
  lines: readonly FundingLine[];
}

/**
 * The panes under the candle chart, top to bottom. Funding and predicted funding each have their
 * own pane (the predicted rate moves every observation, the rate itself steps: on one scale one
 * hides the other); mark and index share one, as they are one price. A new pane is a new entry.
 */
export const fundingPanes: readonly FundingPaneSpec[] = [
  { id: 'funding', label: 'Funding rate', format: 'rate', lines: [{ field: 'fundingRate', title: 'funding', colour: chartColours.accent }] },
  { id: 'predicted', label: 'Predicted funding', format: 'rate', lines: [{ field: 'predictedFundingRate', title: 'predicted', colour: chartColours.warn }] },
  { id: 'premium', label: 'Premium', format: 'rate', lines: [{ field: 'premium', title: 'premium', colour: chartColours.violet }] },
  {
    id: 'mark-index',
    label: 'Mark · index',
    format: 'price',
    lines: [
      { field: 'markPrice', title: 'mark', colour: chartColours.bid },
      { field: 'indexPrice', title: 'index', colour: chartColours.muted, dashed: true },
    ],
  },
  { id: 'open-interest', label: 'Open interest', format: 'size', lines: [{ field: 'openInterest', title: 'OI', colour: chartColours.accent }] },
];

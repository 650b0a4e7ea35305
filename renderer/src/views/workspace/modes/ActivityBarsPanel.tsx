import type { PriceFormat } from 'lightweight-charts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorPanel, type ShownError } from '../../../components/ErrorPanel.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import type { TimeZoneChoice } from '../../../format/market-values.ts';
import type { TimeRangeSync } from '../time-range-sync.ts';
import { ActivityBarsChart } from './ActivityBarsChart.tsx';
import type { ActivityBarsView } from './use-activity-bars.ts';

/** What the activity-bar chart area shows. */
export type ActivityBarsState =
  | { kind: 'loading'; rows: number | null }
  | { kind: 'error'; error: ShownError; failedAt: number; retry: () => void; retrying: boolean }
  | { kind: 'unavailable'; why: string }
  | { kind: 'empty'; why: string }
  | { kind: 'problem'; text: string }
  | { kind: 'ready'; view: ActivityBarsView };

/** Props of the activity-bar chart area. */
export interface ActivityBarsPanelProps {
  state: ActivityBarsState;
  zone: TimeZoneChoice;
  priceFormat: PriceFormat;
  sizeDecimals: number;
  /** Which trades the bars are built from, when not all of the range (anonymous, or cut). */
  tradeNote: string | null;
  onNarrowRange: () => void;
  /** Where the bars' time span and hovered candle are published for the funding panes below. */
  timeSync: TimeRangeSync;
  /** The workspace's candle length (ms): the funding panes' candles. */
  candleMs: number;
}

/**
 * Activity bars with every state designed: the trades loading (rows so far), an error with its
 * fixing action, no trades in the range, a bar size refused (why, and what to type), and the
 * chart with a note saying which trades it is built from when not the whole range.
 */
export function ActivityBarsPanel({ state, zone, priceFormat, sizeDecimals, tradeNote, onNarrowRange, timeSync, candleMs }: ActivityBarsPanelProps) {
  switch (state.kind) {
    case 'loading':
      return <LoadingState what="the trades to build bars from" rows={state.rows} />;
    case 'error':
      return (
        <div className="panel-pad">
          <ErrorPanel context="The trades to build activity bars from could not be loaded." error={state.error} failedAt={state.failedAt} onRetry={state.retry} retrying={state.retrying} onNarrowRange={onNarrowRange} />
        </div>
      );
    case 'unavailable':
    case 'empty':
      return (
        <EmptyState icon="▭" title="No activity bars">
          <p data-testid="bars-empty">{state.why}</p>
        </EmptyState>
      );
    case 'problem':
      return (
        <EmptyState icon="▭" title="These bars cannot be drawn">
          <p data-testid="bars-problem">{state.text}</p>
        </EmptyState>
      );
    case 'ready':
      return (
        <div className="chart-area">
          <ActivityBarsChart view={state.view} zone={zone} priceFormat={priceFormat} sizeDecimals={sizeDecimals} timeSync={timeSync} candleMs={candleMs}>
            {tradeNote !== null && (
              <div className="chart-notices">
                <p className="chart-notice faint" data-testid="bars-note">
                  {tradeNote}
                </p>
              </div>
            )}
          </ActivityBarsChart>
        </div>
      );
  }
}

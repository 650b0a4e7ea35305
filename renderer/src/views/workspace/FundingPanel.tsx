import type { PriceFormat } from 'lightweight-charts';
import type { FundingColumns } from '../../../../shared/contract/market-schemas.ts';
import { ErrorPanel, type ShownError } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { FundingPanes } from './chart/FundingPanes.tsx';
import type { TimeRangeSync } from './time-range-sync.ts';

/** What the funding area shows. */
export type FundingState =
  | { kind: 'none'; why: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'loading'; rows: number | null }
  | { kind: 'error'; error: ShownError; failedAt: number; retry: () => void; retrying: boolean }
  | { kind: 'ready'; funding: FundingColumns };

/** Props of the funding area. */
export interface FundingPanelProps {
  state: FundingState;
  /** The candle interval the panes aggregate to, its length, and the candles' open times. */
  interval: string;
  barMs: number;
  candleTimes: readonly number[];
  zone: TimeZoneChoice;
  priceFormat: PriceFormat;
  priceDecimals: number;
  onNarrowRange: () => void;
  timeSync: TimeRangeSync;
}

/**
 * Funding, predicted funding, premium, mark, index and open interest over the range, aggregated
 * to the candle interval (`FundingPanes`), or one calm line where there is none to show (a spot
 * market, a range without observations, a range that needs a key), never empty panes.
 */
export function FundingPanel({ state, interval, barMs, candleTimes, zone, priceFormat, priceDecimals, onNarrowRange, timeSync }: FundingPanelProps) {
  const openSettings = useUiStore((s) => s.openSettings);
  switch (state.kind) {
    case 'none':
      return (
        <p className="funding-line" data-testid="funding-none">
          {state.why}
        </p>
      );
    case 'refused':
      return (
        <p className="funding-line warn" data-testid="funding-refused">
          Funding over this range needs an API key: {state.reason}{' '}
          <button type="button" className="link-button" onClick={() => openSettings('api-key')}>
            Add API key
          </button>
        </p>
      );
    case 'loading':
      return <LoadingState what="funding" rows={state.rows} />;
    case 'error':
      return (
        <div className="panel-pad">
          <ErrorPanel context="Funding could not be loaded." error={state.error} failedAt={state.failedAt} onRetry={state.retry} retrying={state.retrying} onNarrowRange={onNarrowRange} />
        </div>
      );
    case 'ready': {
      const { funding } = state;
      const cutNote = funding.truncated && funding.droppedUntil !== null ? `the newest ${funding.cap.toLocaleString('en-US')}: those at or before ${formatTimestamp(funding.droppedUntil, zone, 's')} left out` : null;
      return (
        <FundingPanes
          key={`${zone}:${priceFormat.type === 'price' ? priceFormat.precision : 'custom'}`}
          funding={funding}
          barMs={barMs}
          candleTimes={candleTimes}
          zone={zone}
          priceFormat={priceFormat}
          priceDecimals={priceDecimals}
          timeSync={timeSync}
          intervalWord={interval}
          cutNote={cutNote}
        />
      );
    }
  }
}

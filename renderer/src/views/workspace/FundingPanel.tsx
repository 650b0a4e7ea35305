import type { PriceFormat } from 'lightweight-charts';
import type { FundingColumns } from '../../../../shared/contract/market-schemas.ts';
import { ErrorPanel, type ShownError } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { formatNumber, formatPercent, formatTimeOfDay, formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { FundingChart } from './chart/FundingChart.tsx';

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
  zone: TimeZoneChoice;
  priceFormat: PriceFormat;
  priceDecimals: number;
  onNarrowRange: () => void;
}

/** The latest observation's values, as a one-line summary; a field it did not publish is "—". */
function LatestObservation({ funding, zone, priceDecimals }: { funding: FundingColumns; zone: TimeZoneChoice; priceDecimals: number }) {
  const i = funding.time.length - 1;
  const at = funding.time[i] ?? null;
  const rate = (values: (number | null)[]): string => formatPercent(values[i] ?? null, 4);
  return (
    <span className="funding-latest" data-testid="funding-latest">
      <span className="muted" title={formatTimestamp(at, zone, 'ms')}>
        latest {formatTimeOfDay(at, zone, 's')}
      </span>
      <span>
        funding <b>{rate(funding.fundingRate)}</b>
      </span>
      <span>
        predicted <b>{rate(funding.predictedFundingRate)}</b>
      </span>
      <span>
        premium <b>{rate(funding.premium)}</b>
      </span>
      <span>
        mark <b>{formatNumber(funding.markPrice[i] ?? null, priceDecimals)}</b>
      </span>
      <span>
        index <b>{formatNumber(funding.indexPrice[i] ?? null, priceDecimals)}</b>
      </span>
      <span>
        OI <b>{formatNumber(funding.openInterest[i] ?? null, 3)}</b>
      </span>
    </span>
  );
}

/**
 * Funding, predicted funding, premium, mark, index and open interest over the range, or one calm
 * line where there is none to show (a spot market, a range without observations, a range that
 * needs a key), never empty panes.
 */
export function FundingPanel({ state, zone, priceFormat, priceDecimals, onNarrowRange }: FundingPanelProps) {
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
    case 'ready':
      return (
        <div className="funding-area">
          <header className="funding-header">
            <span className="panel-title">Funding</span>
            <span className="muted">{state.funding.time.length.toLocaleString('en-US')} observations{state.funding.truncated ? ` (first ${state.funding.cap.toLocaleString('en-US')}; narrow the range)` : ''}</span>
            <LatestObservation funding={state.funding} zone={zone} priceDecimals={priceDecimals} />
          </header>
          <FundingChart funding={state.funding} zone={zone} priceFormat={priceFormat} />
        </div>
      );
  }
}

import type { PriceFormat } from 'lightweight-charts';
import type { FundingColumns } from '../../../../shared/contract/market-schemas.ts';
import { ErrorPanel, type ShownError } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { formatNumber, formatPercent, formatTimestamp, notPublished, type TimeZoneChoice } from '../../format/market-values.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { FundingChart } from './chart/FundingChart.tsx';
import type { TimeRangeSync } from './chart/time-range-sync.ts';

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
  timeSync: TimeRangeSync;
}

/** The last value of a field that is not null, with its time; null when the range never published it. */
function lastPublished(times: readonly number[], values: readonly (number | null)[]): { at: number; value: number } | null {
  for (let i = values.length - 1; i >= 0; i--) {
    const value = values[i];
    if (value !== null && value !== undefined) return { at: times[i] ?? 0, value };
  }
  return null;
}

/**
 * Each field's last published value in the range, as a one-line summary (the time of each is in
 * its tooltip): a field the range never published is "—".
 */
function LastPublished({ funding, zone, priceDecimals }: { funding: FundingColumns; zone: TimeZoneChoice; priceDecimals: number }) {
  const fields: { label: string; values: (number | null)[]; format: (value: number) => string }[] = [
    { label: 'funding', values: funding.fundingRate, format: (value) => formatPercent(value, 4) },
    { label: 'predicted', values: funding.predictedFundingRate, format: (value) => formatPercent(value, 4) },
    { label: 'premium', values: funding.premium, format: (value) => formatPercent(value, 4) },
    { label: 'mark', values: funding.markPrice, format: (value) => formatNumber(value, priceDecimals) },
    { label: 'index', values: funding.indexPrice, format: (value) => formatNumber(value, priceDecimals) },
    { label: 'OI', values: funding.openInterest, format: (value) => formatNumber(value, 3) },
  ];
  return (
    <span className="funding-latest" data-testid="funding-latest" title="Each field's last published value in the range">
      <span className="muted">last</span>
      {fields.map((field) => {
        const last = lastPublished(funding.time, field.values);
        return (
          <span key={field.label} title={last === null ? 'Not published in this range' : formatTimestamp(last.at, zone, 'ms')}>
            {field.label} <b>{last === null ? notPublished : field.format(last.value)}</b>
          </span>
        );
      })}
    </span>
  );
}

/**
 * Funding, predicted funding, premium, mark, index and open interest over the range, or one calm
 * line where there is none to show (a spot market, a range without observations, a range that
 * needs a key), never empty panes.
 */
export function FundingPanel({ state, zone, priceFormat, priceDecimals, onNarrowRange, timeSync }: FundingPanelProps) {
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
            <LastPublished funding={state.funding} zone={zone} priceDecimals={priceDecimals} />
          </header>
          <FundingChart key={`${zone}:${priceFormat.type === 'price' ? priceFormat.precision : 'custom'}`} funding={state.funding} zone={zone} priceFormat={priceFormat} timeSync={timeSync} />
        </div>
      );
  }
}

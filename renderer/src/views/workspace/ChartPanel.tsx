import type { Ref } from 'react';
import type { CandleColumns } from '../../../../shared/contract/market-schemas.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel, type ShownError } from '../../components/ErrorPanel.tsx';
import { KeyRequiredPanel } from '../../components/KeyRequiredPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useUiStore } from '../../stores/ui-store.ts';
import { CandleChart, type CandleChartHandle, type CandleChartProps } from './chart/CandleChart.tsx';
import type { OlderHistory } from './history/use-older-history.ts';
import type { ModeNotice } from './panel-states.ts';

/** What the chart area shows. */
export type ChartState =
  | { kind: 'loading'; what: string; rows: number | null }
  | { kind: 'error'; context: string; error: ShownError; failedAt: number; retry: () => void; retrying: boolean }
  | { kind: 'refused'; what: string; reason: string }
  | { kind: 'empty'; coverage: string; jumpToCoverage: (() => void) | null; inCatalog: boolean }
  | { kind: 'interval-too-long'; interval: string; range: string; fit: { label: string; apply: () => void } | null; widen: { label: string; apply: () => void } | null }
  /** `arriving`: the candles drawn are those of a long range read so far; older ones are still being read. */
  | { kind: 'ready'; candles: CandleColumns; arriving: boolean };

/** Props of the chart area. */
export interface ChartPanelProps extends Omit<CandleChartProps, 'candles' | 'onNearOldest' | 'ref' | 'children'> {
  state: ChartState;
  /** The chart mode's notice, or null. */
  modeNotice: ModeNotice | null;
  /** Says what part of the range the trade-derived series cover, when not all of it. */
  tradeNote: string | null;
  older: OlderHistory;
  /** True when what is drawn could not be refreshed (the data source dropped): it stays, marked stale. */
  stale: boolean;
  /** Halves the range (offered for a query too large or a truncated load). */
  onNarrowRange: () => void;
  /** Switches to what anonymous access allows (the last hour). */
  onShowLastHour: () => void;
  ref?: Ref<CandleChartHandle>;
}

/**
 * The candle chart with every state designed: loading with rows so far, an error with its fixing
 * action (halving the range for one too large), "This needs an API key" before a refused request is
 * sent, an empty range with the market's coverage, an interval longer than the range (with the
 * interval that fits and a wider range), and, over a drawn chart, the notices of a load that left
 * its oldest rows out and of pan-back history (loading older…, a key needed, a failure), and a
 * "stale" mark when what is drawn could not be refreshed.
 */
export function ChartPanel({ state, barMs, zone, priceFormat, vwap, volatility, volatilityLabel, markers, largeTrades, timeSync, tradeNote, older, stale, onNarrowRange, onShowLastHour, footprint, onFootprintView, modeNotice, ref }: ChartPanelProps) {
  const openSettings = useUiStore((s) => s.openSettings);
  const showView = useUiStore((s) => s.showView);
  switch (state.kind) {
    case 'loading':
      return <LoadingState what={state.what} rows={state.rows} />;
    case 'error':
      return (
        <div className="panel-pad">
          <ErrorPanel context={state.context} error={state.error} failedAt={state.failedAt} onRetry={state.retry} retrying={state.retrying} onNarrowRange={onNarrowRange} />
        </div>
      );
    case 'refused':
      return (
        <div className="panel-pad">
          <KeyRequiredPanel what={state.what} reason={state.reason} onUseAnonymousWindow={onShowLastHour} anonymousWindowLabel="Show the last hour" />
        </div>
      );
    case 'empty':
      return (
        <EmptyState icon="▭" title="No candles in this range">
          <p>{state.coverage}</p>
          {state.jumpToCoverage !== null && (
            <p>
              <button type="button" className="button" onClick={state.jumpToCoverage}>
                Show the end of the coverage
              </button>
            </p>
          )}
          {!state.inCatalog && (
            <p>
              <button type="button" className="button" onClick={() => showView('catalog')}>
                Show the catalog
              </button>
            </p>
          )}
        </EmptyState>
      );
    case 'interval-too-long':
      return (
        <EmptyState icon="▭" title={`${state.interval} candles are longer than this range`}>
          <p data-testid="interval-too-long">
            No {state.interval} candle opens in {state.range}: candles open at whole {state.interval} steps. Pick a shorter interval, or widen the range.
          </p>
          <p className="button-row">
            {state.fit !== null && (
              <button type="button" className="button primary" onClick={state.fit.apply}>
                {state.fit.label}
              </button>
            )}
            {state.widen !== null && (
              <button type="button" className="button" onClick={state.widen.apply}>
                {state.widen.label}
              </button>
            )}
          </p>
        </EmptyState>
      );
    case 'ready':
      return (
        <div className={stale ? 'chart-area stale' : 'chart-area'} data-stale={stale}>
          <CandleChart
            key={`${zone}:${barMs}:${footprint === undefined ? 'candles' : 'footprint'}`}
            ref={ref}
            candles={state.candles}
            arriving={state.arriving}
            barMs={barMs}
            zone={zone}
            priceFormat={priceFormat}
            vwap={vwap}
            volatility={volatility}
            volatilityLabel={volatilityLabel}
            markers={markers}
            largeTrades={largeTrades}
            timeSync={timeSync}
            onNearOldest={older.loadOlder}
            footprint={footprint}
            onFootprintView={onFootprintView}
          >
            <div className="chart-notices">
              {modeNotice !== null && (
                <p className={`chart-notice ${modeNotice.tone}`} role="status" data-testid="mode-notice">
                  {modeNotice.busy && <span className="spinner" aria-hidden="true" />} {modeNotice.text}
                  {modeNotice.action !== null && (
                    <>
                      {' '}
                      <button type="button" className="link-button" onClick={modeNotice.action.run}>
                        {modeNotice.action.label}
                      </button>
                    </>
                  )}
                </p>
              )}
              {state.candles.truncated && state.candles.droppedUntil !== null && older.candles === null && (
                <p className="chart-notice warn" role="status" data-testid="candles-cut">
                  The newest {state.candles.cap.toLocaleString('en-US')} candles; pan back for older ones, or{' '}
                  <button type="button" className="link-button" onClick={onNarrowRange}>
                    narrow the range
                  </button>
                </p>
              )}
              {tradeNote !== null && (
                <p className="chart-notice faint" data-testid="trade-note">
                  {tradeNote}
                </p>
              )}
              {state.arriving && (
                <p className="chart-notice" role="status" data-testid="candles-arriving">
                  <span className="spinner" aria-hidden="true" /> loading older candles of this range…
                </p>
              )}
              {older.loading !== null && (
                <p className="chart-notice" role="status" data-testid="loading-older">
                  <span className="spinner" aria-hidden="true" /> loading older {older.loading}…
                </p>
              )}
              {older.notices.map((notice) => (
                <p key={notice.series} className={notice.kind === 'truncated' ? 'chart-notice' : 'chart-notice warn'} role="status" data-testid="older-notice" data-series={notice.series}>
                  {notice.message}
                  {notice.kind === 'key' && (
                    <>
                      {' '}
                      <button type="button" className="link-button" onClick={() => openSettings('api-key')}>
                        Add API key
                      </button>
                    </>
                  )}
                </p>
              ))}
              {older.exhausted && older.loading === null && (
                <p className="chart-notice faint" role="status">
                  Start of coverage reached.
                </p>
              )}
            </div>
          </CandleChart>
        </div>
      );
  }
}

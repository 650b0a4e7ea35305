import { useCallback, useMemo, useRef, useState } from 'react';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import { RangePicker } from '../../components/range/RangePicker.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { formatTimestamp, timeZoneLabel } from '../../format/market-values.ts';
import { useCatalog, useCatalogMarket } from '../../hooks/catalog-queries.ts';
import { useCheckHealth, useSelectedSource, useTimeZone } from '../../hooks/contract-queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { useKeyAccess } from '../../hooks/market-queries.ts';
import { resolveRange } from '../../navigation/time-range.ts';
import { useUiStore, type ViewParams, type ViewParamsPatch } from '../../stores/ui-store.ts';
import { ChartPanel, type ChartState } from './ChartPanel.tsx';
import type { CandleChartHandle } from './chart/CandleChart.tsx';
import { priceFormatOfTick } from './chart/price-format.ts';
import { TimeRangeSync } from './chart/time-range-sync.ts';
import { FundingPanel, type FundingState } from './FundingPanel.tsx';
import { stepInterval } from './interval-choice.ts';
import { IntervalPicker } from './IntervalPicker.tsx';
import { TapePanel, type TapeState } from './TapePanel.tsx';
import { useWorkspaceData } from './use-workspace-data.ts';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts.ts';
import { halvedRange } from './workspace-range.ts';

/** Props of one market's workspace. */
export interface WorkspaceProps {
  source: string;
  market: string;
  instrument: string | undefined;
  params: ViewParams;
}

const defaultSpan = '6h';

function kindOf(categories: readonly string[], sourceType: string): string {
  if (categories.includes('Perpetual')) return 'perpetual';
  if (categories.includes('Spot')) return 'spot';
  return sourceType;
}


function shownError(error: ContractError): { kind: ContractError['kind']; message: string; resolution: string; retryAfterMs: number | null } {
  return { kind: error.kind, message: error.message, resolution: error.resolution, retryAfterMs: error.retryAfterMs };
}

/**
 * One market's workspace: the interval picker and range picker, the candle chart (with VWAP,
 * volume, realized volatility and large-trade markers, history loaded as you pan back), funding
 * panes and the trades tape. Access is judged before anything is sent (spec 4.14).
 */
export function Workspace({ source, market, instrument, params }: WorkspaceProps) {
  const zone = useTimeZone();
  const keyAccess = useKeyAccess();
  const hasKey = keyAccess === true;
  // The report of the selected source: right after a switch away from the demo, the demo's is stale.
  const simulated = useSelectedSource().health?.simulated === true;
  const { health } = useSelectedSource();
  const checkHealth = useCheckHealth();
  const unhealthy = health !== undefined && (health.status === 'down' || health.status === 'degraded') ? health : null;
  const catalog = useCatalog();
  const entry = useCatalogMarket(source, market);
  const setParams = useUiStore((state) => state.setParams);
  const update = useCallback((patch: ViewParamsPatch) => setParams('workspace', patch), [setParams]);
  const chartRef = useRef<CandleChartHandle>(null);
  const tapeRef = useRef<HTMLDivElement>(null);
  const [timeSync] = useState(() => new TimeRangeSync());
  const [userThreshold, setUserThreshold] = useState<number | null>(null);
  // The "now" a relative span ends at: fixed when the market opens and renewed when the user picks
  // a range or asks for the latest, so the loaded range (and its query key) holds still meanwhile.
  const [anchor, setAnchor] = useState(() => Date.now());

  const range = resolveRange(params, anchor, defaultSpan);
  const ref = useMemo(() => ({ source, market, instrument }), [source, market, instrument]);
  const data = useWorkspaceData({ ref, params, range, anchor, hasKey, accessKnown: keyAccess !== undefined, entry, catalogReady: !catalog.isPending, userThreshold });
  const { intervals, origin, offered, interval, barMs, plan, coverage, rangeMs, candleLoad, tradeLoad, fundingLoad, noFunding, trades, candles, older, vwap, volatility, threshold, largeTrades, markers } = data;

  const narrow = (): void => {
    const half = halvedRange(range);
    setAnchor(Date.now());
    update({ start: half.start, end: half.end, span: undefined });
  };
  const showLastHour = (): void => {
    setAnchor(Date.now());
    update({ span: '1h', start: undefined, end: undefined });
  };

  // The book over the last ten minutes of the range shown (a replay reads every event, so it stays short).
  const replayBook = (): void => {
    const end = range.end;
    useUiStore.getState().openView('replay', { source, market, ...(instrument === undefined ? {} : { instrument }), start: Math.max(range.start, end - 10 * 60_000), end });
  };
  useWorkspaceShortcuts({
    stepInterval: (step) => {
      if (interval !== null && intervals.isSuccess) update({ interval: stepInterval(offered, interval, step) });
    },
    latest: () => chartRef.current?.scrollToLatest(),
    focusTape: () => tapeRef.current?.focus(),
    replayBook,
  });

  const label = `${source} ${market}`;
  const chartState = ((): ChartState => {
    if (catalog.isError) return { kind: 'error', context: 'The catalog could not be loaded.', error: shownError(catalog.error), failedAt: catalog.errorUpdatedAt, retry: () => void catalog.refetch(), retrying: catalog.isFetching };
    if (catalog.isPending) return { kind: 'loading', what: 'the catalog', rows: null };
    if (intervals.isError) return { kind: 'error', context: `The candle intervals of ${label} could not be found.`, error: shownError(intervals.error), failedAt: intervals.errorUpdatedAt, retry: () => void intervals.refetch(), retrying: intervals.isFetching };
    if (keyAccess === undefined) return { kind: 'loading', what: 'whether you have an API key', rows: null };
    const load = origin === 'published' ? candleLoad : tradeLoad;
    if (origin === 'published' && plan.candles.kind === 'refused') return { kind: 'refused', what: `Candles of ${label} over this range`, reason: plan.candles.reason };
    if (load.query.isError) return { kind: 'error', context: `The ${origin === 'published' ? 'candles' : 'trades to build candles from'} could not be loaded.`, error: shownError(load.query.error), failedAt: load.query.errorUpdatedAt, retry: () => void load.query.refetch(), retrying: load.query.isFetching };
    if (candles === null) return { kind: 'loading', what: origin === 'published' ? 'candles' : 'trades to build candles from', rows: load.progress };
    if (candles.openTime.length === 0 && intervals.isPending) return { kind: 'loading', what: 'candle intervals', rows: null };
    if (candles.openTime.length === 0) {
      const text = coverage === null ? `${label} is not in the catalog of this data source.` : `${label} has data from ${formatTimestamp(coverage.start, zone, 'min')} to ${formatTimestamp(coverage.end, zone, 'min')} (${timeZoneLabel(zone, coverage.end)}).`;
      const outside = coverage !== null && (range.end < coverage.start || range.start > coverage.end);
      return { kind: 'empty', coverage: text, jumpToCoverage: outside ? () => update({ start: coverage.end - rangeMs, end: coverage.end, span: undefined }) : null, inCatalog: coverage !== null };
    }
    return { kind: 'ready', candles };
  })();

  const tapeState = ((): TapeState => {
    if (tradeLoad.query.isError) return { kind: 'error', error: shownError(tradeLoad.query.error), failedAt: tradeLoad.query.errorUpdatedAt, retry: () => void tradeLoad.query.refetch(), retrying: tradeLoad.query.isFetching };
    if (trades === null) return { kind: 'loading', rows: tradeLoad.progress };
    return { kind: 'ready', trades };
  })();

  const fundingState = ((): FundingState => {
    if (noFunding) return { kind: 'none', why: `${label} is a spot market: it has no funding, premium, mark, index or open interest.` };
    if (keyAccess === undefined) return { kind: 'loading', rows: null };
    if (plan.funding.kind === 'refused') return { kind: 'refused', reason: plan.funding.reason };
    if (fundingLoad.query.isError) return { kind: 'error', error: shownError(fundingLoad.query.error), failedAt: fundingLoad.query.errorUpdatedAt, retry: () => void fundingLoad.query.refetch(), retrying: fundingLoad.query.isFetching };
    const funding = fundingLoad.query.data?.data;
    if (funding === undefined) return { kind: 'loading', rows: fundingLoad.progress };
    if (funding.time.length === 0) return { kind: 'none', why: `${label} published no funding, mark, index or open interest in this range.` };
    return { kind: 'ready', funding };
  })();

  const priceFormat = useMemo(() => priceFormatOfTick(entry?.instrument.tick_size), [entry?.instrument.tick_size]);
  // Without a lot size, sizes keep six decimals rather than round small trades away.
  const sizeDecimals = entry?.instrument.lot_size == null ? 6 : priceFormatOfTick(entry.instrument.lot_size).precision;
  const priceDecimals = priceFormat.precision;
  const marked = useMemo(() => (trades === null || threshold === null ? 0 : trades.quantity.reduce((count, q) => (q >= threshold ? count + 1 : count), 0)), [trades, threshold]);
  const derived = 'VWAP, realized vol and large-trade markers use';
  const tradeNote =
    plan.trades.kind === 'latest'
      ? `${derived} the latest ten minutes of trades (anonymous).`
      : trades?.truncated === true
        ? `${derived} the first ${trades.cap.toLocaleString('en-US')} trades, to ${formatTimestamp(trades.time.at(-1) ?? null, zone, 'min')}.`
        : null;
  const subtitle = entry === undefined ? (catalog.isPending ? 'Loading the catalog…' : 'Not in the catalog of this data source') : `${entry.symbol} · ${kindOf(entry.categories, entry.source_type)}`;

  return (
    <ViewFrame
      title={`${source} · ${market}${instrument === undefined ? '' : ` · ${instrument}`}`}
      subtitle={subtitle}
      actions={simulated ? <span className="badge badge-simulated">SIMULATED</span> : undefined}
    >
      {unhealthy !== null ? (
        <ErrorPanel
          context={`${label} needs a healthy data source.`}
          error={{ kind: unhealthy.message.startsWith('Unreachable') ? 'network' : 'unavailable', message: unhealthy.message, resolution: 'Check that the service is running and that the base URL in Settings is right, then retry.', retryAfterMs: null }}
          failedAt={unhealthy.checkedAt}
          onRetry={() => checkHealth.mutate()}
          retrying={checkHealth.isPending}
        />
      ) : (
        <div className={fundingState.kind === 'ready' || fundingState.kind === 'loading' || fundingState.kind === 'error' ? 'workspace with-funding' : 'workspace'}>
          <div className="workspace-toolbar">
            <IntervalPicker offered={intervals.isSuccess ? offered : interval === null ? [] : [interval]} value={interval} built={origin === 'built'} onPick={(next) => update({ interval: next })} />
            <span className="toolbar-divider" aria-hidden="true" />
            <span className="toolbar-label" aria-hidden="true">
              Range
            </span>
            <RangePicker
              range={range}
              zone={zone}
              onChange={(patch) => {
                setAnchor(Date.now());
                update(patch);
              }}
            />
            <span className="toolbar-divider" aria-hidden="true" />
            <button type="button" className="button compact" onClick={replayBook} title="Replay the order book over the last 10 minutes of this range (b)">
              Replay book
            </button>
          </div>
          <section className="panel chart-panel" aria-label={`Candles of ${label}`}>
            <ChartPanel
              state={chartState}
              barMs={barMs}
              zone={zone}
              priceFormat={priceFormat}
              vwap={vwap}
              volatility={volatility}
              volatilityLabel={`Realized vol per ${interval ?? ''} candle, from trades`}
              markers={markers}
              largeTrades={largeTrades}
              timeSync={timeSync}
              tradeNote={tradeNote}
              older={older}
              onNarrowRange={narrow}
              onShowLastHour={showLastHour}
              ref={chartRef}
            />
          </section>
          <section className="panel funding-panel" aria-label="Funding, premium, mark, index and open interest">
            <FundingPanel state={fundingState} zone={zone} priceFormat={priceFormat} priceDecimals={priceDecimals} onNarrowRange={narrow} timeSync={timeSync} />
          </section>
          <aside className="panel tape-panel" aria-label="Trades">
            <TapePanel
              state={tapeState}
              scope={plan.trades.kind === 'latest' ? 'latest ten minutes (anonymous)' : 'in the range'}
              zone={zone}
              priceDecimals={priceDecimals}
              sizeDecimals={sizeDecimals}
              base={entry?.instrument.base ?? 'base'}
              threshold={threshold}
              thresholdIsDefault={userThreshold === null}
              marked={marked}
              onThreshold={setUserThreshold}
              onNarrowRange={narrow}
              ref={tapeRef}
            />
          </aside>
        </div>
      )}
    </ViewFrame>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import { RangePicker } from '../../components/range/RangePicker.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { formatTimestamp, timeZoneLabel } from '../../format/market-values.ts';
import { useCatalog, useCatalogMarket } from '../../hooks/catalog-queries.ts';
import { useCheckHealth, useSelectedSource, useTimeZone } from '../../hooks/contract-queries.ts';
import { useKeyAccess } from '../../hooks/market-queries.ts';
import { StaleBanner, type StaleBannerProps } from '../../components/StaleBanner.tsx';
import { resolveRange, spanChoices, type SpanChoice } from '../../navigation/time-range.ts';
import { useUiStore, type ViewParams, type ViewParamsPatch } from '../../stores/ui-store.ts';
import { ChartPanel, type ChartState } from './ChartPanel.tsx';
import type { CandleChartHandle } from './chart/CandleChart.tsx';
import { priceFormatOfTick } from '../../components/chart/price-format.ts';
import { TimeRangeSync } from './time-range-sync.ts';
import { FundingPanel, type FundingState } from './FundingPanel.tsx';
import { atInterval, extendedTo, loadedRangeFor, type LoadedRange } from './history/loaded-range.ts';
import { intervalMs } from '../../../../shared/rows/from-records/candle-rows.ts';
import { defaultInterval, opensInRange, spanHolding, stepInterval } from './interval-choice.ts';
import { IntervalPicker } from './IntervalPicker.tsx';
import { TapePanel } from './TapePanel.tsx';
import type { TapeState } from './panel-states.ts';
import { useWorkspaceData } from './use-workspace-data.ts';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts.ts';
import { halvedRange } from './workspace-range.ts';
import { ActivityBarsPanel } from './modes/ActivityBarsPanel.tsx';
import { ChartModeBar } from './modes/ChartModeBar.tsx';
import { useChartModes } from './modes/use-chart-modes.ts';

/** Props of one market's workspace. */
export interface WorkspaceProps {
  source: string;
  market: string;
  instrument: string | undefined;
  params: ViewParams;
}

const defaultSpan = '6h';

/** The wall clock, read by the handlers that renew the range's "now" (never during render). */
function wallClock(): number {
  return Date.now();
}
const noTimes: readonly number[] = [];

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

  // The range shown (picker, link) and the range the main loads are for: panning back loads history
  // before the main range, and the range shown then reaches back to it (`history/loaded-range.ts`).
  const shownRange = resolveRange(params, anchor, defaultSpan);
  const [held, setHeld] = useState<LoadedRange | null>(null);
  const continued = loadedRangeFor(shownRange, held);
  const range = continued.base;
  const loadedRef = useRef(continued);
  // Older candles arrived: the range shown reaches back to them, in the same update as the history
  // (a render never sees one without the other).
  const onReach = useCallback(
    (from: number) => {
      const extended = extendedTo(loadedRef.current, from);
      loadedRef.current = extended.loaded;
      setHeld(extended.loaded);
      update(extended.params);
    },
    [update],
  );
  const ref = useMemo(() => ({ source, market, instrument }), [source, market, instrument]);
  const data = useWorkspaceData({ ref, params, range, anchor, hasKey, accessKnown: keyAccess !== undefined, entry, catalogReady: !catalog.isPending, userThreshold, onReach });
  const { intervals, origin, offered, interval, barMs, plan, coverage, rangeMs, candleLoad, tradeLoad, fundingLoad, noFunding, trades, candles, candlesArriving, funding, older, vwap, volatility, threshold, largestTop, largeTrades, markers } = data;
  // History loaded at another interval is not kept: the range shown becomes the new base.
  const loaded = atInterval(continued, interval, shownRange);
  // Adjusted while rendering (React re-renders at once), not in an effect.
  if (loaded !== held) setHeld(loaded);
  useEffect(() => {
    loadedRef.current = loaded;
  });

  const narrow = (): void => {
    const half = halvedRange(shownRange);
    setAnchor(wallClock());
    update({ start: half.start, end: half.end, span: undefined });
  };
  // For an interval longer than the range: the offered interval that fits it, or a wider range.
  const fitting = defaultInterval(
    offered.filter((candidate) => opensInRange(range, intervalMs[candidate])),
    rangeMs,
  );
  const widenTo = (span: SpanChoice): void => {
    setAnchor(wallClock());
    if (shownRange.relative) update({ span: span.id, start: undefined, end: undefined });
    else update({ start: shownRange.end - span.ms, end: shownRange.end, span: undefined });
  };
  const showLastHour = (): void => {
    setAnchor(wallClock());
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
    chartMode: (key) => modes.onModeKey(key),
    footprintStep: (direction) => modes.onStepKey(direction),
  });

  const label = `${source} ${market}`;
  const drawn = candles !== null && candles.openTime.length > 0;
  const healthError = unhealthy === null ? null : { kind: unhealthy.message.startsWith('Unreachable') ? ('network' as const) : ('unavailable' as const), message: unhealthy.message, resolution: 'Check that the service is running and that the base URL in Settings is right, then retry.', retryAfterMs: null };
  // What is drawn stays when the data source drops or a refresh fails: marked stale, the error beside it.
  const stale = ((): StaleBannerProps | null => {
    const asOf = candleLoad.query.dataUpdatedAt || tradeLoad.query.dataUpdatedAt;
    const context = `${label} as loaded at ${formatTimestamp(asOf, zone, 's')} (${timeZoneLabel(zone, asOf)})`;
    if (healthError !== null && unhealthy !== null && drawn) return { context, error: healthError, failedAt: unhealthy.checkedAt, onRetry: () => checkHealth.mutate(), retrying: checkHealth.isPending };
    const failed = [candleLoad, tradeLoad, fundingLoad].find((load) => load.query.isError && load.query.data !== undefined);
    if (failed?.query.error == null) return null;
    return { context, error: shownError(failed.query.error), failedAt: failed.query.errorUpdatedAt, onRetry: () => void failed.query.refetch(), retrying: failed.query.isFetching };
  })();
  const chartState = ((): ChartState => {
    // What is drawn stays (marked stale, the error beside it) when a refresh of the catalog or the intervals fails.
    if (catalog.isError && !drawn) return { kind: 'error', context: 'The catalog could not be loaded.', error: shownError(catalog.error), failedAt: catalog.errorUpdatedAt, retry: () => void catalog.refetch(), retrying: catalog.isFetching };
    // Nothing drawn yet and the data source is down: say so where the chart would be.
    if (healthError !== null && unhealthy !== null && !drawn) return { kind: 'error', context: `${label} needs a healthy data source.`, error: healthError, failedAt: unhealthy.checkedAt, retry: () => checkHealth.mutate(), retrying: checkHealth.isPending };
    if (catalog.isPending) return { kind: 'loading', what: 'the catalog', rows: null };
    if (intervals.isError && !drawn) return { kind: 'error', context: `The candle intervals of ${label} could not be found.`, error: shownError(intervals.error), failedAt: intervals.errorUpdatedAt, retry: () => void intervals.refetch(), retrying: intervals.isFetching };
    if (keyAccess === undefined) return { kind: 'loading', what: 'whether you have an API key', rows: null };
    const load = origin === 'published' ? candleLoad : tradeLoad;
    if (origin === 'published' && plan.candles.kind === 'refused') return { kind: 'refused', what: `Candles of ${label} over this range`, reason: plan.candles.reason };
    if (load.query.isError && !drawn) return { kind: 'error', context: `The ${origin === 'published' ? 'candles' : 'trades to build candles from'} could not be loaded.`, error: shownError(load.query.error), failedAt: load.query.errorUpdatedAt, retry: () => void load.query.refetch(), retrying: load.query.isFetching };
    if (candles === null) return { kind: 'loading', what: origin === 'published' ? 'candles' : 'trades to build candles from', rows: load.progress };
    if (candles.openTime.length === 0 && intervals.isPending) return { kind: 'loading', what: 'candle intervals', rows: null };
    if (candles.openTime.length === 0 && interval !== null && !opensInRange(range, barMs)) {
      const wider = spanHolding(barMs);
      return {
        kind: 'interval-too-long',
        interval,
        range: shownRange.relative && shownRange.span !== null ? `the last ${spanChoices.find((span) => span.id === shownRange.span)?.label ?? shownRange.span}` : `${formatTimestamp(shownRange.start, zone, 's')} → ${formatTimestamp(shownRange.end, zone, 's')}`,
        fit: fitting === null ? null : { label: `Show ${fitting} candles`, apply: () => update({ interval: fitting }) },
        widen: wider === null ? null : { label: `Widen the range to ${wider.label}`, apply: () => widenTo(wider) },
      };
    }
    if (candles.openTime.length === 0) {
      const text = coverage === null ? `${label} is not in the catalog of this data source.` : `${label} has data from ${formatTimestamp(coverage.start, zone, 'min')} to ${formatTimestamp(coverage.end, zone, 'min')} (${timeZoneLabel(zone, coverage.end)}).`;
      const outside = coverage !== null && (range.end < coverage.start || range.start > coverage.end);
      return { kind: 'empty', coverage: text, jumpToCoverage: outside ? () => update({ start: coverage.end - rangeMs, end: coverage.end, span: undefined }) : null, inCatalog: coverage !== null };
    }
    return { kind: 'ready', candles, arriving: candlesArriving };
  })();

  const tapeState = ((): TapeState => {
    if (trades !== null) return { kind: 'ready', trades };
    // A source that is down is said once (the banner over the chart); the tape points at it.
    if (unhealthy !== null) return { kind: 'unavailable', why: 'Not loaded: the data source is down.' };
    if (tradeLoad.query.isError) return { kind: 'error', error: shownError(tradeLoad.query.error), failedAt: tradeLoad.query.errorUpdatedAt, retry: () => void tradeLoad.query.refetch(), retrying: tradeLoad.query.isFetching };
    return { kind: 'loading', rows: tradeLoad.progress };
  })();

  const fundingState = ((): FundingState => {
    if (noFunding) return { kind: 'none', why: `${label} is a spot market: it has no funding, premium, mark, index or open interest.` };
    if (keyAccess === undefined) return { kind: 'loading', rows: null };
    if (plan.funding.kind === 'refused') return { kind: 'refused', reason: plan.funding.reason };
    // Funding is drawn per candle: with no candle in the range there is nothing to line it up with.
    if (chartState.kind === 'interval-too-long') return { kind: 'none', why: `Funding is shown per ${chartState.interval} candle: pick an interval that fits the range to see it.` };
    if (funding !== null && funding.time.length === 0) return { kind: 'none', why: `${label} published no funding, mark, index or open interest in this range.` };
    if (funding !== null) return { kind: 'ready', funding };
    if (unhealthy !== null) return { kind: 'none', why: 'Funding is not loaded: the data source is down.' };
    if (fundingLoad.query.isError) return { kind: 'error', error: shownError(fundingLoad.query.error), failedAt: fundingLoad.query.errorUpdatedAt, retry: () => void fundingLoad.query.refetch(), retrying: fundingLoad.query.isFetching };
    return { kind: 'loading', rows: fundingLoad.progress };
  })();

  const priceFormat = useMemo(() => priceFormatOfTick(entry?.instrument.tick_size), [entry?.instrument.tick_size]);
  // Without a lot size, sizes keep six decimals rather than round small trades away.
  const sizeDecimals = entry?.instrument.lot_size == null ? 6 : priceFormatOfTick(entry.instrument.lot_size).precision;
  const priceDecimals = priceFormat.precision;
  const marked = useMemo(() => (trades === null || threshold === null ? 0 : trades.quantity.reduce((count, q) => (q >= threshold ? count + 1 : count), 0)), [trades, threshold]);
  const derived = 'VWAP, realized vol and large-trade markers use';
  const tradeNote =
    trades !== null && trades.time.length === 0
      ? 'No trades in this range: no VWAP, realized vol or large-trade markers.'
      : plan.trades.kind === 'latest'
        ? `${derived} the latest ten minutes of trades (anonymous).`
        : trades?.truncated === true && trades.droppedUntil !== null
          ? `${derived} trades after ${formatTimestamp(trades.droppedUntil, zone, 's')}: the trades before were left out to keep the newest ${trades.cap.toLocaleString('en-US')}.`
          : null;
  const modes = useChartModes({
    chart: params.chart,
    update,
    tickText: entry?.instrument.tick_size,
    trades,
    candles,
    barMs,
    tradesPlan: plan.trades,
    tradesFrom: older.tradesFrom,
    tape: tapeState,
    retryTrades: () => void tradeLoad.query.refetch(),
    narrow,
    zone,
    label,
  });
  const { mode, barKind } = modes;
  const subtitle = entry === undefined ? (catalog.isPending ? 'Loading the catalog…' : 'Not in the catalog of this data source') : `${entry.symbol} · ${kindOf(entry.categories, entry.source_type)}`;

  return (
    <ViewFrame
      title={`${source} · ${market}${instrument === undefined ? '' : ` · ${instrument}`}`}
      subtitle={subtitle}
      actions={simulated ? <span className="badge badge-simulated">SIMULATED</span> : undefined}
    >
      <div className={fundingState.kind === 'ready' || fundingState.kind === 'loading' || fundingState.kind === 'error' ? 'workspace with-funding' : 'workspace'}>
          <div className="workspace-toolbar">
            <IntervalPicker offered={intervals.isSuccess ? offered : interval === null ? [] : [interval]} value={interval} built={origin === 'built'} onPick={(next) => update({ interval: next })} />
            <span className="toolbar-divider" aria-hidden="true" />
            <span className="toolbar-label" aria-hidden="true">
              Range
            </span>
            <RangePicker
              range={shownRange}
              zone={zone}
              onChange={(patch) => {
                setAnchor(wallClock());
                update(patch);
              }}
            />
            <span className="toolbar-divider" aria-hidden="true" />
            <ChartModeBar {...modes.modeBar} />
            <span className="toolbar-divider" aria-hidden="true" />
            <button type="button" className="button compact" onClick={replayBook} title="Replay the order book over the last 10 minutes of this range (b)">
              Replay book
            </button>
            {stale !== null && (
              <div className="workspace-stale">
                <StaleBanner {...stale} />
              </div>
            )}
          </div>
          <section className={stale === null ? 'panel chart-panel' : 'panel chart-panel stale'} aria-label={barKind !== null ? `Activity bars of ${label}` : mode === 'footprint' ? `Footprint of ${label}` : `Candles of ${label}`}>
            {barKind !== null ? (
              <ActivityBarsPanel state={modes.barsState} zone={zone} priceFormat={priceFormat} sizeDecimals={sizeDecimals} tradeNote={modes.barsNote} onNarrowRange={narrow} timeSync={timeSync} candleMs={barMs} />
            ) : (
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
              stale={stale !== null}
              onNarrowRange={narrow}
              onShowLastHour={showLastHour}
              footprint={mode === 'footprint' ? modes.footprint.drawing : undefined}
              onFootprintView={modes.onFootprintView}
              modeNotice={modes.modeNotice}
              ref={chartRef}
            />
            )}
          </section>
          <section className={stale === null ? 'panel funding-panel' : 'panel funding-panel stale'} aria-label="Funding, premium, mark, index and open interest">
            <FundingPanel state={fundingState} interval={interval ?? ''} barMs={barMs} candleTimes={candles?.openTime ?? noTimes} zone={zone} priceFormat={priceFormat} priceDecimals={priceDecimals} onNarrowRange={narrow} timeSync={timeSync} />
          </section>
          <aside className={stale === null ? 'panel tape-panel' : 'panel tape-panel stale'} aria-label="Trades">
            <TapePanel
              state={tapeState}
              scope={plan.trades.kind === 'latest' ? 'latest ten minutes (anonymous)' : 'in the range'}
              zone={zone}
              priceDecimals={priceDecimals}
              sizeDecimals={sizeDecimals}
              base={entry?.instrument.base ?? 'base'}
              threshold={threshold}
              thresholdIsDefault={userThreshold === null}
              largestTop={largestTop}
              marked={marked}
              onThreshold={setUserThreshold}
              onNarrowRange={narrow}
              ref={tapeRef}
            />
          </aside>
      </div>
    </ViewFrame>
  );
}

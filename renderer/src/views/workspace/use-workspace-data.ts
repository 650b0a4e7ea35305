import { useMemo, useState } from 'react';
import type { CandleColumns } from '../../../../shared/contract/market-schemas.ts';
import { candleIntervals, type CandleInterval } from '../../../../shared/rows/candle-row.ts';
import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';
import { intervalMs } from '../../../../shared/rows/from-records/candle-rows.ts';
import { realizedVolatility } from '../../../../shared/series/realized-volatility.ts';
import { candlesFromTrades } from '../../../../shared/series/trade-candles.ts';
import { cumulativeVwap } from '../../../../shared/series/vwap.ts';
import type { ResolvedRange } from '../../navigation/time-range.ts';
import type { ViewParams } from '../../stores/ui-store.ts';
import { accessPlan } from './access-plan.ts';
import { prependCandles } from './candle-history.ts';
import { chartColours } from '../../components/chart/chart-theme.ts';
import { defaultLargeTradeRule, largeTradeMarkers, largeTradeTotals } from './chart/trade-markers.ts';
import { builtIntervals, defaultInterval, inCanonicalOrder } from './interval-choice.ts';
import { useMarketIntervals } from './use-market-intervals.ts';
import type { CandleOrigin } from './history/history-plan.ts';
import { completeFrom, prependFunding, prependTrades } from './history/series-history.ts';
import { useOlderHistory } from './history/use-older-history.ts';
import { useCandleLoad, useFundingLoad, useTradeLoad, type MarketRef } from './use-workspace-loads.ts';
import { hourMs } from '../../../../shared/time/time-units.ts';

/** What the workspace's data depends on. */
export interface WorkspaceDataInput {
  ref: MarketRef;
  params: ViewParams;
  range: ResolvedRange;
  /** The "now" the range was resolved against. */
  anchor: number;
  hasKey: boolean;
  /** False until it is known whether a key is sent: nothing is asked for meanwhile. */
  accessKnown: boolean;
  /** The market's catalog entry (undefined while the catalog loads, or for a market it lacks). */
  entry: CatalogMarket | undefined;
  catalogReady: boolean;
  /** The size threshold the user set, or null for the default rule (the largest trades the chart can carry). */
  userThreshold: number | null;
  /** Called when older candles arrive, with where they start. */
  onReach: (from: number) => void;
}


/** Candles shown before their load ends: only once some have arrived (an empty first window is not "no candles"). */
function arrived(soFar: CandleColumns | null): CandleColumns | null {
  return soFar !== null && soFar.openTime.length > 0 ? soFar : null;
}

function hasNoFunding(categories: readonly string[]): boolean {
  return categories.includes('Spot') && !categories.includes('Futures') && !categories.includes('Perpetual');
}

/**
 * Everything the workspace shows, loaded and derived: the intervals on offer and the one shown,
 * the access plan, the loads (candles, trades, funding), pan-back history of all three (joined in
 * front of the main loads), and the series derived from trades (candles built from them, VWAP,
 * realized volatility, large-trade markers).
 */
export function useWorkspaceData({ ref, params, range, anchor, hasKey, accessKnown, entry, catalogReady, userThreshold, onReach }: WorkspaceDataInput) {
  const { source, market } = ref;
  const rangeMs = range.end - range.start;
  const coverage = entry === undefined ? null : { start: Date.parse(entry.start), end: Date.parse(entry.end) };
  const ended = coverage !== null && coverage.end < anchor - hourMs;
  const probe = ended ? { start: coverage.end - hourMs, end: coverage.end } : null;

  // The interval probe (nine one-row `/ohlcv` asks) waits for the candles, so on a cold service it
  // does not compete with them; until it answers, candles are asked for at the named interval.
  const marketKey = `${source}\u0000${market}`;
  const [probeAllowedFor, setProbeAllowedFor] = useState<string | null>(null);
  const intervals = useMarketIntervals(source, market, probe, catalogReady && probeAllowedFor === marketKey);
  const origin: CandleOrigin = intervals.data?.length === 0 ? 'built' : 'published';
  // While the probe runs, candles are already asked for at the interval the view names (or would
  // default to), so opening a market costs one round of requests, not two; the probe then confirms.
  const offered: readonly CandleInterval[] = intervals.data === undefined ? candleIntervals : intervals.data.length === 0 ? builtIntervals : inCanonicalOrder(intervals.data);
  const interval = params.interval !== undefined && offered.includes(params.interval) ? params.interval : defaultInterval(offered, rangeMs);
  const barMs = interval === null ? 60_000 : intervalMs[interval];

  const plan = accessPlan(range, hasKey, anchor);
  const candleLoad = useCandleLoad(ref, interval, plan.candles, accessKnown && origin === 'published' && !intervals.isError);
  // The chart is what the market was opened for: trades, funding and the interval probe are asked
  // for once the venue's candles have answered (or will not be asked), so on a cold service they do
  // not compete with them.
  const candlesFirst = !accessKnown || (origin === 'published' && !intervals.isError && plan.candles.kind !== 'refused' && interval !== null && candleLoad.query.isPending);
  // Adjusted while rendering (React re-renders at once), not in an effect: no extra commit.
  if (!candlesFirst && probeAllowedFor !== marketKey) setProbeAllowedFor(marketKey);
  const tradeLoad = useTradeLoad(ref, plan.trades, !candlesFirst);
  const noFunding = entry !== undefined && hasNoFunding(entry.categories);
  // A spot market has no funding to ask for; a market the catalog lacks is still asked.
  const fundingLoad = useFundingLoad(ref, plan.funding, catalogReady && !noFunding && !candlesFirst);

  const mainTrades = tradeLoad.query.data?.data ?? null;
  const mainCandles = useMemo(() => {
    // A long range's candles are drawn as they arrive (`partial`), before the last window is in.
    if (origin === 'published') return candleLoad.query.data?.data ?? arrived(candleLoad.partial?.data ?? null);
    return mainTrades === null || interval === null ? null : candlesFromTrades(mainTrades, interval, mainTrades);
  }, [origin, candleLoad.query.data, candleLoad.partial, mainTrades, interval]);
  const mainBounds = origin === 'published' ? (candleLoad.query.data?.bounds ?? null) : (tradeLoad.query.data?.bounds ?? null);
  const mainFunding = fundingLoad.query.data ?? null;

  // Where each main load is complete from: pan-back history of every series starts there.
  const tradeBounds = tradeLoad.query.data?.bounds ?? null;
  const main = {
    // Candles still arriving are not complete from anywhere yet: no pan-back history before the load ends.
    candles: mainCandles === null || (origin === 'published' && candleLoad.query.data === undefined) ? null : mainBounds === null ? (mainCandles.openTime[0] ?? null) : completeFrom(mainCandles, mainBounds.start),
    trades: mainTrades === null || tradeBounds === null ? null : completeFrom(mainTrades, tradeBounds.start),
    funding: mainFunding === null || mainFunding.bounds === null ? null : completeFrom(mainFunding.data, mainFunding.bounds.start),
  };
  const older = useOlderHistory({
    identity: JSON.stringify([source, market, ref.instrument ?? null, interval, origin, range.start, range.end, hasKey]),
    source,
    market,
    instrument: ref.instrument,
    interval: interval ?? '1m',
    origin,
    main,
    chunkMs: mainBounds === null ? rangeMs : mainBounds.end - mainBounds.start + 1,
    coverageStart: coverage?.start ?? Number.NEGATIVE_INFINITY,
    hasKey,
    mainTrades: mainTrades?.time.length ?? 0,
    tradeBudget: mainTrades?.cap ?? 0,
    onReach,
  });
  const candles = useMemo(() => (mainCandles === null ? null : older.candles === null ? mainCandles : prependCandles(older.candles, mainCandles)), [mainCandles, older.candles]);
  // Candles built from trades already hold the older trades' candles; the trades are joined alike.
  const trades = useMemo(() => (mainTrades === null ? null : older.trades === null ? mainTrades : prependTrades(older.trades, mainTrades)), [mainTrades, older.trades]);
  const funding = useMemo(() => (mainFunding === null ? null : older.funding === null ? mainFunding.data : prependFunding(older.funding, mainFunding.data)), [mainFunding, older.funding]);

  const vwap = useMemo(() => (trades === null || trades.time.length === 0 ? null : cumulativeVwap(trades, barMs)), [trades, barMs]);
  const volatility = useMemo(() => (trades === null || trades.time.length === 0 ? null : realizedVolatility(trades, barMs)), [trades, barMs]);
  const candleCount = candles?.openTime.length ?? 0;
  const defaultRule = useMemo(() => (trades === null ? null : defaultLargeTradeRule(trades.quantity, candleCount)), [trades, candleCount]);
  const threshold = userThreshold ?? defaultRule?.threshold ?? null;
  const largeTrades = useMemo(() => (trades === null || threshold === null || candles === null ? new Map<number, never>() : largeTradeTotals(trades, threshold, candles.openTime, barMs)), [trades, threshold, candles, barMs]);
  const markers = useMemo(
    () => (trades === null || threshold === null || candles === null ? [] : largeTradeMarkers(trades, threshold, candles.openTime, barMs, { buy: chartColours.bid, sell: chartColours.ask, unknown: chartColours.muted })),
    [trades, threshold, candles, barMs],
  );


  return {
    intervals,
    origin,
    offered,
    interval,
    barMs,
    plan,
    coverage,
    rangeMs,
    candleLoad,
    tradeLoad,
    fundingLoad,
    noFunding,
    trades,
    candles,
    /** The candles are a long range's newest, drawn while its older ones are still being read. */
    candlesArriving: origin === 'published' && candleLoad.query.data === undefined && mainCandles !== null,
    funding,
    older,
    vwap,
    volatility,
    threshold,
    /** The default rule's aim: the largest this many trades (null before trades arrive). */
    largestTop: defaultRule?.top ?? null,
    largeTrades,
    markers,
  };
}

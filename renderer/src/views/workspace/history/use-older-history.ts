import { useCallback, useEffect, useRef, useState } from 'react';
import { ContractError } from '../../../../../shared/contract/errors.ts';
import type { CandleColumns, FundingColumns, TradeColumns } from '../../../../../shared/contract/market-schemas.ts';
import type { CandleInterval } from '../../../../../shared/rows/candle-row.ts';
import { candlesFromTrades } from '../../../../../shared/series/trade-candles.ts';
import { useApi } from '../../../transport/connection-context.ts';
import { prependCandles } from '../candle-history.ts';
import type { TimeBounds } from '../workspace-range.ts';
import { nextHistoryStep, type CandleOrigin, type HistoryPosition, type HistorySeries } from './history-plan.ts';
import { completeFrom, prependFunding, prependTrades } from './series-history.ts';

/** Why a series' pan-back history stopped: a key is needed, a load failed, the trade budget is full, or a chunk came back cut short. */
export interface HistoryNotice {
  series: HistorySeries;
  kind: 'key' | 'error' | 'budget' | 'truncated';
  message: string;
}

/** What the older history is loaded for and from; a change of `identity` starts over. */
export interface OlderHistoryInput {
  /** Names the market, interval, origin and main range: history of another one is dropped. */
  identity: string;
  source: string;
  market: string;
  instrument: string | undefined;
  interval: CandleInterval;
  origin: CandleOrigin;
  /** Where the main loads are complete from (null: not loaded, or no history for that series). */
  main: HistoryPosition;
  chunkMs: number;
  coverageStart: number;
  hasKey: boolean;
  /** Trades the main load holds, and the most the workspace keeps. */
  mainTrades: number;
  tradeBudget: number;
  /** Called, in the same update as the older candles, with where the candles now start. */
  onReach: (from: number) => void;
}

/** Pan-back history of every series: what is loaded before the main range, and how to ask for more. */
export interface OlderHistory {
  /** Older rows of each series, oldest first, or null before any arrived. */
  candles: CandleColumns | null;
  trades: TradeColumns | null;
  funding: FundingColumns | null;
  /** Where the oldest candles loaded start (the main range's start before any older chunk). */
  candlesFrom: number | null;
  /** Where the joined trades (older and main) are complete from: every trade from it on is loaded (null: not known yet). */
  tradesFrom: number | null;
  /** The series loading now. */
  loading: HistorySeries | null;
  notices: readonly HistoryNotice[];
  /** True once the coverage start is reached. */
  exhausted: boolean;
  /** Asks for the chunk of candles before the oldest one (then the other series follow). */
  loadOlder: () => void;
}

interface HistoryState {
  identity: string;
  candles: CandleColumns | null;
  trades: TradeColumns | null;
  funding: FundingColumns | null;
  /** Where the older rows of each series are complete from (null: none loaded). */
  from: HistoryPosition;
  loading: HistorySeries | null;
  notices: HistoryNotice[];
  exhausted: boolean;
  wantsOlder: boolean;
}

const keyKinds = new Set(['needs-api-key', 'auth-required', 'payment-required']);
let loadCounter = 0;

function emptyState(identity: string): HistoryState {
  return { identity, candles: null, trades: null, funding: null, from: { candles: null, trades: null, funding: null }, loading: null, notices: [], exhausted: false, wantsOlder: false };
}

/** Where each series stands: its older rows' start, else the main load's. */
function positionOf(state: HistoryState, main: HistoryPosition): HistoryPosition {
  return { candles: state.from.candles ?? main.candles, trades: state.from.trades ?? main.trades, funding: state.from.funding ?? main.funding };
}

const seriesWords: Record<HistorySeries, string> = { candles: 'candles', trades: 'trades', funding: 'funding observations' };

/**
 * Loads history before the main range for every series, one step at a time
 * (`nextHistoryStep`): when the chart is panned to its oldest candle, the chunk of candles before
 * it, then the trades and funding of the same span, so VWAP, realized volatility, markers, the
 * tape and the funding panes follow the candles back. Access is judged before sending; a refusal
 * or failure becomes a notice of its series, never a crash. A change of market, interval, origin or
 * main range starts over, and cancels a load still running.
 */
export function useOlderHistory(input: OlderHistoryInput): OlderHistory {
  const api = useApi();
  const [state, setState] = useState<HistoryState>(() => emptyState(input.identity));
  const current = state.identity === input.identity ? state : emptyState(input.identity);
  const running = useRef<string | null>(null);
  const inputRef = useRef(input);
  const stateRef = useRef(current);
  const pumpRef = useRef<() => void>(() => {});

  useEffect(() => {
    inputRef.current = input;
    stateRef.current = current;
  });

  useEffect(() => {
    return () => {
      const requestId = running.current;
      running.current = null;
      if (requestId !== null) void api.market.cancel({ requestId }).catch(() => undefined);
    };
  }, [api, input.identity]);

  // The ref is the state's source of truth between renders: a load that settles and the next step
  // it starts read it at once, before React renders the update.
  const commit = useCallback((next: HistoryState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const load = useCallback(
    (series: HistorySeries, bounds: TimeBounds, t: OlderHistoryInput, identity: string) => {
      loadCounter += 1;
      const requestId = `older-${series}-${Date.now().toString(36)}-${loadCounter}`;
      running.current = requestId;
      const request = { source: t.source, market: t.market, ...(t.instrument === undefined ? {} : { instrument: t.instrument }), start: bounds.start, end: bounds.end, requestId };
      const settle = (apply: (prev: HistoryState) => HistoryState): void => {
        if (running.current !== requestId) return;
        running.current = null;
        const prev = stateRef.current;
        if (prev.identity !== identity) return;
        const next = apply(prev);
        commit(next);
        // Older candles: the view's range reaches back to them in the same update.
        if (next.from.candles !== null && next.from.candles !== prev.from.candles) t.onReach(next.from.candles);
        // The next step (the other series catching up) once this one is in.
        pumpRef.current();
      };
      const cutNotice = (cut: { truncated: boolean; cap: number }): HistoryNotice[] =>
        cut.truncated ? [{ series, kind: 'truncated', message: `The older ${seriesWords[series]} kept their newest ${cut.cap.toLocaleString('en-US')} rows.` }] : [];
      const failed = (error: unknown): void => {
        const kind = error instanceof ContractError ? error.kind : 'internal';
        if (kind === 'cancelled') {
          if (running.current === requestId) running.current = null;
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        settle((prev) => ({ ...prev, loading: null, notices: [...prev.notices.filter((n) => n.series !== series), { series, kind: keyKinds.has(kind) ? 'key' : 'error', message }] }));
      };
      const others = (prev: HistoryState): HistoryNotice[] => prev.notices.filter((n) => n.series !== series);
      if (series === 'funding') {
        api.market.funding(request).then((funding) => {
          settle((prev) => ({
            ...prev,
            loading: null,
            funding: prev.funding === null ? funding : prependFunding(funding, prev.funding),
            from: { ...prev.from, funding: completeFrom(funding, bounds.start) },
            notices: [...others(prev), ...cutNotice(funding)],
          }));
        }, failed);
      } else if (series === 'trades' || t.origin === 'built') {
        api.market.trades(request).then((trades) => {
          const from = completeFrom(trades, bounds.start);
          settle((prev) => {
            const next: HistoryState = { ...prev, loading: null, trades: prev.trades === null ? trades : prependTrades(trades, prev.trades), from: { ...prev.from, trades: from }, notices: [...others(prev), ...cutNotice(trades)] };
            if (series !== 'candles') return next;
            // Candles built from trades: the trades are the candles' history too.
            const built = candlesFromTrades(trades, t.interval, trades);
            return { ...next, candles: prev.candles === null ? built : prependCandles(built, prev.candles), from: { ...next.from, candles: from }, exhausted: bounds.start <= t.coverageStart };
          });
        }, failed);
      } else {
        api.market.candles({ ...request, interval: t.interval }).then((candles) => {
          settle((prev) => ({
            ...prev,
            loading: null,
            candles: prev.candles === null ? candles : prependCandles(candles, prev.candles),
            from: { ...prev.from, candles: completeFrom(candles, bounds.start) },
            exhausted: bounds.start <= t.coverageStart,
            notices: [...others(prev), ...cutNotice(candles)],
          }));
        }, failed);
      }
    },
    [api, commit],
  );

  const pump = useCallback(() => {
    const t = inputRef.current;
    const s = stateRef.current;
    if (s.identity !== t.identity || s.loading !== null || running.current !== null) return;
    const stopped = new Set(s.notices.filter((notice) => notice.kind !== 'truncated').map((notice) => notice.series));
    const tradesHeld = t.mainTrades + (s.trades?.time.length ?? 0);
    const step = nextHistoryStep(positionOf(s, t.main), { origin: t.origin, chunkMs: t.chunkMs, coverageStart: t.coverageStart, hasKey: t.hasKey, now: Date.now(), tradesHeld, tradeBudget: t.tradeBudget, wantsOlder: s.wantsOlder, stopped });
    if (step === null) return;
    let next: HistoryState;
    if (step.kind === 'exhausted') next = { ...s, exhausted: true, wantsOlder: false };
    else if (step.kind === 'stop') next = { ...s, wantsOlder: step.series === 'candles' ? false : s.wantsOlder, notices: [...s.notices.filter((n) => n.series !== step.series), { series: step.series, kind: step.why, message: step.message }] };
    else next = { ...s, loading: step.series, wantsOlder: step.series === 'candles' ? false : s.wantsOlder };
    commit(next);
    if (step.kind === 'load') load(step.series, step.bounds, t, s.identity);
    // A stop may leave another series with a step to take.
    else if (step.kind === 'stop') pumpRef.current();
  }, [load, commit]);

  useEffect(() => {
    pumpRef.current = pump;
  }, [pump]);

  // The main loads arrive after the first render (trades and funding after the candles): a series
  // behind the older candles catches up as soon as its main load says where it starts.
  const { candles: mainCandles, trades: mainTradesFrom, funding: mainFunding } = input.main;
  useEffect(() => {
    queueMicrotask(() => pumpRef.current());
  }, [input.identity, mainCandles, mainTradesFrom, mainFunding]);

  const loadOlder = useCallback(() => {
    const s = stateRef.current;
    if (s.identity !== inputRef.current.identity || s.exhausted || s.wantsOlder) return;
    // A new pan retries what failed; a key or the budget still stops its series.
    commit({ ...s, wantsOlder: true, notices: s.notices.filter((notice) => notice.kind === 'key' || notice.kind === 'budget') });
    pumpRef.current();
  }, [commit]);

  return { candles: current.candles, trades: current.trades, funding: current.funding, candlesFrom: positionOf(current, input.main).candles, tradesFrom: positionOf(current, input.main).trades, loading: current.loading, notices: current.notices, exhausted: current.exhausted, loadOlder };
}

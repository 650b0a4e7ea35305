import { useCallback, useEffect, useRef, useState } from 'react';
import { anonymousRefusal } from '../../../../shared/access-windows.ts';
import { ContractError } from '../../../../shared/contract/errors.ts';
import type { CandleColumns } from '../../../../shared/contract/market-schemas.ts';
import type { CandleInterval } from '../../../../shared/rows/candle-row.ts';
import { candlesFromTrades } from '../../../../shared/series/trade-candles.ts';
import { useApi } from '../../connection-context.ts';
import { prependCandles } from './chart/candle-history.ts';
import { olderChunk } from './workspace-range.ts';

/** Where candles come from: the venue's own (`/ohlcv`), or built from trades (`/historical/trades`). */
export type CandleOrigin = 'published' | 'built';

/** Why pan-back history stopped: a key is needed, a load failed, or a chunk came back cut short. */
export interface HistoryNotice {
  kind: 'key' | 'error' | 'truncated';
  message: string;
}

/** What the older history is loaded for; a change of any field starts over. */
export interface OlderCandlesFor {
  source: string;
  market: string;
  interval: CandleInterval;
  origin: CandleOrigin;
  /** Where the main range starts (older chunks end just before it); null while it is not loaded. */
  loadedStart: number | null;
  /** The length of each older chunk: the main range's length. */
  chunkMs: number;
  /** The market's coverage start: no chunk goes before it. */
  coverageStart: number;
  hasKey: boolean;
}

/** Pan-back history: the older candles loaded so far, and how to ask for the next chunk. */
export interface OlderCandles {
  /** Older candles, oldest first, or null before any arrived. */
  older: CandleColumns | null;
  loading: boolean;
  notice: HistoryNotice | null;
  /** True once the coverage start is reached. */
  exhausted: boolean;
  /** Loads the chunk before the oldest loaded candle, unless one is loading, none is left, or a key is needed. */
  loadOlder: () => void;
}

interface HistoryState {
  key: string;
  older: CandleColumns | null;
  /** Start of the oldest chunk asked for. */
  from: number | null;
  loading: boolean;
  notice: HistoryNotice | null;
  exhausted: boolean;
}

const keyKinds = new Set(['needs-api-key', 'auth-required', 'payment-required']);
let loadCounter = 0;

function emptyState(key: string): HistoryState {
  return { key, older: null, from: null, loading: false, notice: null, exhausted: false };
}

/**
 * Loads history before the main range, one chunk (as long as the main range) at a time, when the
 * chart is panned to its oldest candle. Access is judged before sending (spec 4.14): without a key
 * a chunk outside the anonymous window is not sent and a notice says so; a refusal from the service
 * becomes a notice too, never a crash. A change of market, interval or range starts over, and
 * cancels a chunk still loading.
 */
export function useOlderCandles(target: OlderCandlesFor): OlderCandles {
  const api = useApi();
  const key = JSON.stringify(target);
  const [state, setState] = useState<HistoryState>(() => emptyState(key));
  const current = state.key === key ? state : emptyState(key);
  const running = useRef<string | null>(null);
  const targetRef = useRef(target);
  const stateRef = useRef(current);

  useEffect(() => {
    targetRef.current = target;
    stateRef.current = current;
  });

  useEffect(() => {
    return () => {
      const requestId = running.current;
      running.current = null;
      if (requestId !== null) void api.market.cancel({ requestId }).catch(() => undefined);
    };
  }, [api, key]);

  const loadOlder = useCallback(() => {
    const t = targetRef.current;
    const s = stateRef.current;
    const thisKey = JSON.stringify(t);
    if (s.key !== thisKey || s.loading || s.exhausted || s.notice?.kind === 'key' || t.loadedStart === null) return;
    const chunk = olderChunk(s.from ?? t.loadedStart, t.chunkMs, t.coverageStart);
    if (chunk === null) {
      setState({ ...s, exhausted: true });
      return;
    }
    const path = t.origin === 'published' ? '/ohlcv' : '/historical/trades';
    const refusal = t.hasKey ? null : anonymousRefusal(t.origin === 'published' ? 'latest-hour' : 'historical', path, chunk, Date.now());
    if (refusal !== null) {
      setState({ ...s, notice: { kind: 'key', message: refusal } });
      return;
    }
    loadCounter += 1;
    const requestId = `older-${Date.now().toString(36)}-${loadCounter}`;
    running.current = requestId;
    setState({ ...s, loading: true, notice: null });
    const request = { source: t.source, market: t.market, start: chunk.start, end: chunk.end, requestId };
    const load: Promise<CandleColumns> =
      t.origin === 'published'
        ? api.market.candles({ ...request, interval: t.interval })
        : api.market.trades(request).then((trades) => candlesFromTrades(trades, t.interval, trades));
    load.then(
      (candles) => {
        if (running.current !== requestId) return;
        running.current = null;
        setState((prev) =>
          prev.key !== thisKey
            ? prev
            : {
                ...prev,
                older: prev.older === null ? candles : prependCandles(candles, prev.older),
                from: chunk.start,
                loading: false,
                exhausted: chunk.start <= t.coverageStart,
                notice: candles.truncated ? { kind: 'truncated', message: `The older chunk stopped at its first ${candles.cap.toLocaleString('en-US')} rows.` } : null,
              },
        );
      },
      (error: unknown) => {
        if (running.current !== requestId) return;
        running.current = null;
        const kind = error instanceof ContractError ? error.kind : 'internal';
        if (kind === 'cancelled') return;
        const message = error instanceof Error ? error.message : String(error);
        setState((prev) => (prev.key !== thisKey ? prev : { ...prev, loading: false, notice: { kind: keyKinds.has(kind) ? 'key' : 'error', message } }));
      },
    );
  }, [api]);

  return { older: current.older, loading: current.loading, notice: current.notice, exhausted: current.exhausted, loadOlder };
}

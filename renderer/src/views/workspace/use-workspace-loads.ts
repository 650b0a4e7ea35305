import type { CandleColumns, FundingColumns, TradeColumns } from '../../../../shared/contract/market-schemas.ts';
import type { CandleInterval } from '../../../../shared/rows/candle-row.ts';
import { useMarketLoad, type MarketLoad } from '../../hooks/market-queries.ts';
import { intervalMs } from '../../../../shared/rows/from-records/candle-rows.ts';
import { readCandleWindows } from './candle-windows.ts';
import { freshBounds, type LatestHourPlan, type TradesPlan } from './access-plan.ts';
import type { TimeBounds } from './workspace-range.ts';

/** Which market a load is for. */
export interface MarketRef {
  source: string;
  market: string;
  instrument?: string | undefined;
}

/** A load's answer with the bounds it was sent with (null: the service's own latest window). */
export interface Loaded<T> {
  bounds: TimeBounds | null;
  data: T;
}

function marketFields(ref: MarketRef): { source: string; market: string; instrument?: string } {
  return ref.instrument === undefined ? { source: ref.source, market: ref.market } : { source: ref.source, market: ref.market, instrument: ref.instrument };
}

function planKey(plan: LatestHourPlan): readonly unknown[] {
  return plan.kind === 'send' ? [plan.bounds.start, plan.bounds.end] : [plan.kind, plan.kind === 'fresh' ? plan.span : null];
}

/**
 * The venue's candles (`market.candles`, revisions folded in main) for a latest-hour plan; nothing
 * is sent for a refused plan. A long range is read in windows back from its end
 * (`readCandleWindows`), the candles read so far shown after each, so the chart draws as they arrive.
 */
export function useCandleLoad(ref: MarketRef, interval: CandleInterval | null, plan: LatestHourPlan, enabled: boolean): MarketLoad<Loaded<CandleColumns>> {
  return useMarketLoad(
    ['candles', ref.source, ref.market, ref.instrument ?? null, interval, ...planKey(plan)],
    async (api, requestId, steps) => {
      const bounds = plan.kind === 'send' ? plan.bounds : plan.kind === 'fresh' ? freshBounds(plan.span, Date.now()) : null;
      if (bounds === null || interval === null) throw new Error('candles are not asked for without access or an interval');
      const data = await readCandleWindows(
        bounds,
        intervalMs[interval],
        async (window) => {
          // A cancel between two windows finds no load running in main: the next one is not sent.
          steps.signal.throwIfAborted();
          return api.market.candles({ ...marketFields(ref), interval, start: window.start, end: window.end, requestId });
        },
        (soFar) => steps.show({ bounds, data: soFar }),
      );
      // The benchmark measures from here to `mde:chart-drawn`: columns in hand to candles on screen.
      performance.mark('mde:candles-received');
      return { bounds, data };
    },
    enabled && plan.kind !== 'refused' && interval !== null,
  );
}

/** Trades (`market.trades`): bounded with a key, else unbounded (the service's anonymous latest ten minutes). */
export function useTradeLoad(ref: MarketRef, plan: TradesPlan, enabled: boolean): MarketLoad<Loaded<TradeColumns>> {
  return useMarketLoad(
    ['trades', ref.source, ref.market, ref.instrument ?? null, ...(plan.kind === 'send' ? [plan.bounds.start, plan.bounds.end] : ['latest'])],
    async (api, requestId) => {
      const bounds = plan.kind === 'send' ? plan.bounds : null;
      const data = await api.market.trades({ ...marketFields(ref), ...(bounds ?? {}), requestId });
      // The footprint benchmark measures from here to `mde:footprint-drawn`.
      performance.mark('mde:trades-received');
      return { bounds, data };
    },
    enabled,
  );
}

/** Funding-bearing observations (`market.funding`) for a latest-hour plan; nothing is sent for a refused plan. */
export function useFundingLoad(ref: MarketRef, plan: LatestHourPlan, enabled: boolean): MarketLoad<Loaded<FundingColumns>> {
  return useMarketLoad(
    ['funding', ref.source, ref.market, ref.instrument ?? null, ...planKey(plan)],
    async (api, requestId) => {
      const bounds = plan.kind === 'send' ? plan.bounds : plan.kind === 'fresh' ? freshBounds(plan.span, Date.now()) : null;
      if (bounds === null) throw new Error('funding is not asked for without access');
      return { bounds, data: await api.market.funding({ ...marketFields(ref), start: bounds.start, end: bounds.end, requestId }) };
    },
    enabled && plan.kind !== 'refused',
  );
}

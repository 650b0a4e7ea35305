import { useMemo } from 'react';
import type { CandleColumns, TradeColumns } from '../../../../../shared/contract/market-schemas.ts';
import { footprint } from '../../../../../shared/research/footprint.ts';
import { tradeSeriesOf } from '../../../../../shared/research/trade-series.ts';
import type { CandlePrices } from './footprint-paint.ts';
import type { FootprintDrawing } from './footprint-primitive.ts';
import { autoFootprintStep, medianCandleRange, readableFootprintStep } from './footprint-step.ts';
import { candleTradesComplete, type TradeCoverage } from './trade-coverage.ts';

/** What the footprint is built from. */
export interface FootprintInput {
  /** False outside footprint mode: nothing is computed. */
  enabled: boolean;
  trades: TradeColumns | null;
  candles: CandleColumns | null;
  barMs: number;
  tickSize: number | null | undefined;
  /** The step and ratio the user set (null: automatic, and 3). */
  step: number | null;
  ratio: number | null;
  coverage: TradeCoverage | null;
  /** Price per pixel of the footprint's first view (null until the chart has drawn it). */
  pricePerPx: number | null;
}

/** The footprint to draw, the step in use, and why there is none. */
export interface FootprintResult {
  drawing: FootprintDrawing | null;
  stepInUse: number;
  /** The engine refused the settings (named), or null. */
  problem: string | null;
}

/** The automatic step looks at the newest candles, the ones shown first. */
const candlesForStep = 200;

/**
 * The footprint of the loaded trades at the workspace's candle interval (`shared/research/footprint.ts`),
 * with the step (automatic: from the tick size and the median range of the newest 200 candles, and
 * no finer than rows readable at the first view; or set) and the imbalance ratio, and which
 * candles have all their trades (`trade-coverage.ts`).
 */
export function useFootprint({ enabled, trades, candles, barMs, tickSize, step, ratio, coverage, pricePerPx }: FootprintInput): FootprintResult {
  const autoStep = useMemo(() => {
    const readable = readableFootprintStep(tickSize, pricePerPx);
    if (candles === null) return Math.max(readable, autoFootprintStep(tickSize, Number.NaN));
    const from = Math.max(0, candles.openTime.length - candlesForStep);
    return Math.max(readable, autoFootprintStep(tickSize, medianCandleRange(candles.high.slice(from), candles.low.slice(from))));
  }, [candles, tickSize, pricePerPx]);
  const stepInUse = step ?? autoStep;
  const series = useMemo(() => (enabled && trades !== null ? tradeSeriesOf(trades) : null), [enabled, trades]);
  const built = useMemo(() => {
    if (series === null) return null;
    try {
      return { footprint: footprint(series, { intervalMs: barMs, priceStep: stepInUse, imbalanceRatio: ratio ?? 3 }), problem: null };
    } catch (error) {
      return { footprint: null, problem: error instanceof Error ? error.message : String(error) };
    }
  }, [series, barMs, stepInUse, ratio]);
  const pricesOf = useMemo(() => {
    const index = new Map<number, number>();
    candles?.openTime.forEach((time, i) => index.set(time, i));
    return (openTime: number): CandlePrices | null => {
      const i = index.get(openTime);
      if (i === undefined || candles === null) return null;
      return { open: candles.open[i] ?? Number.NaN, high: candles.high[i] ?? Number.NaN, low: candles.low[i] ?? Number.NaN, close: candles.close[i] ?? Number.NaN };
    };
  }, [candles]);
  const drawing = useMemo((): FootprintDrawing | null => {
    if (built?.footprint == null) return null;
    return { footprint: built.footprint, step: stepInUse, ratio: ratio ?? 3, barMs, pricesOf, complete: (openTime) => candleTradesComplete(openTime, barMs, coverage) };
  }, [built, stepInUse, ratio, barMs, pricesOf, coverage]);
  return { drawing, stepInUse, problem: built?.problem ?? null };
}

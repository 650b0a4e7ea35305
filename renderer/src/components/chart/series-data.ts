import type { CandlestickData, HistogramData, LineData, WhitespaceData } from 'lightweight-charts';
import type { CandleColumns } from '../../../../shared/contract/market-schemas.ts';
import type { IntervalSeries } from '../../../../shared/series/trade-prints.ts';

/** A bar of the volume pane: a histogram bar, or whitespace where the venue published no volume. */
export type VolumeBar = HistogramData<number> | WhitespaceData<number>;

/** A point of a line: a value, or whitespace (a gap) where the value is not published. */
export type LinePoint = LineData<number> | WhitespaceData<number>;

/** What the candle and volume panes draw. */
export interface CandlePaneData {
  candles: CandlestickData<number>[];
  volume: VolumeBar[];
}

/** The colours of volume bars under rising and falling candles. */
export interface VolumeColours {
  up: string;
  down: string;
}

/**
 * Candle columns from index `from` on as chart data, in one pass: chart time is the open time in
 * Unix ms (the chart's own scale, `unix-ms-scale.ts`). A candle closing at or above its open
 * colours its volume bar `up`. Null volume is whitespace, never 0.
 */
export function candlePaneData(columns: Pick<CandleColumns, 'openTime' | 'open' | 'high' | 'low' | 'close' | 'baseVolume'>, colours: VolumeColours, from = 0): CandlePaneData {
  const n = columns.openTime.length;
  const candles: CandlestickData<number>[] = [];
  const volume: VolumeBar[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = Math.max(0, from); i < n; i++) {
    const time = columns.openTime[i] ?? Number.NaN;
    // The chart needs strictly ascending times; a repeated open time keeps its first candle.
    if (!(time > previous)) continue;
    previous = time;
    const open = columns.open[i] ?? Number.NaN;
    const close = columns.close[i] ?? Number.NaN;
    candles.push({ time, open, high: columns.high[i] ?? Number.NaN, low: columns.low[i] ?? Number.NaN, close });
    const value = columns.baseVolume[i] ?? null;
    volume.push(value === null ? { time } : { time, value, color: close >= open ? colours.up : colours.down });
  }
  return { candles, volume };
}

/**
 * A derived series as line points on the candles' time points: a point is kept only where a candle
 * opens at the same time (the chart spaces bars by index, so a time of its own would open a slot
 * between candles); a null value is whitespace, a gap in the line. Both inputs are ascending.
 */
export function linePointsOnCandles(series: IntervalSeries, candleOpenTimes: readonly number[]): LinePoint[] {
  const points: LinePoint[] = [];
  let c = 0;
  for (let i = 0; i < series.openTime.length; i++) {
    const time = series.openTime[i] ?? Number.NaN;
    while (c < candleOpenTimes.length && (candleOpenTimes[c] ?? 0) < time) c++;
    if (candleOpenTimes[c] !== time) continue;
    const value = series.value[i] ?? null;
    points.push(value === null ? { time } : { time, value });
  }
  return points;
}

/** Every time of two ascending lists, once each, ascending. */
export function unionTimes(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i] ?? Number.POSITIVE_INFINITY;
    const y = b[j] ?? Number.POSITIVE_INFINITY;
    const next = Math.min(x, y);
    if (x === next) i++;
    if (y === next) j++;
    if (out.at(-1) !== next) out.push(next);
  }
  return out;
}

/**
 * A series of values at `seriesTimes` as line points on every one of `times` (both ascending;
 * `times` holds every series time): the value where the series has one, whitespace elsewhere and
 * where the value is null (a gap, never 0). Charts that share `times` line up bar for bar.
 */
export function pointsOnTimes(times: readonly number[], seriesTimes: readonly number[], values: readonly (number | null)[]): LinePoint[] {
  const points: LinePoint[] = [];
  let s = 0;
  for (const time of times) {
    while (s < seriesTimes.length && (seriesTimes[s] ?? 0) < time) s++;
    const value = seriesTimes[s] === time ? (values[s] ?? null) : null;
    points.push(value === null ? { time } : { time, value });
  }
  return points;
}

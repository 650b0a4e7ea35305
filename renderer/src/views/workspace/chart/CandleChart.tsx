import {
  CandlestickSeries,
  createChartEx,
  createSeriesMarkers,
  createTextWatermark,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApiBase,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type LogicalRange,
  type MouseEventParams,
  type PriceFormat,
  type SeriesMarker,
} from 'lightweight-charts';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import type { CandleColumns } from '../../../../../shared/contract/market-schemas.ts';
import type { IntervalSeries } from '../../../../../shared/series/trade-prints.ts';
import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { prependedBars } from '../candle-history.ts';
import { axisPriceFormat } from '../../../components/chart/price-format.ts';
import { drawnFromAfterChange, widenedDrawnFrom } from './drawn-window.ts';
import { baseChartOptions, chartColours, paneLabel } from '../../../components/chart/chart-theme.ts';
import { ChartLegend } from './ChartLegend.tsx';
import { candlePaneData, linePointsOnCandles } from '../../../components/chart/series-data.ts';
import type { TimeRangeSync } from '../time-range-sync.ts';
import type { LargeTradeTotal } from './trade-markers.ts';
import { UnixMsScale } from '../../../components/chart/unix-ms-scale.ts';
import { cellAt, type FootprintLayout, type LaidCell } from '../modes/footprint-layout.ts';
import { FootprintHover } from '../modes/FootprintHover.tsx';
import { FootprintPrimitive, type FootprintDrawing } from '../modes/footprint-primitive.ts';

/** What the workspace can ask of the chart. */
export interface CandleChartHandle {
  /** Scrolls to the latest candle (key `l`). */
  scrollToLatest: () => void;
}

/** Props of the candle chart. */
export interface CandleChartProps {
  /** Every candle loaded (older chunks first), with revisions folded. */
  candles: CandleColumns;
  /** The candles are a long range's newest, read so far; its older windows are still arriving. */
  arriving?: boolean;
  /** Bar length in ms. */
  barMs: number;
  zone: TimeZoneChoice;
  priceFormat: PriceFormat;
  /** Cumulative VWAP per candle, from the trades of the range; null when there are none. */
  vwap: IntervalSeries | null;
  /** Realized volatility per candle, from the trades; null when there are none. */
  volatility: IntervalSeries | null;
  /** What the volatility pane is labelled with (its basis). */
  volatilityLabel: string;
  markers: SeriesMarker<number>[];
  /** Large trades per candle, for the legend. */
  largeTrades: ReadonlyMap<number, LargeTradeTotal>;
  /** Where the visible time range is published for the charts below. */
  timeSync: TimeRangeSync;
  /** Called when the user has panned to within a few bars of the oldest loaded candle. */
  onNearOldest: () => void;
  /**
   * Footprint mode (fixed per chart: the parent keys it): the footprint drawn over the candles on
   * a primitive of the candle series, or null while it is not built yet. Undefined: time candles.
   */
  footprint?: FootprintDrawing | null | undefined;
  /** Told the price per px of the footprint's first view, once it is drawn (the automatic step keeps rows readable there). */
  onFootprintView?: ((pricePerPx: number) => void) | undefined;
  /** Notices shown under the legend (a load cut short, history loading). */
  children?: ReactNode;
  ref?: Ref<CandleChartHandle> | undefined;
}

/** How close to the oldest loaded bar (in bars) a pan asks for older history. */
const edgeBars = 8;
/** The most bars shown at first; more are a scroll or a zoom away. */
const firstViewBars = 1500;
/** A footprint's first view gives each bar this many px, so "bid × ask" is readable at once. */
const footprintBarPx = 92;
/** A candle drawn by the footprint instead (its series point made invisible). */
const hiddenCandle = { color: 'rgba(0, 0, 0, 0)', wickColor: 'rgba(0, 0, 0, 0)', borderColor: 'rgba(0, 0, 0, 0)' };

interface ChartParts {
  chart: IChartApiBase<number>;
  candles: ISeriesApi<'Candlestick', number>;
  volume: ISeriesApi<'Histogram', number>;
  vwap: ISeriesApi<'Line', number>;
  volatility: ISeriesApi<'Line', number>;
  markers: ISeriesMarkersPluginApi<number>;
  footprint: FootprintPrimitive | null;
}

/** The loaded candles and where the part handed to the chart starts (`drawn-window.ts`). */
interface Drawn {
  columns: CandleColumns;
  from: number;
  /** The columns were a range's load still arriving (`drawnFromAfterChange`). */
  arriving: boolean;
}

/** The open times of the drawn candles. */
function drawnTimes({ columns, from }: Drawn): readonly number[] {
  return from === 0 ? columns.openTime : columns.openTime.slice(from);
}

/**
 * Writes what the footprint laid out on the chart's root, for tests and the benchmark: per candle
 * in view `[open time, centre x, complete 0/1, POC price or null]`, and whether numbers are shown.
 */
function describeFootprint(element: HTMLElement | null, layout: FootprintLayout): void {
  if (element === null) return;
  element.setAttribute('data-footprint', JSON.stringify(layout.candles.map((c) => [c.openTime, Math.round(c.x * 100) / 100, c.complete ? 1 : 0, c.pocPrice])));
  element.setAttribute('data-footprint-cells', String(layout.cells.length));
  element.setAttribute('data-footprint-numbers', String(layout.numbers));
}

function drawLine(series: ISeriesApi<'Line', number>, values: IntervalSeries | null, drawn: Drawn): void {
  series.setData(values === null ? [] : linePointsOnCandles(values, drawnTimes(drawn)));
}

function drawMarkers(plugin: ISeriesMarkersPluginApi<number>, markers: SeriesMarker<number>[], drawn: Drawn): void {
  const first = drawn.columns.openTime[drawn.from] ?? Number.NEGATIVE_INFINITY;
  plugin.setMarkers(drawn.from === 0 ? markers : markers.filter((marker) => marker.time >= first));
}

/**
 * Hands the drawn candles and volume to the chart; the number of bars the chart holds. With a
 * footprint, the candles it draws are made invisible (it draws their thin candle itself).
 */
function drawCandles(p: ChartParts, { columns, from }: Drawn, footprint: FootprintDrawing | null): number {
  const data = candlePaneData(columns, { up: chartColours.bidVolume, down: chartColours.askVolume }, from);
  p.candles.setData(footprint === null ? data.candles : data.candles.map((candle) => (footprint.complete(candle.time) && footprint.footprint.candles.openTime.length > 0 ? { ...candle, ...hiddenCandle } : candle)));
  p.volume.setData(data.volume);
  return data.candles.length;
}

/**
 * Candles with lightweight-charts (one chart per zone and bar length: the parent keys it by both): candles and the VWAP line in the main pane, volume in its own
 * pane, realized volatility in a third; large trades as markers. Chart time is Unix ms on the
 * app's own horizontal scale (`unix-ms-scale.ts`), so 100 ms candles are exact and the axis and
 * crosshair read in the user's zone. A pan-back load that puts candles in front keeps the view on
 * the same bars. `performance.mark('mde:chart-drawn')` follows the first `setData` of each chart.
 */
export function CandleChart({ candles, arriving = false, barMs, zone, priceFormat, vwap, volatility, volatilityLabel, markers, largeTrades, timeSync, onNearOldest, footprint, onFootprintView, children, ref }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const widen = useRef<() => void>(() => {});
  const nearOldest = useRef(onNearOldest);
  // Set once the user pans or zooms: only then does a pan ask for older history.
  const userMoved = useRef(false);
  const initialFormat = useRef(priceFormat);
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const footprintMode = useRef(footprint !== undefined);
  const footprintNow = useRef<FootprintDrawing | null>(footprint ?? null);
  const footprintView = useRef(onFootprintView);
  useLayoutEffect(() => {
    footprintView.current = onFootprintView;
  }, [onFootprintView]);
  const [hoverCell, setHoverCell] = useState<LaidCell | null>(null);

  useLayoutEffect(() => {
    nearOldest.current = onNearOldest;
  }, [onNearOldest]);

  useLayoutEffect(() => {
    const element = container.current;
    if (element === null) return;
    const chart = createChartEx<number, UnixMsScale>(element, new UnixMsScale(zone, barMs), baseChartOptions());
    const candleSeries = chart.addSeries(CandlestickSeries, {
      upColor: chartColours.bid,
      downColor: chartColours.ask,
      borderVisible: false,
      wickUpColor: chartColours.bid,
      wickDownColor: chartColours.ask,
      priceLineColor: chartColours.muted,
      priceFormat: axisPriceFormat(initialFormat.current),
    });
    const vwapSeries = chart.addSeries(LineSeries, {
      color: chartColours.warn,
      lineWidth: 1,
      lineStyle: LineStyle.Solid,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    });
    const volumeSeries = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 1);
    const volatilitySeries = chart.addSeries(
      LineSeries,
      { color: chartColours.violet, lineWidth: 1, priceLineVisible: false, lastValueVisible: false, priceFormat: { type: 'custom', formatter: (value: number) => `${(value * 100).toFixed(3)}%`, minMove: 0.000001 } },
      2,
    );
    const [main, volumePane, volatilityPane] = chart.panes();
    // A footprint needs height for its rows: its pane takes more, and the VWAP line and trade markers (read in candle mode) step aside.
    main?.setStretchFactor(footprintMode.current ? 7 : 4);
    if (footprintMode.current) {
      vwapSeries.applyOptions({ visible: false });
      // Room at the top for the legend, and below for the lowest bucket's row (it starts under the candle's low).
      candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.16, bottom: 0.08 } });
    }
    volumePane?.setStretchFactor(1);
    volatilityPane?.setStretchFactor(1);
    if (volumePane !== undefined) createTextWatermark(volumePane, paneLabel('Volume'));
    // The last pane's bottom left holds the chart library's attribution logo: its label goes right,
    // and its line keeps to the pane's upper part, clear of the logo.
    if (volatilityPane !== undefined) createTextWatermark(volatilityPane, paneLabel(volatilityLabel, 'right'));
    volatilitySeries.priceScale().applyOptions({ scaleMargins: { top: 0.2, bottom: 0.4 } });
    let footprintDrawn = false;
    const footprintPrimitive = footprintMode.current
      ? new FootprintPrimitive((layout) => {
          describeFootprint(root.current, layout);
          // The benchmark's "footprint drawn": once the frame that paints the first cells has been shown.
          if (!footprintDrawn && layout.cells.length > 0) {
            footprintDrawn = true;
            requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('mde:footprint-drawn')));
          }
        })
      : null;
    if (footprintPrimitive !== null) candleSeries.attachPrimitive(footprintPrimitive);
    parts.current = { chart, candles: candleSeries, volume: volumeSeries, vwap: vwapSeries, volatility: volatilitySeries, markers: createSeriesMarkers(candleSeries, []), footprint: footprintPrimitive };

    const onCrosshair = (param: MouseEventParams<number>): void => {
      const time = typeof param.time === 'number' ? param.time : null;
      setHoverTime(time);
      timeSync.publishHover(time);
      if (footprintPrimitive !== null) setHoverCell(param.point === undefined ? null : cellAt(footprintPrimitive.layout, param.point.x, param.point.y));
    };
    chart.subscribeCrosshairMove(onCrosshair);
    // Only a pan by the user asks for older history, not the first fit (which starts at the oldest bar).
    userMoved.current = false;
    const onUser = (): void => {
      userMoved.current = true;
    };
    element.addEventListener('pointerdown', onUser);
    element.addEventListener('wheel', onUser, { passive: true });
    let widening = false;
    const onRange = (range: LogicalRange | null): void => {
      if (userMoved.current && range !== null && range.from < edgeBars) {
        // Older loaded candles are drawn first (next frame: not from inside the chart's own event); then the service is asked.
        if ((drawn.current?.from ?? 0) === 0) nearOldest.current();
        else if (!widening) {
          widening = true;
          requestAnimationFrame(() => {
            widening = false;
            widen.current();
          });
        }
      }
      const times = chart.timeScale().getVisibleRange();
      const firstTime = drawn.current === null ? undefined : drawn.current.columns.openTime[drawn.current.from];
      if (times !== null) {
        timeSync.publish({
          from: times.from,
          to: times.to,
          ...(range === null || firstTime === undefined ? {} : { bars: { from: range.from, to: range.to, firstTime } }),
          scaleWidth: chart.priceScale('right').width(),
        });
      }
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    return () => {
      timeSync.publishHover(null);
      element.removeEventListener('pointerdown', onUser);
      element.removeEventListener('wheel', onUser);
      chart.unsubscribeCrosshairMove(onCrosshair);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.remove();
      parts.current = null;
      drawn.current = null;
    };
  }, [zone, barMs, volatilityLabel, timeSync]);

  useLayoutEffect(() => {
    parts.current?.candles.applyOptions({ priceFormat: axisPriceFormat(priceFormat) });
  }, [priceFormat]);

  useLayoutEffect(() => {
    const p = parts.current;
    if (p === null) return;
    const previous = drawn.current;
    const prepended = prependedBars(previous?.columns ?? null, candles);
    const from = drawnFromAfterChange(previous?.from ?? null, prepended, candles.openTime.length, previous?.arriving ?? false);
    // Bars put in front of those the chart held: all prepended ones when the window reached the oldest.
    const added = previous === null || prepended === null ? null : previous.from + prepended - from;
    const before = p.chart.timeScale().getVisibleLogicalRange();
    const next = { columns: candles, from, arriving };
    drawn.current = next;
    const bars = drawCandles(p, next, footprintNow.current);
    root.current?.setAttribute('data-drawn', String(bars));
    // The benchmark's "drawn": once the frame that paints the first candles has been shown.
    if (previous === null) requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('mde:chart-drawn')));
    const timeScale = p.chart.timeScale();
    // While a range's windows arrive and the user has not moved the chart, it keeps its first view of the newest bars.
    const firstView = previous !== null && previous.arriving && !userMoved.current;
    if (added !== null && before !== null && !firstView) {
      timeScale.setVisibleLogicalRange({ from: before.from + added, to: before.to + added });
    } else if (footprintMode.current) {
      // `shown` bars and one empty slot after the last take the width: each slot at least footprintBarPx.
      const shown = Math.max(4, Math.floor(timeScale.width() / footprintBarPx) - 1);
      timeScale.setVisibleLogicalRange({ from: bars - shown, to: bars + 1 });
      // Once the price scale has fitted the candles in view: how much price a pixel holds there.
      if (previous === null) {
        requestAnimationFrame(() => {
          const top = p.candles.coordinateToPrice(0);
          const lower = p.candles.coordinateToPrice(100);
          if (top !== null && lower !== null && top > lower) footprintView.current?.((top - lower) / 100);
        });
      }
    } else if (bars > firstViewBars) {
      timeScale.setVisibleLogicalRange({ from: bars - firstViewBars, to: bars + 4 });
    } else {
      timeScale.fitContent();
    }
  }, [candles, arriving]);

  useLayoutEffect(() => {
    const p = parts.current;
    if (p !== null && drawn.current !== null) drawLine(p.vwap, vwap, drawn.current);
  }, [vwap, candles]);

  useLayoutEffect(() => {
    const p = parts.current;
    if (p !== null && drawn.current !== null) drawLine(p.volatility, volatility, drawn.current);
  }, [volatility, candles]);

  useEffect(() => {
    const p = parts.current;
    if (p !== null && drawn.current !== null && p.footprint === null) drawMarkers(p.markers, markers, drawn.current);
  }, [markers, candles]);

  // Widening reads the latest overlays; the chart's range handler calls it.
  useLayoutEffect(() => {
    widen.current = () => {
      const p = parts.current;
      const current = drawn.current;
      if (p === null || current === null || current.from === 0) return;
      const before = p.chart.timeScale().getVisibleLogicalRange();
      const held = current.columns.openTime.length - current.from;
      const next = { ...current, from: widenedDrawnFrom(current.from, current.columns.openTime.length) };
      drawn.current = next;
      const bars = drawCandles(p, next, footprintNow.current);
      drawLine(p.vwap, vwap, next);
      drawLine(p.volatility, volatility, next);
      if (p.footprint === null) drawMarkers(p.markers, markers, next);
      root.current?.setAttribute('data-drawn', String(bars));
      const added = bars - held;
      if (before !== null) p.chart.timeScale().setVisibleLogicalRange({ from: before.from + added, to: before.to + added });
    };
  }, [vwap, volatility, markers]);

  // A new footprint (trades arrived, another step or ratio): the candles it now covers are hidden, and it is drawn.
  useLayoutEffect(() => {
    footprintNow.current = footprint ?? null;
    const p = parts.current;
    if (p === null || p.footprint === null) return;
    if (drawn.current !== null) drawCandles(p, drawn.current, footprintNow.current);
    p.footprint.setDrawing(footprintNow.current);
    root.current?.setAttribute('data-footprint-step', footprint == null ? '' : String(footprint.step));
  }, [footprint]);

  useImperativeHandle(ref, () => ({ scrollToLatest: () => parts.current?.chart.timeScale().scrollToRealTime() }), []);

  return (
    <div className={footprint === undefined ? 'candle-chart' : 'candle-chart footprint-mode'} ref={root} data-testid="candle-chart" data-candles={candles.openTime.length} data-first-open={candles.openTime[0] ?? ''} data-last-open={candles.openTime.at(-1) ?? ''} data-oldest-marker={markers[0]?.time ?? ''} data-vwap-from={vwap?.openTime[0] ?? ''} data-rv-from={volatility?.openTime[0] ?? ''}>
      <div className="chart-canvas" ref={container} />
      <div className="chart-overlay">
        <ChartLegend candles={candles} hoverTime={hoverTime} zone={zone} barMs={barMs} priceFormat={priceFormat} vwap={vwap} volatility={volatility} largeTrades={largeTrades} />
        {children}
      </div>
      {footprint != null && hoverCell !== null && <FootprintHover drawing={footprint} cell={hoverCell} precision={priceFormat.type === 'price' ? priceFormat.precision : 2} />}
    </div>
  );
}

import { createChartEx, LineSeries, LineStyle, type IChartApiBase, type ISeriesApi, type MouseEventParams, type PriceFormat } from 'lightweight-charts';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FundingColumns } from '../../../../../shared/contract/market-schemas.ts';
import { fundingPerInterval, type FundingPerInterval } from '../../../../../shared/series/funding-intervals.ts';
import { formatNumber, formatPercent, formatTimestamp, notPublished, type TimeZoneChoice } from '../../../format/market-values.ts';
import { baseChartOptions } from './chart-theme.ts';
import { fundingPanes, type FundingPaneSpec, type FundingValueFormat } from './funding-panes.ts';
import { pointsOnTimes, unionTimes } from './series-data.ts';
import { crosshairPrecision } from './time-axis.ts';
import { followerLogicalRange, type TimeRangeSync, type VisibleTimes } from './time-range-sync.ts';
import { candleIndexAt } from './trade-markers.ts';
import { UnixMsScale } from './unix-ms-scale.ts';

/** Props of the funding panes. */
export interface FundingPanesProps {
  funding: FundingColumns;
  /** The candle interval the observations are aggregated to, in ms. */
  barMs: number;
  /** The candles' open times: the panes hold a (possibly empty) point at each, so they line up bar for bar. */
  candleTimes: readonly number[];
  zone: TimeZoneChoice;
  /** The format of mark and index prices (the market's tick). */
  priceFormat: PriceFormat;
  priceDecimals: number;
  /** The candle chart's view, which the panes follow. */
  timeSync: TimeRangeSync;
  /** The candle interval's name ("1m"). */
  intervalWord: string;
  /** What the load left out, said in the header; null when nothing. */
  cutNote: string | null;
}

const rateFormat: PriceFormat = { type: 'custom', formatter: (value: number) => `${(value * 100).toFixed(4)}%`, minMove: 0.0000001 };
const sizeFormat: PriceFormat = { type: 'volume', precision: 3, minMove: 0.001 };

function formatValue(value: number | null | undefined, format: FundingValueFormat, priceDecimals: number): string {
  if (format === 'rate') return formatPercent(value, 4);
  return formatNumber(value, format === 'price' ? priceDecimals : 3);
}

/** One pane's chart, and how another pane moves its crosshair to a time. */
interface PaneHandle {
  chart: IChartApiBase<number>;
  showAt: (time: number | null) => void;
}

/** The label of one pane: its name, and each line's last value in the interval shown with the interval's range when it moved. */
function PaneLabel({ spec, per, index, priceDecimals }: { spec: FundingPaneSpec; per: FundingPerInterval; index: number; priceDecimals: number }) {
  return (
    <div className="funding-pane-label">
      <span className="funding-pane-name">{spec.label}</span>
      {spec.lines.map((line) => {
        const range = per.fields[line.field];
        const everPublished = range.last.some((value) => value !== null);
        if (!everPublished) {
          return (
            <span key={line.field} className="funding-pane-value muted">
              {spec.lines.length > 1 ? `${line.title} ` : ''}not published in this range
            </span>
          );
        }
        const last = range.last[index] ?? null;
        const min = range.min[index] ?? null;
        const max = range.max[index] ?? null;
        return (
          <span key={line.field} className="funding-pane-value" data-field={line.field}>
            {spec.lines.length > 1 && <span style={{ color: line.colour }}>{line.title} </span>}
            <b>{last === null ? notPublished : formatValue(last, spec.format, priceDecimals)}</b>
            {min !== null && max !== null && min !== max && (
              <span className="funding-pane-range">
                {' '}
                {formatValue(min, spec.format, priceDecimals)} – {formatValue(max, spec.format, priceDecimals)}
              </span>
            )}
          </span>
        );
      })}
    </div>
  );
}

interface FundingPaneProps {
  spec: FundingPaneSpec;
  per: FundingPerInterval;
  times: readonly number[];
  zone: TimeZoneChoice;
  barMs: number;
  priceFormat: PriceFormat;
  /** Only the bottom pane shows the time axis. */
  timeAxis: boolean;
  timeSync: TimeRangeSync;
  onHover: (time: number | null, from: PaneHandle | null) => void;
  register: (handle: PaneHandle | null) => void;
}

/** One pane: its own small chart, driven by the candle chart's view (it neither scrolls nor zooms by itself). */
function FundingPane({ spec, per, times, zone, barMs, priceFormat, timeAxis, timeSync, onHover, register }: FundingPaneProps) {
  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<{ chart: IChartApiBase<number>; series: ISeriesApi<'Line', number>[]; times: readonly number[] } | null>(null);
  const hover = useRef(onHover);

  useLayoutEffect(() => {
    hover.current = onHover;
  }, [onHover]);

  useLayoutEffect(() => {
    const element = container.current;
    if (element === null) return;
    const base = baseChartOptions();
    const chart = createChartEx<number, UnixMsScale>(element, new UnixMsScale(zone, barMs), {
      ...base,
      // The candle chart above carries the library's attribution logo; one on screen is enough.
      layout: { ...base.layout, attributionLogo: false },
      rightPriceScale: { ...base.rightPriceScale, scaleMargins: { top: 0.32, bottom: 0.08 }, entireTextOnly: true },
      // The values are in the pane's label: no price label of the crosshair covers the axis ticks.
      crosshair: { ...base.crosshair, horzLine: { ...base.crosshair?.horzLine, visible: false, labelVisible: false } },
      timeScale: { ...base.timeScale, visible: timeAxis, minBarSpacing: 0.001, rightOffset: 0 },
      handleScroll: false,
      handleScale: false,
    });
    const format: PriceFormat = spec.format === 'rate' ? rateFormat : spec.format === 'size' ? sizeFormat : priceFormat;
    const series = spec.lines.map((line) =>
      chart.addSeries(LineSeries, {
        color: line.colour,
        lineWidth: 1,
        lineStyle: line.dashed === true ? LineStyle.Dashed : LineStyle.Solid,
        // Values are in the pane's label: no last-value badge sits on the axis ticks.
        lastValueVisible: false,
        priceLineVisible: false,
        priceFormat: format,
      }),
    );
    // The time another pane or the candle chart put the crosshair at: placed again when the view
    // moves or resizes (the library keeps it as a pixel position).
    let shownTime: number | null = null;
    const handle: PaneHandle = {
      chart,
      showAt: (time) => {
        shownTime = time;
        const first = series[0];
        const held = parts.current;
        if (time === null || first === undefined || held === null) return chart.clearCrosshairPosition();
        // The crosshair meets the line where it has a value at that time, else the pane's middle.
        const index = candleIndexAt(held.times, time);
        const point = held.times[index] === time ? first.dataByIndex(index) : null;
        const value = point !== null && 'value' in point && typeof point.value === 'number' ? point.value : null;
        const price = value ?? first.coordinateToPrice(element.clientHeight / 2) ?? 0;
        chart.setCrosshairPosition(price, time, first);
      },
    };
    parts.current = { chart, series, times: [] };
    register(handle);
    const onMove = (param: MouseEventParams<number>): void => {
      // Moves set by another pane come without a source event: only the user's own are passed on.
      if (param.sourceEvent === undefined) return;
      hover.current(typeof param.time === 'number' ? param.time : null, handle);
    };
    chart.subscribeCrosshairMove(onMove);
    const follow = (range: VisibleTimes): void => {
      const held = parts.current;
      if (held === null || held.times.length === 0) return;
      if (range.scaleWidth !== undefined) chart.applyOptions({ rightPriceScale: { minimumWidth: Math.ceil(range.scaleWidth) } });
      const logical = followerLogicalRange(range, held.times);
      if (logical !== null) chart.timeScale().setVisibleLogicalRange(logical);
      else chart.timeScale().setVisibleRange({ from: range.from, to: range.to });
      if (shownTime !== null) handle.showAt(shownTime);
    };
    const unsubscribe = timeSync.subscribe(follow);
    const onResize = (): void => {
      if (shownTime !== null) handle.showAt(shownTime);
    };
    chart.timeScale().subscribeSizeChange(onResize);
    return () => {
      unsubscribe();
      chart.timeScale().unsubscribeSizeChange(onResize);
      register(null);
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      parts.current = null;
    };
  }, [spec, zone, barMs, priceFormat, timeAxis, timeSync, register]);

  useLayoutEffect(() => {
    const held = parts.current;
    if (held === null) return;
    spec.lines.forEach((line, i) => held.series[i]?.setData(pointsOnTimes(times, per.openTime, per.fields[line.field].last)));
    held.times = times;
    const last = timeSync.last;
    const logical = last === null ? null : followerLogicalRange(last, times);
    if (last?.scaleWidth !== undefined) held.chart.applyOptions({ rightPriceScale: { minimumWidth: Math.ceil(last.scaleWidth) } });
    if (logical !== null) held.chart.timeScale().setVisibleLogicalRange(logical);
    else held.chart.timeScale().fitContent();
  }, [spec, per, times, timeSync]);

  return <div className="funding-pane-chart" ref={container} />;
}

/**
 * Funding, predicted funding, premium, mark with index, and open interest under the candles, one
 * pane each (`funding-panes.ts`), aggregated to the candle interval (`fundingPerInterval`): each
 * pane draws each interval's last published value at the candle's open time, so the panes line up
 * with the candles bar for bar and follow the candle chart's view. The label of each pane gives the
 * values of the interval under the crosshair (the latest when none), with their min and max in the
 * interval. A null is "not published": a gap, never 0.
 */
export function FundingPanes({ funding, barMs, candleTimes, zone, priceFormat, priceDecimals, timeSync, intervalWord, cutNote }: FundingPanesProps) {
  const per = useMemo(() => fundingPerInterval(funding, barMs), [funding, barMs]);
  const times = useMemo(() => unionTimes(per.openTime, candleTimes), [per, candleTimes]);
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const handles = useRef(new Map<string, PaneHandle>());
  const registers = useMemo(
    () =>
      new Map(
        fundingPanes.map((spec) => [
          spec.id,
          (handle: PaneHandle | null): void => {
            if (handle === null) handles.current.delete(spec.id);
            else handles.current.set(spec.id, handle);
          },
        ]),
      ),
    [],
  );
  const onHover = useCallback((time: number | null, from: PaneHandle | null) => {
    setHoverTime(time);
    for (const handle of handles.current.values()) if (handle !== from) handle.showAt(time);
  }, []);
  // The candle under the candle chart's crosshair: its funding values, and the crosshair on every pane.
  useLayoutEffect(() => timeSync.subscribeHover((time) => onHover(time, null)), [timeSync, onHover]);

  const hovered = hoverTime === null ? -1 : candleIndexAt(per.openTime, hoverTime);
  const index = hovered >= 0 && per.openTime[hovered] === hoverTime ? hovered : hoverTime === null ? per.openTime.length - 1 : -1;
  const shownTime = per.openTime[index];
  return (
    <div className="funding-area">
      <header className="funding-header">
        <span className="panel-title">Funding</span>
        <span className="muted" data-testid="funding-summary">
          {funding.time.length.toLocaleString('en-US')} observations · last of each {intervalWord} candle{cutNote === null ? '' : ` · ${cutNote}`}
        </span>
        <span className="funding-interval" data-testid="funding-interval">
          {shownTime === undefined ? 'no observation in this candle' : `${formatTimestamp(shownTime, zone, crosshairPrecision(barMs))} · ${(per.count[index] ?? 0).toLocaleString('en-US')} obs${hoverTime === null ? ' · latest' : ''}`}
        </span>
      </header>
      <div className="funding-panes" data-testid="funding-chart" data-observations={funding.time.length} data-points={per.openTime.length} data-first-time={per.openTime[0] ?? ''} onMouseLeave={() => onHover(null, null)}>
      {fundingPanes.map((spec, i) => (
        <div key={spec.id} className="funding-pane" data-testid="funding-pane" data-pane={spec.id}>
          <FundingPane
            spec={spec}
            per={per}
            times={times}
            zone={zone}
            barMs={barMs}
            priceFormat={priceFormat}
            timeAxis={i === fundingPanes.length - 1}
            timeSync={timeSync}
            onHover={onHover}
            register={registers.get(spec.id) ?? (() => {})}
          />
          <PaneLabel spec={spec} per={per} index={index} priceDecimals={priceDecimals} />
        </div>
      ))}
      </div>
    </div>
  );
}

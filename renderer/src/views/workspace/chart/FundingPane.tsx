import { createChartEx, LineSeries, LineStyle, type IChartApiBase, type ISeriesApi, type MouseEventParams, type PriceFormat } from 'lightweight-charts';
import { useLayoutEffect, useRef } from 'react';
import type { FundingPerInterval } from '../../../../../shared/series/funding-intervals.ts';
import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { baseChartOptions } from '../../../components/chart/chart-theme.ts';
import type { FundingPaneSpec } from './funding-panes.ts';
import { pointsOnTimes } from '../../../components/chart/series-data.ts';
import { followerLogicalRange, type TimeRangeSync, type VisibleTimes } from '../time-range-sync.ts';
import { crosshairSlot } from './crosshair-slot.ts';
import { UnixMsScale } from '../../../components/chart/unix-ms-scale.ts';

const rateFormat: PriceFormat = { type: 'custom', formatter: (value: number) => `${(value * 100).toFixed(4)}%`, minMove: 0.0000001 };
const sizeFormat: PriceFormat = { type: 'volume', precision: 3, minMove: 0.001 };

/** One pane's chart, and how another pane moves its crosshair to a time. */
export interface PaneHandle {
  chart: IChartApiBase<number>;
  showAt: (time: number | null) => void;
}

/** Props of one funding pane. */
export interface FundingPaneProps {
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
export function FundingPane({ spec, per, times, zone, barMs, priceFormat, timeAxis, timeSync, onHover, register }: FundingPaneProps) {
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
    // The crosshair's candle and its x in the pane, as data attributes (tests compare them with the header and the drawing).
    const clear = (): void => {
      delete element.dataset['crosshairTime'];
      delete element.dataset['crosshairX'];
      chart.clearCrosshairPosition();
    };
    const handle: PaneHandle = {
      chart,
      showAt: (time) => {
        shownTime = time;
        const first = series[0];
        const held = parts.current;
        if (time === null || first === undefined || held === null) return clear();
        // Only on the very candle the header names: none when the pane does not hold it or has it out of view.
        const index = crosshairSlot(held.times, time, chart.timeScale().getVisibleLogicalRange());
        if (index === null) return clear();
        // The crosshair meets the line where it has a value at that time, else the pane's middle.
        const point = first.dataByIndex(index);
        const value = point !== null && 'value' in point && typeof point.value === 'number' ? point.value : null;
        const price = value ?? first.coordinateToPrice(element.clientHeight / 2) ?? 0;
        chart.setCrosshairPosition(price, time, first);
        element.dataset['crosshairTime'] = String(time);
        element.dataset['crosshairX'] = String(chart.timeScale().timeToCoordinate(time) ?? '');
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


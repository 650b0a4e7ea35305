import { createChartEx, createTextWatermark, HistogramSeries, LineSeries, LineStyle, type IChartApiBase, type ISeriesApi, type PriceFormat } from 'lightweight-charts';
import { useLayoutEffect, useRef } from 'react';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { baseChartOptions, paneLabel } from '../../components/chart/chart-theme.ts';
import { linePoints } from './line-points.ts';
import { UnixMsScale } from '../../components/chart/unix-ms-scale.ts';

/** One line (or histogram) of a research chart: values at the chart's times, null a gap (never 0). */
export interface ChartLine {
  title: string;
  values: readonly (number | null)[];
  pane: number;
  colour: string;
  dashed?: boolean;
  kind?: 'line' | 'histogram';
  /** Decimals of the value axis and the crosshair label (default 2). */
  decimals?: number;
  /** Its own times, when not the chart's. */
  time?: readonly number[];
}

/** Props of a research time-series chart. */
export interface SeriesChartProps {
  time: readonly number[];
  lines: readonly ChartLine[];
  /** Each pane's name, drawn in its top-left corner. */
  paneNames: readonly string[];
  zone: TimeZoneChoice;
  testId: string;
}

function formatOf(decimals: number): PriceFormat {
  return { type: 'price', precision: decimals, minMove: 10 ** -decimals };
}

/**
 * Time series on the app's Unix-ms scale (lightweight-charts, as the market workspace draws), one
 * pane per group of lines, each pane named. A null value is a gap in its line. The chart is made
 * again when the lines' set changes, and its data replaced when only values change.
 */
export function SeriesChart({ time, lines, paneNames, zone, testId }: SeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApiBase<number>; series: ISeriesApi<'Line' | 'Histogram', number>[] } | null>(null);
  const shape = lines.map((line) => `${line.title}|${line.pane}|${line.kind ?? 'line'}|${line.colour}`).join(',');

  useLayoutEffect(() => {
    const element = container.current;
    if (element === null) return;
    const base = baseChartOptions();
    const chart = createChartEx<number, UnixMsScale>(element, new UnixMsScale(zone, 0), {
      ...base,
      layout: { ...base.layout, attributionLogo: false },
      rightPriceScale: { ...base.rightPriceScale, minimumWidth: 64 },
      timeScale: { ...base.timeScale, minBarSpacing: 0.001, rightOffset: 0 },
    });
    const series = lines.map((line) =>
      line.kind === 'histogram'
        ? chart.addSeries(HistogramSeries, { color: line.colour, priceLineVisible: false, lastValueVisible: false, priceFormat: formatOf(line.decimals ?? 0), title: line.title }, line.pane)
        : chart.addSeries(
            LineSeries,
            { color: line.colour, lineWidth: 1, lineStyle: line.dashed === true ? LineStyle.Dashed : LineStyle.Solid, priceLineVisible: false, lastValueVisible: false, priceFormat: formatOf(line.decimals ?? 2), title: line.title },
            line.pane,
          ),
    );
    chart.panes().forEach((pane, index) => createTextWatermark(pane, paneLabel(paneNames[index] ?? '')));
    chartRef.current = { chart, series };
    return () => {
      chart.remove();
      chartRef.current = null;
    };
    // The chart is rebuilt only when its set of lines or the zone changes; values go in below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, zone, paneNames.join('|')]);

  useLayoutEffect(() => {
    const current = chartRef.current;
    if (current === null) return;
    lines.forEach((line, i) => current.series[i]?.setData(linePoints(line.time ?? time, line.values)));
    current.chart.timeScale().fitContent();
  }, [time, lines]);

  return <div className="research-chart" ref={container} data-testid={testId} data-points={time.length} />;
}

import { createChartEx, createTextWatermark, LineSeries, LineStyle, type IChartApiBase, type ISeriesApi, type ITextWatermarkPluginApi, type PriceFormat } from 'lightweight-charts';
import { useLayoutEffect, useRef } from 'react';
import type { FundingColumns } from '../../../../../shared/contract/market-schemas.ts';
import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { baseChartOptions, chartColours, paneLabel } from './chart-theme.ts';
import { linePoints } from './series-data.ts';
import type { TimeRangeSync, VisibleTimes } from './time-range-sync.ts';
import { UnixMsScale } from './unix-ms-scale.ts';

/** Props of the funding chart. */
export interface FundingChartProps {
  funding: FundingColumns;
  zone: TimeZoneChoice;
  /** The format of mark and index prices (the market's tick). */
  priceFormat: PriceFormat;
  /** The candle chart's visible time range, which this chart follows. */
  timeSync: TimeRangeSync;
}

const rateFormat: PriceFormat = { type: 'custom', formatter: (value: number) => `${(value * 100).toFixed(4)}%`, minMove: 0.0000001 };

type FundingField = 'fundingRate' | 'predictedFundingRate' | 'premium' | 'markPrice' | 'indexPrice' | 'openInterest';

/** The lines, by pane: funding with predicted funding, premium, mark with index, open interest. */
const lines: readonly { field: FundingField; pane: number; title: string; colour: string; dashed?: boolean; format: 'rate' | 'price' | 'volume' }[] = [
  { field: 'fundingRate', pane: 0, title: 'funding', colour: chartColours.accent, format: 'rate' },
  { field: 'predictedFundingRate', pane: 0, title: 'predicted', colour: chartColours.warn, dashed: true, format: 'rate' },
  { field: 'premium', pane: 1, title: 'premium', colour: chartColours.violet, format: 'rate' },
  { field: 'markPrice', pane: 2, title: 'mark', colour: chartColours.bid, format: 'price' },
  { field: 'indexPrice', pane: 2, title: 'index', colour: chartColours.muted, dashed: true, format: 'price' },
  { field: 'openInterest', pane: 3, title: 'OI', colour: chartColours.accent, format: 'volume' },
];

/** The part of `range` inside the observations' span, or null when they do not meet. */
function overlap(range: VisibleTimes, observed: VisibleTimes | null): VisibleTimes | null {
  if (observed === null) return null;
  const from = Math.max(range.from, observed.from);
  const to = Math.min(range.to, observed.to);
  return from < to ? { from, to } : null;
}

const paneNames = ['Funding rate · predicted (dashed)', 'Premium', 'Mark · index (dashed)', 'Open interest'];

/**
 * Funding-bearing observations over time, each at its own collector time (Unix ms, the app's own
 * horizontal scale): funding and predicted funding together, premium, mark and index together, and
 * open interest, each in its own pane, following the candle chart's visible time range (bars are
 * spaced by index, so times between the ends line up only roughly). A null is "not published": whitespace, a gap in the line,
 * never 0. A field the range never published says so in its pane label.
 */
export function FundingChart({ funding, zone, priceFormat, timeSync }: FundingChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const observations = useRef<VisibleTimes | null>(null);
  const chartRef = useRef<{ chart: IChartApiBase<number>; series: Map<FundingField, ISeriesApi<'Line', number>>; labels: ITextWatermarkPluginApi<number>[] } | null>(null);

  useLayoutEffect(() => {
    const element = container.current;
    if (element === null) return;
    const base = baseChartOptions();
    // The candle chart above carries the library's attribution logo; one on screen is enough.
    // Observations are many and irregular: allow them close together so a whole range fits.
    const chart = createChartEx<number, UnixMsScale>(element, new UnixMsScale(zone, 0), {
      ...base,
      layout: { ...base.layout, attributionLogo: false },
      timeScale: { ...base.timeScale, minBarSpacing: 0.001, rightOffset: 0 },
    });
    const series = new Map<FundingField, ISeriesApi<'Line', number>>();
    for (const line of lines) {
      series.set(
        line.field,
        chart.addSeries(
          LineSeries,
          {
            color: line.colour,
            lineWidth: 1,
            lineStyle: line.dashed === true ? LineStyle.Dashed : LineStyle.Solid,
            priceLineVisible: false,
            priceFormat: line.format === 'rate' ? rateFormat : line.format === 'volume' ? { type: 'volume' } : priceFormat,
          },
          line.pane,
        ),
      );
    }
    const labels = chart.panes().map((pane, index) => createTextWatermark(pane, paneLabel(paneNames[index] ?? '')));
    chartRef.current = { chart, series, labels };
    const follow = (range: VisibleTimes): void => {
      // Only the part of the range with observations can be shown; without any, the whole set is.
      const shown = overlap(range, observations.current);
      if (shown !== null) chart.timeScale().setVisibleRange(shown);
      else if (observations.current !== null) chart.timeScale().fitContent();
    };
    const unsubscribe = timeSync.subscribe(follow);
    return () => {
      unsubscribe();
      chart.remove();
      chartRef.current = null;
    };
  }, [zone, priceFormat, timeSync]);

  useLayoutEffect(() => {
    const current = chartRef.current;
    if (current === null) return;
    for (const line of lines) current.series.get(line.field)?.setData(linePoints(funding.time, funding[line.field]));
    const first = funding.time[0];
    const last = funding.time.at(-1);
    observations.current = first === undefined || last === undefined ? null : { from: first, to: last };
    current.labels.forEach((label, index) => {
      const fields = lines.filter((line) => line.pane === index).map((line) => line.field);
      const missing = fields.filter((field) => funding[field].every((value) => value === null));
      const name = paneNames[index] ?? '';
      const note = missing.length === fields.length ? ' — not published in this range' : missing.length > 0 ? ` — ${missing.map((field) => lines.find((line) => line.field === field)?.title ?? field).join(', ')} not published` : '';
      label.applyOptions(paneLabel(`${name}${note}`));
    });
    const shown = timeSync.last === null ? null : overlap(timeSync.last, observations.current);
    if (shown !== null) current.chart.timeScale().setVisibleRange(shown);
    else current.chart.timeScale().fitContent();
  }, [funding, timeSync]);

  return <div className="funding-chart" ref={container} data-testid="funding-chart" data-observations={funding.time.length} />;
}

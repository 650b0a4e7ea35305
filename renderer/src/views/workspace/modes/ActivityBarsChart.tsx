import { CandlestickSeries, createChartEx, createTextWatermark, LineSeries, type LogicalRange, type MouseEventParams, type PriceFormat } from 'lightweight-charts';
import { useLayoutEffect, useRef, useState } from 'react';
import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { baseChartOptions, chartColours, paneLabel } from '../../../components/chart/chart-theme.ts';
import type { TimeRangeSync } from '../time-range-sync.ts';
import { BarNumberScale } from './bar-number-scale.ts';
import { BarsLegend } from './BarsLegend.tsx';
import { ProfilePrimitive, profileWidthShare } from './profile-primitive.ts';
import type { ActivityBarsView } from './use-activity-bars.ts';
import { visibleBarsSpan } from './visible-bars-span.ts';

/** Props of the activity-bar chart. */
export interface ActivityBarsChartProps {
  view: ActivityBarsView;
  zone: TimeZoneChoice;
  priceFormat: PriceFormat;
  sizeDecimals: number;
  /** Where the visible bars' time span and the hovered bar's candle are published (the funding panes follow them). */
  timeSync: TimeRangeSync;
  /** The workspace's candle length (ms): a hovered bar is published as the candle it opened in. */
  candleMs: number;
  /** Notices under the legend. */
  children?: React.ReactNode;
}

const kindWords = { tick: 'Tick', volume: 'Volume', dollar: 'Dollar' } as const;

/**
 * Activity bars drawn by bar number (they close on trades, volume or notional, not on the clock)
 * with lightweight-charts on a bar-number scale (`bar-number-scale.ts`): the bars in the main
 * pane with the session volume profile (POC, 70 % value area) at its right, and the CVD at each
 * bar's close in a pane below. The crosshair's bar is described in the legend.
 */
export function ActivityBarsChart({ view, zone, priceFormat, sizeDecimals, timeSync, candleMs, children }: ActivityBarsChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const formatRef = useRef(priceFormat);

  useLayoutEffect(() => {
    const element = container.current;
    if (element === null) return;
    const { bars, cvd } = view;
    const chart = createChartEx<number, BarNumberScale>(element, new BarNumberScale(bars.openTime, zone), baseChartOptions());
    const barSeries = chart.addSeries(CandlestickSeries, {
      upColor: chartColours.bid,
      downColor: chartColours.ask,
      borderVisible: false,
      wickUpColor: chartColours.bid,
      wickDownColor: chartColours.ask,
      priceLineColor: chartColours.muted,
      priceFormat: formatRef.current,
    });
    // Room at the top for the title and legend, so they do not cover the highest bars.
    barSeries.priceScale().applyOptions({ scaleMargins: { top: 0.22, bottom: 0.05 } });
    const cvdSeries = chart.addSeries(LineSeries, { color: chartColours.accent, lineWidth: 1, priceLineVisible: false, lastValueVisible: true, priceFormat: { type: 'volume' } }, 1);
    const [main, cvdPane] = chart.panes();
    main?.setStretchFactor(3);
    cvdPane?.setStretchFactor(1);
    if (cvdPane !== undefined) createTextWatermark(cvdPane, paneLabel("CVD at each bar's close: Σ buy − sell volume (unknown side apart)"));
    const candles = [];
    const line = [];
    for (let i = 0; i < bars.openTime.length; i++) {
      candles.push({ time: i, open: bars.open[i] ?? 0, high: bars.high[i] ?? 0, low: bars.low[i] ?? 0, close: bars.close[i] ?? 0 });
      const value = cvd[i] ?? Number.NaN;
      line.push(Number.isNaN(value) ? { time: i } : { time: i, value });
    }
    barSeries.setData(candles);
    cvdSeries.setData(line);
    barSeries.attachPrimitive(new ProfilePrimitive(view.profile, view.profileStep));
    // The bars fill the pane left of the profile (the right 22 %, and a little air).
    const count = bars.openTime.length;
    chart.timeScale().setVisibleLogicalRange({ from: -1, to: count / (1 - profileWidthShare - 0.04) });
    // The funding panes below keep their time axis: they show the time span of the bars in view,
    // from the candle the first of them opened in (a hovered bar's candle is in the panes' view).
    const publishSpan = (range: LogicalRange | null): void => {
      const span = range === null ? null : visibleBarsSpan(bars, range, candleMs);
      if (span !== null) timeSync.publish({ ...span, scaleWidth: chart.priceScale('right').width() });
    };
    publishSpan(chart.timeScale().getVisibleLogicalRange());
    chart.timeScale().subscribeVisibleLogicalRangeChange(publishSpan);
    const onCrosshair = (param: MouseEventParams<number>): void => {
      const bar = typeof param.time === 'number' ? param.time : null;
      setHover(bar);
      const open = bar === null ? undefined : bars.openTime[bar];
      timeSync.publishHover(open === undefined ? null : Math.floor(open / candleMs) * candleMs);
    };
    chart.subscribeCrosshairMove(onCrosshair);
    return () => {
      timeSync.publishHover(null);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(publishSpan);
      chart.unsubscribeCrosshairMove(onCrosshair);
      chart.remove();
    };
  }, [view, zone, timeSync, candleMs]);

  const { bars, profile } = view;
  return (
    <div
      className="candle-chart bars-mode"
      data-testid="activity-bars-chart"
      data-bars={bars.openTime.length}
      data-kind={view.kind}
      data-size={view.size}
      data-trades={bars.tradeCount.reduce((sum, n) => sum + n, 0)}
      data-poc={profile.pocPrice}
      data-va-low={profile.valueAreaLow}
      data-va-high={profile.valueAreaHigh}
      data-profile-step={view.profileStep}
    >
      <div className="chart-canvas" ref={container} />
      <div className="chart-overlay">
        <p className="chart-legend bars-title">
          {kindWords[view.kind]} bars of {view.size.toLocaleString('en-US')} {view.kind === 'tick' ? 'trades' : view.kind === 'volume' ? 'base' : 'notional'} · {bars.openTime.length.toLocaleString('en-US')} bars by number · profile step {view.profileStep}, POC{' '}
          {profile.pocPrice.toFixed(priceFormat.type === 'price' ? priceFormat.precision : 2)}
        </p>
        <BarsLegend view={view} bar={hover} zone={zone} priceFormat={priceFormat} sizeDecimals={sizeDecimals} />
        {children}
      </div>
    </div>
  );
}

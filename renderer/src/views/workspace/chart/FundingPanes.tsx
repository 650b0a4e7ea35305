import type { PriceFormat } from 'lightweight-charts';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FundingColumns } from '../../../../../shared/contract/market-schemas.ts';
import { fundingPerInterval } from '../../../../../shared/series/funding-intervals.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../../format/market-values.ts';
import { FundingPane, type PaneHandle } from './FundingPane.tsx';
import { FundingPaneLabel } from './FundingPaneLabel.tsx';
import { fundingPanes } from './funding-panes.ts';
import { unionTimes } from '../../../components/chart/series-data.ts';
import { crosshairPrecision } from '../../../components/chart/time-axis.ts';
import type { TimeRangeSync } from '../time-range-sync.ts';
import { candleIndexAt } from './trade-markers.ts';

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

/**
 * Funding, predicted funding, premium, mark with index, and open interest under the candles, one
 * pane each (`funding-panes.ts`), aggregated to the candle interval (`fundingPerInterval`): each
 * pane draws each interval's last published value at the candle's open time, so the panes line up
 * with the candles bar for bar and follow the candle chart's view. The label of each pane gives the
 * values of the interval under the crosshair, with their min and max in the interval (each field's
 * newest published value when there is no crosshair). A null is "not published": a gap, never 0.
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
  const index = hovered >= 0 && per.openTime[hovered] === hoverTime ? hovered : -1;
  const shownTime = per.openTime[index];
  return (
    <div className="funding-area">
      <header className="funding-header">
        <span className="panel-title">Funding</span>
        <span className="muted" data-testid="funding-summary">
          {funding.time.length.toLocaleString('en-US')} observations · last of each {intervalWord} candle{cutNote === null ? '' : ` · ${cutNote}`}
        </span>
        <span className="funding-interval" data-testid="funding-interval" data-time={hoverTime === null || shownTime === undefined ? '' : shownTime}>
          {hoverTime === null ? 'newest published values' : shownTime === undefined ? 'no observation in this candle' : `${formatTimestamp(shownTime, zone, crosshairPrecision(barMs))} · ${(per.count[index] ?? 0).toLocaleString('en-US')} obs`}
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
            <FundingPaneLabel spec={spec} per={per} index={hoverTime === null ? null : index} priceDecimals={priceDecimals} zone={zone} barMs={barMs} />
          </div>
        ))}
      </div>
    </div>
  );
}

import type { PriceFormat } from 'lightweight-charts';
import { formatNumber, formatTimestamp, type TimeZoneChoice } from '../../../format/market-values.ts';
import type { ActivityBarsView } from './use-activity-bars.ts';

/** Props of the activity bars' legend. */
export interface BarsLegendProps {
  view: ActivityBarsView;
  /** The bar number under the crosshair; null shows the last bar. */
  bar: number | null;
  zone: TimeZoneChoice;
  priceFormat: PriceFormat;
  sizeDecimals: number;
}

/**
 * The bar under the crosshair (or the last one): its number, open and close times, O H L C, volume
 * with its buy, sell and unknown-side parts, trades, the CVD at its close, and whether it is the
 * last bar, still open when the trades ran out.
 */
export function BarsLegend({ view, bar, zone, priceFormat, sizeDecimals }: BarsLegendProps) {
  const { bars, cvd } = view;
  const i = bar ?? bars.openTime.length - 1;
  const open = bars.open[i];
  if (open === undefined) return null;
  const decimals = priceFormat.type === 'price' ? priceFormat.precision : 2;
  const close = bars.close[i] ?? Number.NaN;
  const size = (value: number | undefined): string => formatNumber(value ?? null, sizeDecimals);
  return (
    <div className="chart-legend" aria-live="off" data-testid="bars-legend" data-bar={i} data-hovered={bar !== null} data-open={bars.openTime[i]}>
      <span className="legend-time">
        #{(i + 1).toLocaleString('en-US')} {formatTimestamp(bars.openTime[i] ?? null, zone, 'ms')} → {formatTimestamp(bars.closeTime[i] ?? null, zone, 'ms').slice(11)}
      </span>
      <span className={close >= open ? 'legend-values up' : 'legend-values down'}>
        <span>
          O <b>{formatNumber(open, decimals)}</b>
        </span>
        <span>
          H <b>{formatNumber(bars.high[i] ?? null, decimals)}</b>
        </span>
        <span>
          L <b>{formatNumber(bars.low[i] ?? null, decimals)}</b>
        </span>
        <span>
          C <b>{formatNumber(close, decimals)}</b>
        </span>
      </span>
      <span>
        V <b>{size(bars.volume[i])}</b>
      </span>
      <span className="legend-buy">
        buy <b>{size(bars.buyVolume[i])}</b>
      </span>
      <span className="legend-sell">
        sell <b>{size(bars.sellVolume[i])}</b>
      </span>
      <span>
        unknown <b>{size(bars.unknownVolume[i])}</b>
      </span>
      <span>
        trades <b>{(bars.tradeCount[i] ?? 0).toLocaleString('en-US')}</b>
      </span>
      <span>
        CVD <b>{size(cvd[i])}</b>
      </span>
      {bars.complete[i] === 0 && <span className="legend-open-bar">still open</span>}
    </div>
  );
}

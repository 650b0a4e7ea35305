import type { PriceFormat } from 'lightweight-charts';
import type { CandleColumns } from '../../../../../shared/contract/market-schemas.ts';
import type { IntervalSeries } from '../../../../../shared/series/trade-prints.ts';
import { formatNumber, formatTimestamp, notPublished, type TimeZoneChoice } from '../../../format/market-values.ts';
import { crosshairPrecision } from '../../../components/chart/time-axis.ts';
import { candleIndexAt, compactQuantity, type LargeTradeTotal } from './trade-markers.ts';

/** Props of the crosshair legend. */
export interface ChartLegendProps {
  candles: CandleColumns;
  /** The open time under the crosshair; null shows the latest candle. */
  hoverTime: number | null;
  zone: TimeZoneChoice;
  barMs: number;
  priceFormat: PriceFormat;
  vwap: IntervalSeries | null;
  volatility: IntervalSeries | null;
  /** Large trades per candle open time (at or above the tape's threshold). */
  largeTrades: ReadonlyMap<number, LargeTradeTotal>;
}

function valueAt(series: IntervalSeries | null, time: number): number | null {
  if (series === null) return null;
  const index = candleIndexAt(series.openTime, time);
  return series.openTime[index] === time ? (series.value[index] ?? null) : null;
}

function decimalsOf(format: PriceFormat): number {
  return format.type === 'custom' ? 2 : format.precision;
}

/**
 * The values of the candle under the crosshair (or the latest one): its open time in the user's
 * zone, O H L C coloured by direction, the change, base volume, trade count, the VWAP, realized
 * volatility and the large trades at that candle. Not published values show as "—", never 0.
 */
export function ChartLegend({ candles, hoverTime, zone, barMs, priceFormat, vwap, volatility, largeTrades }: ChartLegendProps) {
  const last = candles.openTime.length - 1;
  const index = hoverTime === null ? last : candleIndexAt(candles.openTime, hoverTime);
  const time = candles.openTime[index];
  if (time === undefined) return null;
  const decimals = decimalsOf(priceFormat);
  const open = candles.open[index] ?? null;
  const close = candles.close[index] ?? null;
  const up = open !== null && close !== null && close >= open;
  const change = open !== null && close !== null && open !== 0 ? ((close - open) / open) * 100 : null;
  const volume = candles.baseVolume[index] ?? null;
  const trades = candles.tradeCount[index] ?? null;
  const vwapValue = valueAt(vwap, time);
  const rv = valueAt(volatility, time);
  const large = largeTrades.get(time);
  const price = (value: number | null): string => formatNumber(value, decimals);
  return (
    <div className="chart-legend" aria-live="off" data-testid="chart-legend" data-time={time}>
      <span className="legend-time">{formatTimestamp(time, zone, crosshairPrecision(barMs))}</span>
      <span className={up ? 'legend-values up' : 'legend-values down'}>
        <span>
          O <b>{price(open)}</b>
        </span>
        <span>
          H <b>{price(candles.high[index] ?? null)}</b>
        </span>
        <span>
          L <b>{price(candles.low[index] ?? null)}</b>
        </span>
        <span>
          C <b>{price(close)}</b>
        </span>
        <span>
          <b>{change === null ? notPublished : `${change >= 0 ? '+' : ''}${change.toFixed(2)}%`}</b>
        </span>
      </span>
      <span>
        V <b>{volume === null ? notPublished : formatNumber(volume, volume >= 100 ? 2 : 4)}</b>
      </span>
      {trades !== null && (
        <span>
          trades <b>{trades.toLocaleString('en-US')}</b>
        </span>
      )}
      {vwap !== null && (
        <span className="legend-vwap">
          VWAP <b>{price(vwapValue)}</b>
        </span>
      )}
      {volatility !== null && (
        <span className="legend-rv">
          RV <b>{rv === null ? notPublished : `${(rv * 100).toFixed(3)}%`}</b>
        </span>
      )}
      {large !== undefined && (
        <span className="legend-large">
          large <b>{large.count}</b> · <b>{compactQuantity(large.quantity)}</b>
        </span>
      )}
    </div>
  );
}

import type { ResearchActivity } from '../../../../shared/contract/research-schemas.ts';
import { formatNumber } from '../../format/market-values.ts';
import { useElementSize } from '../../hooks/use-element-size.ts';
import { chartColours } from '../../components/chart/chart-theme.ts';
import { extentOf, linearScale, niceTicks } from './svg-scale.ts';

/** Props of the activity-bar chart. */
export interface ActivityCandlesProps {
  bars: ResearchActivity['bars'];
  priceDecimals: number;
}

const pad = { left: 8, right: 64, top: 8, bottom: 6 };

/**
 * Activity bars drawn evenly by bar number (they close on activity, not on time): candles above,
 * each bar's buy (up) and sell (down) volume below; an incomplete last bar is drawn hollow.
 */
export function ActivityCandles({ bars, priceDecimals }: ActivityCandlesProps) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const n = bars.openTime.length;
  const width = Math.max(0, size.width);
  const height = Math.max(0, size.height);
  const priceHeight = Math.round((height - pad.top - pad.bottom) * 0.72);
  const extent = extentOf([...bars.low, ...bars.high]) ?? [0, 1];
  const margin = (extent[1] - extent[0]) * 0.05 || Math.abs(extent[0]) * 0.001 || 1;
  const y = linearScale(extent[0] - margin, extent[1] + margin, pad.top + priceHeight, pad.top);
  const step = (width - pad.left - pad.right) / Math.max(1, n);
  const body = Math.max(1, step * 0.7);
  const volumeTop = pad.top + priceHeight + 6;
  const volumeMid = volumeTop + (height - pad.bottom - volumeTop) / 2;
  const maxSide = Math.max(1e-12, ...bars.buyVolume, ...bars.sellVolume);
  const v = (value: number): number => (value / maxSide) * (volumeMid - volumeTop);
  return (
    <div className="research-svg" ref={ref} data-testid="activity-bars-chart" data-bars={n}>
      {width > 0 && height > 0 && (
        <svg width={width} height={height} role="img" aria-label={`${n} ${bars.kind} bars`}>
          {niceTicks(extent[0], extent[1], 5).map((tick) => (
            <g key={tick}>
              <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} className="svg-grid" />
              <text x={width - pad.right + 4} y={y(tick) + 3} className="svg-label">
                {formatNumber(tick, priceDecimals)}
              </text>
            </g>
          ))}
          <line x1={pad.left} x2={width - pad.right} y1={volumeMid} y2={volumeMid} className="svg-zero" />
          {bars.openTime.map((_, i) => {
            const open = bars.open[i] ?? 0;
            const close = bars.close[i] ?? 0;
            const up = close >= open;
            const colour = up ? chartColours.bid : chartColours.ask;
            const x = pad.left + i * step + step / 2;
            const top = y(Math.max(open, close));
            const complete = bars.complete[i] === 1;
            return (
              <g key={i}>
                <line x1={x} x2={x} y1={y(bars.high[i] ?? 0)} y2={y(bars.low[i] ?? 0)} stroke={colour} />
                <rect x={x - body / 2} y={top} width={body} height={Math.max(1, y(Math.min(open, close)) - top)} fill={complete ? colour : 'none'} stroke={colour} />
                <rect x={x - body / 2} y={volumeMid - v(bars.buyVolume[i] ?? 0)} width={body} height={v(bars.buyVolume[i] ?? 0)} fill={chartColours.bidVolume} />
                <rect x={x - body / 2} y={volumeMid} width={body} height={v(bars.sellVolume[i] ?? 0)} fill={chartColours.askVolume} />
              </g>
            );
          })}
          <text x={pad.left + 2} y={volumeTop + 8} className="svg-label">
            buy volume ▲ · sell volume ▼
          </text>
        </svg>
      )}
    </div>
  );
}

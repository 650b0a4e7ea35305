import { useElementSize } from '../../hooks/use-element-size.ts';
import { extentOf, linearScale } from './svg-scale.ts';

/** One venue's cross-correlation at each lag. */
export interface LagSeries {
  name: string;
  colour: string;
  correlation: readonly (number | null)[];
}

/** Props of the lead–lag bar chart. */
export interface LagBarsProps {
  lagMs: readonly number[];
  series: readonly LagSeries[];
}

const pad = { left: 40, right: 10, top: 10, bottom: 22 };

/**
 * Cross-correlation of mid returns against the reference at each lag, as grouped bars around 0
 * (−2 s … +2 s). A positive lag with the peak: the reference moves first. A lag without enough
 * pairs draws no bar.
 */
export function LagBars({ lagMs, series }: LagBarsProps) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const extent = extentOf(series.flatMap((s) => s.correlation)) ?? [0, 0];
  const bound = Math.max(0.05, Math.abs(extent[0]), Math.abs(extent[1]));
  const width = Math.max(0, size.width);
  const height = Math.max(0, size.height);
  const y = linearScale(-bound, bound, height - pad.bottom, pad.top);
  const slot = (width - pad.left - pad.right) / Math.max(1, lagMs.length);
  const barWidth = Math.max(1, (slot * 0.8) / Math.max(1, series.length));
  const drawn = series.reduce((n, s) => n + s.correlation.filter((c) => c !== null).length, 0);
  return (
    <div className="research-svg" ref={ref} data-testid="lead-lag-chart" data-bars={drawn}>
      {width > 0 && height > 0 && (
        <svg width={width} height={height} role="img" aria-label="Lead–lag cross-correlation by lag">
          {[-bound, 0, bound].map((tick) => (
            <g key={tick}>
              <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'svg-zero' : 'svg-grid'} />
              <text x={pad.left - 5} y={y(tick) + 3} className="svg-label" textAnchor="end">
                {tick.toFixed(2)}
              </text>
            </g>
          ))}
          {lagMs.map((lag, k) => {
            const x0 = pad.left + k * slot + slot * 0.1;
            return (
              <g key={lag}>
                {(k % 2 === 0 || lagMs.length <= 9) && (
                  <text x={pad.left + k * slot + slot / 2} y={height - 6} className="svg-label" textAnchor="middle">
                    {lag === 0 ? '0' : `${lag > 0 ? '+' : '−'}${Math.abs(lag) / 1000}s`}
                  </text>
                )}
                {series.map((s, j) => {
                  const c = s.correlation[k] ?? null;
                  if (c === null) return null;
                  const top = y(Math.max(0, c));
                  return (
                    <rect key={s.name} x={x0 + j * barWidth} y={top} width={barWidth - 0.5} height={Math.max(0.5, Math.abs(y(c) - y(0)))} fill={s.colour}>
                      <title>{`${s.name} at ${lag} ms: ${c.toFixed(4)}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}

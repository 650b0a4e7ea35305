import { useElementSize } from '../../hooks/use-element-size.ts';
import { horizonLabel } from './research-format.ts';
import { extentOf, linearScale, niceTicks } from './svg-scale.ts';

/** One group of a band chart: its mean and 95 % band at each horizon (null where there is none). */
export interface BandSeries {
  name: string;
  colour: string;
  mean: readonly (number | null)[];
  low: readonly (number | null)[];
  high: readonly (number | null)[];
}

/** Props of the markout band chart. */
export interface BandChartProps {
  horizonsMs: readonly number[];
  series: readonly BandSeries[];
}

const pad = { left: 52, right: 12, top: 10, bottom: 22 };

/**
 * Mean markout ± its 95 % band per horizon, one small error bar per group side by side at each
 * horizon, with the zero line. A horizon without a mean draws nothing (never a 0).
 */
export function BandChart({ horizonsMs, series }: BandChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const all = series.flatMap((s) => [...s.low, ...s.high, ...s.mean]);
  const extent = extentOf([...all, 0]) ?? [-1, 1];
  const margin = (extent[1] - extent[0]) * 0.08 || 1;
  const [low, high] = [extent[0] - margin, extent[1] + margin];
  const width = Math.max(0, size.width);
  const height = Math.max(0, size.height);
  const y = linearScale(low, high, height - pad.bottom, pad.top);
  const slot = (width - pad.left - pad.right) / Math.max(1, horizonsMs.length);
  const drawn = series.reduce((n, s) => n + s.mean.filter((m) => m !== null).length, 0);
  return (
    <div className="research-svg" ref={ref} data-testid="markout-band-chart" data-bands={drawn}>
      {width > 0 && height > 0 && (
        <svg width={width} height={height} role="img" aria-label="Mean markout and its 95 % band at each horizon">
          {niceTicks(low, high).map((tick) => (
            <g key={tick}>
              <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'svg-zero' : 'svg-grid'} />
              <text x={pad.left - 6} y={y(tick) + 3} className="svg-label" textAnchor="end">
                {tick}
              </text>
            </g>
          ))}
          {horizonsMs.map((h, k) => {
            const x0 = pad.left + k * slot;
            return (
              <g key={h}>
                <text x={x0 + slot / 2} y={height - 6} className="svg-label" textAnchor="middle">
                  {horizonLabel(h)}
                </text>
                {series.map((s, j) => {
                  const mean = s.mean[k] ?? null;
                  if (mean === null) return null;
                  const x = x0 + (slot * (j + 1)) / (series.length + 1);
                  const lo = s.low[k] ?? null;
                  const hi = s.high[k] ?? null;
                  return (
                    <g key={s.name} stroke={s.colour}>
                      {lo !== null && hi !== null && (
                        <>
                          <line x1={x} x2={x} y1={y(lo)} y2={y(hi)} strokeWidth={1.5} />
                          <line x1={x - 4} x2={x + 4} y1={y(lo)} y2={y(lo)} />
                          <line x1={x - 4} x2={x + 4} y1={y(hi)} y2={y(hi)} />
                        </>
                      )}
                      <circle cx={x} cy={y(mean)} r={3} fill={s.colour}>
                        <title>{`${s.name} ${horizonLabel(h)}: ${mean.toFixed(3)} bps${lo !== null && hi !== null ? ` (95 % ${lo.toFixed(3)} … ${hi.toFixed(3)})` : ''}`}</title>
                      </circle>
                    </g>
                  );
                })}
              </g>
            );
          })}
          <text x={pad.left} y={pad.top + 2} className="svg-label" dominantBaseline="hanging">
            bps
          </text>
        </svg>
      )}
    </div>
  );
}

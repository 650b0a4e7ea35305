import type { ResearchActivity } from '../../../../shared/contract/research-schemas.ts';
import { formatNumber } from '../../format/market-values.ts';
import { useElementSize } from '../../hooks/use-element-size.ts';
import { chartColours } from '../../components/chart/chart-theme.ts';
import { linearScale } from './svg-scale.ts';

/** Props of the session volume profile. */
export interface VolumeProfileChartProps {
  profile: ResearchActivity['profile'];
  priceDecimals: number;
}

const pad = { left: 70, right: 8, top: 8, bottom: 8 };

/**
 * The session volume profile: one horizontal bar per price bucket (buy, sell and unknown volume
 * stacked), the value area shaded and the POC marked.
 */
export function VolumeProfileChart({ profile, priceDecimals }: VolumeProfileChartProps) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const n = profile.price.length;
  const width = Math.max(0, size.width);
  const height = Math.max(0, size.height);
  const rowHeight = (height - pad.top - pad.bottom) / Math.max(1, n);
  const maxVolume = Math.max(1e-12, ...profile.volume);
  const x = linearScale(0, maxVolume, pad.left, width - pad.right);
  // Highest price at the top.
  const rowY = (i: number): number => pad.top + (n - 1 - i) * rowHeight;
  const labelEvery = Math.max(1, Math.ceil(14 / Math.max(1, rowHeight)));
  return (
    <div className="research-svg" ref={ref} data-testid="volume-profile-chart" data-buckets={n} data-poc={profile.pocPrice ?? ''}>
      {width > 0 && height > 0 && (
        <svg width={width} height={height} role="img" aria-label="Session volume profile">
          {profile.price.map((price, i) => {
            const inArea = profile.valueAreaLow !== null && profile.valueAreaHigh !== null && price >= profile.valueAreaLow && price <= profile.valueAreaHigh;
            const poc = price === profile.pocPrice;
            const buy = profile.buyVolume[i] ?? 0;
            const sell = profile.sellVolume[i] ?? 0;
            const unknown = profile.unknownVolume[i] ?? 0;
            const y = rowY(i);
            const h = Math.max(0.5, rowHeight - (rowHeight > 3 ? 1 : 0));
            return (
              <g key={price}>
                {inArea && <rect x={pad.left} y={y} width={width - pad.left - pad.right} height={rowHeight} className="profile-value-area" />}
                <rect x={pad.left} y={y} width={x(buy) - pad.left} height={h} fill={chartColours.bid} opacity={poc ? 1 : 0.7} />
                <rect x={x(buy)} y={y} width={x(sell) - pad.left} height={h} fill={chartColours.ask} opacity={poc ? 1 : 0.7} />
                <rect x={x(buy + sell)} y={y} width={x(unknown) - pad.left} height={h} fill={chartColours.muted} opacity={0.6} />
                {(i % labelEvery === 0 || poc) && (
                  <text x={pad.left - 6} y={y + rowHeight / 2 + 3} className={poc ? 'svg-label svg-strong' : 'svg-label'} textAnchor="end">
                    {formatNumber(price, priceDecimals)}
                  </text>
                )}
                {poc && <line x1={pad.left} x2={width - pad.right} y1={y + rowHeight / 2} y2={y + rowHeight / 2} stroke={chartColours.warn} strokeDasharray="3 2" />}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}

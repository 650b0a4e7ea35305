import { compactSize, legendTicks, paletteStops, type IntensityScale } from './heatmap-scale.ts';

/** Props of the heatmap's colour legend. */
export interface HeatmapLegendProps {
  /** The size that tops the scale (0 when nothing rests in view). */
  ceiling: number;
  scale: IntensityScale;
}

const gradient = `linear-gradient(to right, ${paletteStops.map((stop) => `rgb(${stop.rgb.join(', ')}) ${Math.round(stop.at * 100)}%`).join(', ')})`;

/** The colour scale as a gradient bar with the resting sizes it stands for. */
export function HeatmapLegend({ ceiling, scale }: HeatmapLegendProps) {
  const ticks = legendTicks(ceiling, scale);
  return (
    <span className="heatmap-legend" title={`Resting size per price row, time-weighted; ${scale} scale, topped at the 98th percentile in view (larger sizes saturate)`}>
      <span className="heatmap-legend-bar" style={{ background: gradient }} />
      <span className="heatmap-legend-ticks">
        {ticks.map((tick) => (
          <span key={tick.at}>{ceiling > 0 ? (tick.at === 1 ? `≥${compactSize(tick.size)}` : compactSize(tick.size)) : '—'}</span>
        ))}
      </span>
    </span>
  );
}

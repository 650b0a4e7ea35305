import { compactSize, paletteStops } from './heatmap-scale.ts';
import { sizeAtMappedIntensity, type IntensityMapping } from './tile-raster.ts';

/** Props of the heatmap's colour legend. */
export interface HeatmapLegendProps {
  /** The colour mapping; a cutoff of 0 means nothing rests in view. */
  mapping: IntensityMapping;
}

const gradient = `linear-gradient(to right, ${paletteStops.map((stop) => `rgb(${stop.rgb.join(', ')}) ${Math.round(stop.at * 100)}%`).join(', ')})`;

/** The colour scale as a gradient bar with the resting sizes at its start, middle and end (the end is the cutoff: larger sizes saturate). */
export function HeatmapLegend({ mapping }: HeatmapLegendProps) {
  const known = mapping.cutoff > 0;
  const middle = known ? compactSize(sizeAtMappedIntensity(0.5, mapping)) : '—';
  const top = known ? `≥${compactSize(mapping.cutoff)}` : '—';
  return (
    <span className="heatmap-legend" data-testid="heatmap-legend" title={`Time-weighted resting size per price row (${mapping.scale} scale); sizes at or above the cutoff (${top}) saturate`}>
      <span className="heatmap-legend-bar" style={{ background: gradient }} />
      <span className="heatmap-legend-ticks">
        <span>0</span>
        <span>{middle}</span>
        <span>{top}</span>
      </span>
    </span>
  );
}

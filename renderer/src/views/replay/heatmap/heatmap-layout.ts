// Where each part of the heatmap's canvas goes, in CSS pixels: the plot (liquidity over time and
// price), the volume profile beside it, the price axis at the right, the cumulative volume delta
// pane under the plot, and the time axis at the bottom.

/** A rectangle in CSS pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The parts of the heatmap's canvas. */
export interface HeatmapLayout {
  plot: Box;
  profile: Box;
  priceAxis: Box;
  cvd: Box;
  timeAxis: Box;
}

/** Fixed sizes of the gutters, CSS px. */
export const gutterSizes = { priceAxis: 72, profile: 60, timeAxis: 22, cvd: 64, gap: 4 } as const;

/** The layout of a canvas `width` × `height`; the profile and the CVD pane take no room when hidden. */
export function heatmapLayout(width: number, height: number, parts: { profile: boolean; cvd: boolean }): HeatmapLayout {
  const profileWidth = parts.profile ? gutterSizes.profile : 0;
  const cvdHeight = parts.cvd ? gutterSizes.cvd : 0;
  const plotWidth = Math.max(0, width - gutterSizes.priceAxis - profileWidth);
  const plotHeight = Math.max(0, height - gutterSizes.timeAxis - cvdHeight - (parts.cvd ? gutterSizes.gap : 0));
  const cvdTop = plotHeight + (parts.cvd ? gutterSizes.gap : 0);
  return {
    plot: { x: 0, y: 0, width: plotWidth, height: plotHeight },
    profile: { x: plotWidth, y: 0, width: profileWidth, height: plotHeight },
    priceAxis: { x: plotWidth + profileWidth, y: 0, width: gutterSizes.priceAxis, height: plotHeight },
    cvd: { x: 0, y: cvdTop, width: plotWidth, height: cvdHeight },
    timeAxis: { x: 0, y: cvdTop + cvdHeight, width: plotWidth, height: gutterSizes.timeAxis },
  };
}

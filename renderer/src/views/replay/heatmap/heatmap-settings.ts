import type { IntensityScale } from './heatmap-scale.ts';

// What the heatmap's controls set, apart from the controls (the controller reads them too).

/** What the heatmap's controls set. */
export interface HeatmapSettings {
  scale: IntensityScale;
  /** Log2 of the contrast exponent (0: as is; +2: only the largest levels stay bright; −2: faint ones show). */
  contrastStep: number;
  /** Log2 of the cutoff as a share of the robust top in view (0: the top itself). */
  cutoffStep: number;
  profile: boolean;
  cvd: boolean;
}

/** Settings a fresh heatmap starts with. */
export const defaultHeatmapSettings: HeatmapSettings = { scale: 'linear', contrastStep: 0, cutoffStep: 0, profile: true, cvd: true };

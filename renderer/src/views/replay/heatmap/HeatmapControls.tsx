import type { HeatmapSettings } from './heatmap-settings.ts';
import { HeatmapLegend } from './HeatmapLegend.tsx';
import type { IntensityMapping } from './tile-raster.ts';

/** Props of the controls row. */
export interface HeatmapControlsProps {
  settings: HeatmapSettings;
  onChange: (patch: Partial<HeatmapSettings>) => void;
  mapping: IntensityMapping;
  following: boolean;
  onFollow: () => void;
  onWhole: () => void;
}

/**
 * The heatmap's controls: Linear/Log, contrast and upper cutoff sliders with the legend they
 * shape, follow ("now"-anchored) mode, the whole range, and the volume profile and CVD panes.
 * The row wraps instead of clipping, so every control stays usable at 1280 × 720.
 */
export function HeatmapControls({ settings, onChange, mapping, following, onFollow, onWhole }: HeatmapControlsProps) {
  return (
    <div className="heatmap-toolbar" role="toolbar" aria-label="Heatmap">
      <span className="heatmap-scale" role="radiogroup" aria-label="Intensity scale">
        {(['linear', 'log'] as const).map((choice) => (
          <button key={choice} type="button" role="radio" aria-checked={settings.scale === choice} className={settings.scale === choice ? 'active' : undefined} onClick={() => onChange({ scale: choice })}>
            {choice === 'linear' ? 'Linear' : 'Log'}
          </button>
        ))}
      </span>
      <label className="heatmap-slider" title="Contrast: higher keeps only the largest resting sizes bright; lower shows faint ones">
        Contrast
        <input
          type="range"
          min={-2}
          max={2}
          step={0.25}
          value={settings.contrastStep}
          aria-label="Contrast"
          aria-valuetext={`${(2 ** settings.contrastStep).toFixed(2)}×`}
          onChange={(event) => onChange({ contrastStep: Number(event.target.value) })}
        />
      </label>
      <label className="heatmap-slider" title="Upper cutoff: the resting size at which the colour saturates (as a share of the 98th percentile in view)">
        Cutoff
        <input
          type="range"
          min={-3}
          max={2}
          step={0.25}
          value={settings.cutoffStep}
          aria-label="Upper cutoff"
          aria-valuetext={`${Math.round(2 ** settings.cutoffStep * 100)}% of the 98th percentile`}
          onChange={(event) => onChange({ cutoffStep: Number(event.target.value) })}
        />
      </label>
      <HeatmapLegend mapping={mapping} />
      <span className="heatmap-toggles">
        <label title="Traded volume per price over the window shown, its point of control marked">
          <input type="checkbox" checked={settings.profile} onChange={(event) => onChange({ profile: event.target.checked })} /> Profile
        </label>
        <label title="Cumulative volume delta: bought minus sold size since the replay began">
          <input type="checkbox" checked={settings.cvd} onChange={(event) => onChange({ cvd: event.target.checked })} /> CVD
        </label>
      </span>
      <span className="heatmap-key" aria-hidden="true">
        <i className="dot buy" />
        buy <i className="dot sell" />
        sell <i className="line bid" />
        bid <i className="line ask" />
        ask
      </span>
      <span className="heatmap-spacer" />
      <button type="button" className={`heatmap-button${following ? ' active' : ''}`} aria-pressed={following} onClick={onFollow} title="Follow the playback cursor: time runs up to now, prices centre on the mid (f)" data-testid="heatmap-follow">
        {following ? 'Following' : 'Follow (f)'}
      </button>
      <button type="button" className="heatmap-button" onClick={onWhole} title="Show everything loaded so far (0)">
        Whole range
      </button>
    </div>
  );
}

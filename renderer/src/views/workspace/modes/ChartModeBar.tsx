import { activityKindOf, chartModes, type ChartMode } from '../../../stores/chart-mode.ts';
import { footprintStepProblem, footprintStepRule } from './footprint-step.ts';
import { ModeField } from './ModeField.tsx';

/** The footprint's settings as the toolbar shows them. */
export interface FootprintSettings {
  /** The step set by the user (null: automatic) and the step in use. */
  step: number | null;
  stepInUse: number;
  /** The diagonal imbalance ratio set (null: 3). */
  ratio: number | null;
  onStep: (step: number | null) => void;
  onRatio: (ratio: number | null) => void;
}

/** The activity bars' size as the toolbar shows it. */
export interface BarSizeSettings {
  size: number | null;
  /** The size in use (automatic or set), null before trades arrived. */
  sizeInUse: number | null;
  onSize: (size: number | null) => void;
}

/** Props of the chart-mode bar. */
export interface ChartModeBarProps {
  mode: ChartMode;
  onMode: (mode: ChartMode) => void;
  footprint: FootprintSettings;
  bars: BarSizeSettings;
}

const modeTitles: Record<ChartMode, string> = {
  candles: 'Time candles (c)',
  footprint: 'Footprint candles: bid × ask volume per price step (f)',
  'tick-bars': 'Tick bars: a bar per N trades (a steps Tick → Volume → Dollar)',
  'volume-bars': 'Volume bars: a bar per N of base volume (a)',
  'dollar-bars': 'Dollar bars: a bar per N of notional (a)',
};

/**
 * The workspace's chart mode as a radio group (Candles, Footprint, and bars by Tick, Volume or
 * Dollar), with the chosen mode's settings beside it: the footprint's price step (`+` / `−`) and
 * imbalance ratio, or the bars' size. Empty fields are automatic and say what they use.
 */
export function ChartModeBar({ mode, onMode, footprint, bars }: ChartModeBarProps) {
  const kind = activityKindOf(mode);
  return (
    <div className="chart-mode-bar">
      <span className="toolbar-label" aria-hidden="true">
        Chart
      </span>
      <div className="chip-row compact" role="radiogroup" aria-label="Chart mode">
        {chartModes.map((spec) => (
          <button
            key={spec.mode}
            type="button"
            role="radio"
            aria-checked={spec.mode === mode}
            className={`chip${spec.mode === mode ? ' active' : ''}${spec.mode === 'tick-bars' ? ' chip-group-start' : ''}`}
            onClick={() => onMode(spec.mode)}
            title={modeTitles[spec.mode]}
          >
            {spec.label}
          </button>
        ))}
      </div>
      {mode === 'footprint' && (
        <>
          <ModeField
            label="Step"
            value={footprint.step}
            auto={footprint.step === null ? String(footprint.stepInUse) : null}
            valid={(value) => footprintStepProblem(value) === null}
            problem={footprintStepRule}
            onCommit={footprint.onStep}
            title="Price step of the footprint's rows (+ and − step it; empty: automatic, from the tick size and the candles' range)"
            testId="footprint-step"
          />
          <ModeField
            label="Imbalance ≥"
            value={footprint.ratio}
            auto={footprint.ratio === null ? '3×' : null}
            valid={(value) => value >= 1 && value <= 100}
            problem="A ratio from 1 to 100"
            onCommit={footprint.onRatio}
            title="Diagonal imbalance: ask at a price ≥ ratio × bid one step below (buying), or bid ≥ ratio × ask one step above (selling)"
            testId="footprint-ratio"
          />
        </>
      )}
      {kind !== null && (
        <ModeField
          label="Bar size"
          value={bars.size}
          auto={bars.size === null && bars.sizeInUse !== null ? String(bars.sizeInUse) : null}
          valid={(value) => value > 0 && (kind !== 'tick' || Number.isInteger(value))}
          problem={kind === 'tick' ? 'A whole number of trades' : 'A number above 0 (e.g. 5, 250k)'}
          onCommit={bars.onSize}
          title={kind === 'tick' ? 'Trades per bar (empty: about 200 bars)' : kind === 'volume' ? 'Base volume per bar (empty: about 200 bars)' : 'Notional per bar (empty: about 200 bars)'}
          testId="bar-size"
        />
      )}
    </div>
  );
}

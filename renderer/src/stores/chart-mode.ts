import type { ActivityBarKind } from '../../../shared/research/activity-bars.ts';

/** What the workspace's main chart draws: time candles, footprint candles, or bars sampled by activity. */
export type ChartMode = 'candles' | 'footprint' | 'tick-bars' | 'volume-bars' | 'dollar-bars';

/** A chart mode as the toolbar and the `?` sheet show it. */
export interface ChartModeSpec {
  mode: ChartMode;
  label: string;
  /** Its key in the workspace (the activity-bar modes share `a`, which steps through them). */
  key: string;
}

/** The chart modes in toolbar order. */
export const chartModes: readonly ChartModeSpec[] = [
  { mode: 'candles', label: 'Candles', key: 'c' },
  { mode: 'footprint', label: 'Footprint', key: 'f' },
  { mode: 'tick-bars', label: 'Tick', key: 'a' },
  { mode: 'volume-bars', label: 'Volume', key: 'a' },
  { mode: 'dollar-bars', label: 'Dollar', key: 'a' },
];

/** Whether a link's text names a chart mode. */
export function isChartMode(text: string): text is ChartMode {
  return chartModes.some((spec) => spec.mode === text);
}

/** The activity-bar kind a mode draws, or null for candles and footprint. */
export function activityKindOf(mode: ChartMode): ActivityBarKind | null {
  return mode === 'tick-bars' ? 'tick' : mode === 'volume-bars' ? 'volume' : mode === 'dollar-bars' ? 'dollar' : null;
}

/** The mode a key press asks for: `c` candles, `f` footprint, `a` activity bars (again: the next kind, tick → volume → dollar). */
export function modeForKey(key: string, current: ChartMode): ChartMode | null {
  if (key === 'c') return 'candles';
  if (key === 'f') return 'footprint';
  if (key !== 'a') return null;
  if (current === 'tick-bars') return 'volume-bars';
  if (current === 'volume-bars') return 'dollar-bars';
  return 'tick-bars';
}

import { create } from 'zustand';
import type { CandleInterval } from '../../../shared/rows/candle-row.ts';
import type { ViewId } from '../../../shared/settings.ts';
import type { ChartMode } from './chart-mode.ts';

/** A Settings section another view can send the user to, to fix what stopped it. */
export type SettingsSection = 'api-key' | 'data-source';

/**
 * What a view shows: its market and the view's own choices. The URL hash mirrors the active
 * view's parameters (`navigation/`), so a view can be bookmarked, reloaded and shared.
 */
export interface ViewParams {
  source?: string;
  market?: string;
  instrument?: string;
  interval?: CandleInterval;
  /** A range relative to now, such as `6h` (see `navigation/time-range.ts`); used when start/end are absent. */
  span?: string;
  /** Inclusive absolute range, Unix ms; takes precedence over `span`. */
  start?: number;
  end?: number;
  /** Option expiry, Unix ms. */
  expiry?: number;
  /** A quote ladder's `observation_id`, or an intent lifecycle's id. */
  focus?: string;
  /** The book replay's playback position, Unix ms (the replay clock). */
  at?: number;
  /** The market workspace's chart mode (absent: candles). */
  chart?: ChartMode;
}

/** A change to a view's parameters; a field set to undefined is removed. */
export type ViewParamsPatch = { [K in keyof ViewParams]?: ViewParams[K] | undefined };

/** Transient UI state: which view is shown, what each view shows, and which overlays are open. */
export interface UiState {
  activeView: ViewId;
  /** Per view, what it shows; the active view's entry is in the URL hash. */
  params: Partial<Record<ViewId, ViewParams>>;
  shortcutHelpOpen: boolean;
  paletteOpen: boolean;
  /** The Settings section to focus once Settings is shown; cleared by the section that takes it. */
  settingsFocus: SettingsSection | null;
  /** The view "Add API key" was pressed in: saving the key returns there. Any other move forgets it. */
  settingsReturn: ViewId | null;
  showView: (view: ViewId) => void;
  /** Merges a change into a view's parameters (undefined removes a field). */
  setParams: (view: ViewId, patch: ViewParamsPatch) => void;
  /** Shows a view with exactly these parameters (a deep link, or a market opened from the catalog). */
  openView: (view: ViewId, params: ViewParamsPatch) => void;
  setShortcutHelpOpen: (open: boolean) => void;
  setPaletteOpen: (open: boolean) => void;
  /** Shows Settings with one section focused (the "Add API key" and "Check data source" actions); from "Add API key" it remembers the view to return to. */
  openSettings: (section: SettingsSection) => void;
  /** Shows the view "Add API key" was pressed in, if any (after the key is saved). */
  returnFromSettings: () => void;
  clearSettingsFocus: () => void;
}

function withoutUndefined(params: ViewParamsPatch): ViewParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
}

/** The shell's UI store. Persisted preferences live in settings, not here. */
export const useUiStore = create<UiState>((set) => ({
  activeView: 'catalog',
  params: {},
  shortcutHelpOpen: false,
  paletteOpen: false,
  settingsFocus: null,
  settingsReturn: null,
  showView: (view) => set({ activeView: view, settingsReturn: null }),
  setParams: (view, patch) => set((state) => ({ params: { ...state.params, [view]: withoutUndefined({ ...state.params[view], ...patch }) } })),
  openView: (view, params) => set((state) => ({ activeView: view, settingsReturn: null, params: { ...state.params, [view]: withoutUndefined(params) } })),
  setShortcutHelpOpen: (open) => set({ shortcutHelpOpen: open }),
  setPaletteOpen: (open) => set({ paletteOpen: open }),
  openSettings: (section) =>
    set((state) => ({ activeView: 'settings', settingsFocus: section, settingsReturn: section === 'api-key' && state.activeView !== 'settings' ? state.activeView : state.settingsReturn })),
  returnFromSettings: () => set((state) => (state.settingsReturn === null || state.activeView !== 'settings' ? { settingsReturn: null } : { activeView: state.settingsReturn, settingsReturn: null })),
  clearSettingsFocus: () => set({ settingsFocus: null }),
}));

/** The parameters of one view. */
export function useViewParams(view: ViewId): ViewParams {
  return useUiStore((state) => state.params[view]) ?? noParams;
}

const noParams: ViewParams = {};

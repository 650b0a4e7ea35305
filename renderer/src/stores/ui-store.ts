import { create } from 'zustand';
import type { ViewId } from '../../../shared/settings.ts';

/** A Settings section another view can send the user to, to fix what stopped it. */
export type SettingsSection = 'api-key' | 'data-source';

/** Transient UI state: which view is shown and which overlays are open. */
export interface UiState {
  activeView: ViewId;
  shortcutHelpOpen: boolean;
  /** The Settings section to focus once Settings is shown; cleared by the section that takes it. */
  settingsFocus: SettingsSection | null;
  showView: (view: ViewId) => void;
  setShortcutHelpOpen: (open: boolean) => void;
  /** Shows Settings with one section focused (the "Add API key" and "Check data source" actions). */
  openSettings: (section: SettingsSection) => void;
  clearSettingsFocus: () => void;
}

/** The shell's UI store. Persisted preferences live in settings, not here. */
export const useUiStore = create<UiState>((set) => ({
  activeView: 'catalog',
  shortcutHelpOpen: false,
  settingsFocus: null,
  showView: (view) => set({ activeView: view }),
  setShortcutHelpOpen: (open) => set({ shortcutHelpOpen: open }),
  openSettings: (section) => set({ activeView: 'settings', settingsFocus: section }),
  clearSettingsFocus: () => set({ settingsFocus: null }),
}));

import { create } from 'zustand';
import type { ViewId } from '../../../shared/settings.ts';

/** Transient UI state: which view is shown and which overlays are open. */
export interface UiState {
  activeView: ViewId;
  shortcutHelpOpen: boolean;
  showView: (view: ViewId) => void;
  setShortcutHelpOpen: (open: boolean) => void;
}

/** The shell's UI store. Persisted preferences live in settings, not here. */
export const useUiStore = create<UiState>((set) => ({
  activeView: 'catalog',
  shortcutHelpOpen: false,
  showView: (view) => set({ activeView: view }),
  setShortcutHelpOpen: (open) => set({ shortcutHelpOpen: open }),
}));

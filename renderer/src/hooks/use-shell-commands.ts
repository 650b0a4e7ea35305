import { useCallback } from 'react';
import { timeZoneLabel } from '../format/market-values.ts';
import { useSettings, useUpdateSettings } from './contract-queries.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { usePalettePage } from '../navigation/palette-page.ts';
import type { ShellCommand } from '../navigation/shell-commands.ts';
import { useShellNotice } from '../navigation/shell-notice.ts';

/** Focuses the active view's search field (the element marked `data-shortcut="/"`); false when it has none. */
export function focusViewSearch(): boolean {
  const search = document.querySelector<HTMLElement>('[data-shortcut="/"]');
  if (search === null) return false;
  search.focus();
  return true;
}

async function copyLink(): Promise<void> {
  const { show } = useShellNotice.getState();
  const link = window.location.href;
  try {
    await navigator.clipboard.writeText(link);
    show(`Link copied: ${link}`);
  } catch (error) {
    show(`Could not copy the link (${error instanceof Error ? error.message : String(error)}); it is ${link}`, 'warn');
  }
}

/** Runs the shell's commands (shortcuts and palette alike); overlays close when a command leaves them. */
export function useShellCommands(): (command: ShellCommand) => void {
  const settings = useSettings().data;
  const { mutate: saveSettings } = useUpdateSettings();
  return useCallback(
    (command: ShellCommand) => {
      const ui = useUiStore.getState();
      const { show } = useShellNotice.getState();
      const closeOverlays = (): void => {
        ui.setPaletteOpen(false);
        ui.setShortcutHelpOpen(false);
      };
      switch (command.kind) {
        case 'go':
          closeOverlays();
          ui.showView(command.view);
          return;
        case 'palette':
          ui.setShortcutHelpOpen(false);
          usePalettePage.getState().setPage('all');
          ui.setPaletteOpen(!ui.paletteOpen);
          return;
        case 'go-to-market':
          ui.setShortcutHelpOpen(false);
          usePalettePage.getState().setPage('markets');
          ui.setPaletteOpen(true);
          return;
        case 'shortcuts':
          ui.setPaletteOpen(false);
          ui.setShortcutHelpOpen(!ui.shortcutHelpOpen);
          return;
        case 'search':
          closeOverlays();
          if (!focusViewSearch()) show('This view has no search field', 'warn');
          return;
        case 'data-source':
          closeOverlays();
          ui.openSettings('data-source');
          return;
        case 'api-key':
          closeOverlays();
          ui.openSettings('api-key');
          return;
        case 'copy-link':
          void copyLink();
          return;
        case 'toggle-time-zone':
        case 'toggle-density':
        case 'use-demo':
          break;
      }
      if (settings === undefined) {
        show('Settings are still loading; try again in a moment', 'warn');
        return;
      }
      if (command.kind === 'toggle-time-zone') {
        const timeZone = settings.ui.timeZone === 'utc' ? 'local' : 'utc';
        saveSettings({ ui: { timeZone } });
        show(timeZone === 'utc' ? 'Times are shown in UTC' : `Times are shown in local time (${timeZoneLabel('local', Date.now())})`);
      } else if (command.kind === 'toggle-density') {
        const density = settings.ui.density === 'compact' ? 'comfortable' : 'compact';
        saveSettings({ ui: { density } });
        show(`Rows are ${density}`);
      } else if (settings.dataSource === 'embedded') {
        show('The embedded demo is already the data source');
      } else {
        saveSettings({ dataSource: 'embedded' });
        show('Switched to the embedded demo (simulated data)');
      }
    },
    [settings, saveSettings],
  );
}

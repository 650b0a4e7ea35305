import { useCallback } from 'react';
import type { ViewId } from '../../shared/settings.ts';
import { CommandPalette } from './components/CommandPalette.tsx';
import { NavRail } from './components/NavRail.tsx';
import { ShortcutHelp } from './components/ShortcutHelp.tsx';
import { SourceBadge } from './components/SourceBadge.tsx';
import { StateNoticeBanner } from './components/StateNoticeBanner.tsx';
import { StatusBar } from './components/StatusBar.tsx';
import { useContractEvents, useHealth, useSettings, useUpdateSettings } from './hooks/contract-queries.ts';
import { useGlobalShortcuts } from './hooks/use-global-shortcuts.ts';
import { useShellCommands } from './hooks/use-shell-commands.ts';
import { useLocationSync } from './navigation/use-location-sync.ts';
import { viewOrFirst } from './navigation/view-definition.ts';
import { ViewsContext } from './navigation/views-context.ts';
import { useUiStore } from './stores/ui-store.ts';
import { viewRegistry } from './views/view-registry.ts';

/** Props of the app shell. */
export interface AppProps {
  /** True when the app started on a deep link (it wins over the view saved last time). */
  startedFromLink: boolean;
}

/** The app shell: top bar, navigation rail, the active view, the status bar, the palette and the shortcut sheet. */
export function App({ startedFromLink }: AppProps) {
  useContractEvents();
  const settings = useSettings();
  const health = useHealth();
  const { mutate: saveSettings } = useUpdateSettings();
  const activeView = useUiStore((state) => state.activeView);
  const showView = useUiStore((state) => state.showView);

  const saveLastView = useCallback((view: ViewId) => saveSettings({ ui: { lastView: view } }), [saveSettings]);
  useLocationSync({
    startedFromLink,
    savedLastView: settings.data?.ui.lastView ?? (settings.isError ? null : undefined),
    saveLastView,
    views: viewRegistry,
  });
  const run = useShellCommands();
  useGlobalShortcuts(run, viewRegistry);

  const ActiveView = viewOrFirst(viewRegistry, activeView).component;
  const density = settings.data?.ui.density ?? 'compact';
  return (
    <ViewsContext.Provider value={viewRegistry}>
      <div className={`app-shell density-${density}${settings.data?.ui.reduceMotion === true ? ' reduce-motion' : ''}`}>
        <header className="top-bar">
          <span className="brand">
            <span className="brand-mark" aria-hidden="true">
              ◆
            </span>
            Market Data Explorer
          </span>
          <span className="top-spacer" />
          <SourceBadge settings={settings.data} health={health.data} />
        </header>
        <StateNoticeBanner />
        <NavRail active={activeView} onNavigate={showView} />
        <main id="main-view" className="main-view" role="tabpanel" aria-labelledby={`nav-${activeView}`}>
          <ActiveView />
        </main>
        <StatusBar />
        <ShortcutHelp />
        <CommandPalette run={run} />
      </div>
    </ViewsContext.Provider>
  );
}

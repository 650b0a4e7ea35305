import { useEffect, useRef, useState } from 'react';
import type { ViewId } from '../../../shared/settings.ts';
import { useUiStore, type UiState } from '../stores/ui-store.ts';
import { formatRoute, parseRoute, type ParsedRoute, type Route } from './route.ts';
import { historyModeFor, type HistoryMode } from './route-history.ts';
import { routeTitle } from './route-title.ts';
import { noticeLinkProblems } from './shell-notice.ts';
import { viewOrFirst, type ViewDefinition, type ViewRegistry } from './view-definition.ts';

function shownRoute(state: UiState): Route {
  return { view: state.activeView, params: state.params[state.activeView] ?? {} };
}

function hashOf(route: Route): string {
  return formatRoute(route.view, route.params);
}

/** Puts a route in the address bar (a new history entry, or in place) and the window title. */
function writeLocation(route: Route, mode: HistoryMode, views: readonly ViewDefinition[]): void {
  const hash = hashOf(route);
  if (window.location.hash !== hash) {
    if (mode === 'push') window.history.pushState(null, '', hash);
    else window.history.replaceState(window.history.state, '', hash);
  }
  document.title = routeTitle(route, views);
}

/**
 * Reads the address's hash at start, before the first render: a deep link to one of `views`
 * shows that view with its parameters (and wins over the view saved last time). Returns what was read.
 */
export function applyLinkAtStart(views: readonly ViewDefinition[]): ParsedRoute {
  const parsed = parseRoute(window.location.hash, views);
  if (parsed.kind === 'route') {
    useUiStore.getState().openView(parsed.route.view, parsed.route.params);
    noticeLinkProblems(parsed.dropped, false);
  }
  if (parsed.kind === 'invalid') noticeLinkProblems([parsed.reason], true);
  return parsed;
}

/** What the location sync needs from the shell. */
export interface LocationSyncOptions {
  /** True when the app started on a deep link (`applyLinkAtStart` found a route). */
  startedFromLink: boolean;
  /** The view saved last time; undefined while settings load, null when they could not be read. */
  savedLastView: ViewId | null | undefined;
  /** Saves the view shown as the one to restore next time. */
  saveLastView: (view: ViewId) => void;
  /** The app's views: links name them, and a saved view the app does not have shows the first. */
  views: ViewRegistry;
}

/**
 * Keeps the URL hash and the UI store in step. The first view is the deep link's, else the one
 * saved last time (the first view when the app has no view of that id), unless the user moved
 * first. From then on the shown view and its
 * parameters are written to the hash (a new history entry when the view or market changes, in
 * place for a range or interval), and Back, Forward or an edited hash show what the hash says;
 * a hash that names nothing usable is replaced by the view shown, with a notice.
 */
export function useLocationSync({ startedFromLink, savedLastView, saveLastView, views }: LocationSyncOptions): void {
  const decided = useRef(startedFromLink);
  const [ready, setReady] = useState(startedFromLink);

  // A view chosen before settings arrive (a shortcut pressed early) wins over the saved one.
  useEffect(
    () =>
      useUiStore.subscribe((state, previous) => {
        if (!decided.current && state.activeView !== previous.activeView) {
          decided.current = true;
          setReady(true);
        }
      }),
    [],
  );

  useEffect(() => {
    if (decided.current || savedLastView === undefined) return;
    decided.current = true;
    if (savedLastView !== null) useUiStore.getState().showView(viewOrFirst(views, savedLastView).id);
    setReady(true);
  }, [savedLastView, views]);

  const activeView = useUiStore((state) => state.activeView);
  useEffect(() => {
    if (ready && savedLastView !== null && savedLastView !== undefined && activeView !== savedLastView) saveLastView(activeView);
  }, [ready, activeView, savedLastView, saveLastView]);

  useEffect(() => {
    if (!ready) return;
    let shown = shownRoute(useUiStore.getState());
    writeLocation(shown, 'replace', views);
    const unsubscribe = useUiStore.subscribe((state) => {
      const next = shownRoute(state);
      if (hashOf(next) === hashOf(shown)) return;
      writeLocation(next, historyModeFor(shown, next), views);
      shown = next;
    });
    const onLocationChange = (): void => {
      const parsed = parseRoute(window.location.hash, views);
      if (parsed.kind === 'route') {
        noticeLinkProblems(parsed.dropped, false);
        if (hashOf(parsed.route) !== hashOf(shown)) {
          shown = parsed.route;
          useUiStore.getState().openView(parsed.route.view, parsed.route.params);
        }
      } else if (parsed.kind === 'invalid') {
        noticeLinkProblems([parsed.reason], true);
      }
      // A hash read in part, or not at all, is replaced by what is shown.
      writeLocation(shown, 'replace', views);
    };
    // Back and Forward between entries with different hashes fire `hashchange` too (entries
    // pushed with pushState included), and an entry with the same hash has nothing new to show,
    // so `popstate` adds nothing.
    window.addEventListener('hashchange', onLocationChange);
    return () => {
      unsubscribe();
      window.removeEventListener('hashchange', onLocationChange);
    };
  }, [ready, views]);
}

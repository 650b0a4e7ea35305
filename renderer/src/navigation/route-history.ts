import type { Route } from './route.ts';

/** How a change of route enters the browser history. */
export type HistoryMode = 'push' | 'replace';

/**
 * A change of view, source or market is a new history entry (Back returns to it); a change of
 * range, interval, instrument, expiry or focus within the same market replaces the current one,
 * so Back does not step through every interval tried.
 */
export function historyModeFor(previous: Route, next: Route): HistoryMode {
  const moved = previous.view !== next.view || previous.params.source !== next.params.source || previous.params.market !== next.params.market;
  return moved ? 'push' : 'replace';
}

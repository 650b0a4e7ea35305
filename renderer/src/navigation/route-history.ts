import type { Route } from './route.ts';

/** How a change of route enters the browser history. */
export type HistoryMode = 'push' | 'replace';

/**
 * A change of view, source, market or the files played is a new history entry (Back returns to it); a change of
 * range, interval, instrument, expiry or focus within the same market replaces the current one,
 * so Back does not step through every interval tried.
 */
export function historyModeFor(previous: Route, next: Route): HistoryMode {
  const files = (route: Route): string => (route.params.files ?? []).map((file) => file.fileId).join(',');
  const moved = previous.view !== next.view || previous.params.source !== next.params.source || previous.params.market !== next.params.market || files(previous) !== files(next);
  return moved ? 'push' : 'replace';
}

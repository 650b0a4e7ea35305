import type { Route } from './route.ts';
import { viewById, type ViewDefinition } from './view-definition.ts';

/** The app's name, last in every window title. */
export const appTitle = 'Market Data Explorer';

/** What a route shows, in words: `Market · hyperliquid BTC`. */
export function routeLabel(route: Route, views: readonly ViewDefinition[]): string {
  const label = viewById(views, route.view)?.label ?? route.view;
  const { source, market, instrument } = route.params;
  const what = [source, market, instrument].filter((part) => part !== undefined && part !== '').join(' ');
  return what === '' ? label : `${label} · ${what}`;
}

/** The window title of a route, so that history entries and bookmarks say what they show: `Market · hyperliquid BTC — Market Data Explorer`. */
export function routeTitle(route: Route, views: readonly ViewDefinition[]): string {
  return `${routeLabel(route, views)} — ${appTitle}`;
}

/**
 * Every endpoint the client calls, in one table: the real service has renamed routes before
 * (`/historical/*` vs plain paths, `/historical/option-tickers`), so a rename is a one-line change.
 */

/** The access rule of an endpoint (spec 4.14 and part 5). */
export type RouteAccess =
  /** No key needed (catalog, count, snapshot listing). */
  | 'public'
  /** Decided per dataset and date by the service (`/download`, `/snapshots/download`). */
  | 'dataset'
  /** Historical family: anonymous only without start and end. */
  | 'historical'
  /** Latest-hour family and `/l2-orderbooks`: anonymous only within the rolling last hour. */
  | 'latest-hour'
  /** `/events`: a key on every request. */
  | 'key';

/** How an endpoint pages (spec 4.0 and field notes). */
export type RoutePaging =
  /** `{items, has_more, next_cursor}`. */
  | 'rows'
  /** `{markets, has_more, next_cursor}` (or the older `{sources: [...]}`). */
  | 'catalog'
  /** `{instruments, next_cursor}`: no has_more; stop at a null cursor. */
  | 'instruments'
  /** `{snapshots, has_more, next_cursor?}`. */
  | 'snapshots'
  /** One JSON body, no pages. */
  | 'none';

/** One endpoint's path and rules. */
export interface RouteSpec {
  path: string;
  access: RouteAccess;
  paging: RoutePaging;
  /** Above 1000: `cap` (the service caps it), `reject` (the service answers 400), or no limit parameter. */
  limitRule: 'cap' | 'reject' | 'none';
  /** Counted against the spec's 2 anonymous queries per host (part 8). */
  anonymousConcurrencyLimited: boolean;
  /** A 422 splits the time range in halves (`/l2-orderbooks`, `/events`). */
  splitsOn422: boolean;
  /** A malformed list item is left out and reported in the page's `skipped` instead of failing the page (the catalog). */
  skipsMalformed?: boolean;
  /** What a 404 means when the route itself is not live yet. */
  notLiveMessage?: string;
}

const latestHour = { access: 'latest-hour', paging: 'rows', limitRule: 'reject', anonymousConcurrencyLimited: true, splitsOn422: false } as const;
const historical = { access: 'historical', paging: 'rows', limitRule: 'reject', anonymousConcurrencyLimited: false, splitsOn422: false } as const;

/** The routes of spec part 4, by the client's name for them. */
export const routes = {
  health: { path: '/health', access: 'public', paging: 'none', limitRule: 'none', anonymousConcurrencyLimited: false, splitsOn422: false },
  catalog: { path: '/catalog', access: 'public', paging: 'catalog', limitRule: 'cap', anonymousConcurrencyLimited: false, splitsOn422: false, skipsMalformed: true },
  instruments: { path: '/catalog/instruments', access: 'public', paging: 'instruments', limitRule: 'reject', anonymousConcurrencyLimited: false, splitsOn422: false },
  count: { path: '/count', access: 'public', paging: 'none', limitRule: 'none', anonymousConcurrencyLimited: false, splitsOn422: false },
  snapshots: { path: '/snapshots', access: 'public', paging: 'snapshots', limitRule: 'reject', anonymousConcurrencyLimited: false, splitsOn422: false },
  snapshotDownload: { path: '/snapshots/download', access: 'dataset', paging: 'none', limitRule: 'none', anonymousConcurrencyLimited: false, splitsOn422: false },
  dailyManifest: { path: '/download', access: 'dataset', paging: 'none', limitRule: 'none', anonymousConcurrencyLimited: false, splitsOn422: false },
  historicalTrades: { path: '/historical/trades', ...historical },
  historicalOrderbookL2: { path: '/historical/orderbook-l2', ...historical },
  historicalFundingRates: { path: '/historical/funding-rates', ...historical },
  historicalOptionsTicker: { path: '/historical/options-ticker', ...historical },
  l2Updates: { path: '/l2-updates', ...latestHour },
  fundingRates: { path: '/funding-rates', ...latestHour },
  optionsTicker: { path: '/options-ticker', ...latestHour, limitRule: 'cap' },
  ohlcv: { path: '/ohlcv', ...latestHour, limitRule: 'cap' },
  intents: { path: '/intents', ...latestHour },
  quotes: { path: '/quotes', ...latestHour, notLiveMessage: '/quotes is not yet available on this service' },
  l2Orderbooks: { path: '/l2-orderbooks', ...latestHour, anonymousConcurrencyLimited: false, splitsOn422: true },
  events: { path: '/events', access: 'key', paging: 'rows', limitRule: 'cap', anonymousConcurrencyLimited: false, splitsOn422: true },
} as const satisfies Record<string, RouteSpec>;

/** The client's name for an endpoint. */
export type RouteName = keyof typeof routes;

/**
 * Paths that name another route. `/perpetual-ticker` is an alias of `/funding-rates` with the same
 * filters, pagination and access (spec 4.11) and no data of its own, so the client reads
 * `/funding-rates` for both.
 */
export const routeAliases: Readonly<Record<string, RouteName>> = { '/perpetual-ticker': 'fundingRates' };

/** Whether a name is one of the client's route names. */
export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(routes, name);
}

/** The route behind a path the user typed (`/ohlcv`, `ohlcv`, or an alias), or undefined. */
export function routeOfPath(path: string): RouteName | undefined {
  const normalized = `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  const alias = routeAliases[normalized];
  if (alias !== undefined) return alias;
  return Object.keys(routes)
    .filter(isRouteName)
    .find((name) => routes[name].path === normalized);
}

/** The page size to send: the client never sends a limit the endpoint would reject, and caps the others alike. */
export function effectiveLimit(route: RouteSpec, requested: number | undefined): number | undefined {
  if (route.limitRule === 'none') return undefined;
  // Real clients send 1000 (field notes): the fewest round trips.
  if (requested === undefined || !Number.isFinite(requested)) return 1000;
  return Math.min(1000, Math.max(1, Math.floor(requested)));
}

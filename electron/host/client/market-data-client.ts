import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { CandleRow } from '../../../shared/rows/candle-row.ts';
import type { CatalogMarket, CountResponse, InstrumentEntry } from '../../../shared/rows/catalog.ts';
import type { EventItem } from '../../../shared/rows/event-item.ts';
import { hasFields } from '../../../shared/guards/object-fields.ts';
import { passes, problemWith, type RowGuard } from '../../../shared/rows/field-rules.ts';
import type { FundingRow, LatestFundingRow } from '../../../shared/rows/funding-row.ts';
import type { IntentRow } from '../../../shared/rows/intent-row.ts';
import { isCountResponse, isDailyManifest, isManifestEntry, isSnapshotDownloadLink } from '../../../shared/rows/listing-guards.ts';
import type { OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';
import type { QuoteRow } from '../../../shared/rows/quote-row.ts';
import type { DailyManifest, SnapshotDownloadLink, SnapshotListingEntry } from '../../../shared/rows/snapshots.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { HttpTransport, type ProbeOutcome } from './http-transport.ts';
import { MarketDataError, type RequestSummary } from './market-data-error.ts';
import { pageThrough } from './page-stream.ts';
import { integerParam, type QueryParams } from './query-params.ts';
import type {
  CallOptions,
  CandleQuery,
  CatalogQuery,
  DailyManifestQuery,
  EventsQuery,
  InstrumentsQuery,
  IntentQuery,
  L2OrderbooksQuery,
  QuoteQuery,
  RowQuery,
  SnapshotsQuery,
} from './queries.ts';
import { splitRangeOn422, type RowMark } from './range-splitting.ts';
import { defaultRetryPolicy, sleep, type RetryPolicy, type Sleep } from './retry-policy.ts';
import { isPagedRoute, routeGuards, type PagedRoute, type PagedRows } from './route-guards.ts';
import type { RowPage } from './row-page.ts';
import { RowStream } from './row-stream.ts';
import { effectiveLimit, routes, type RouteName } from './routes.ts';
import { UsageMonitor, type UsageListener, type UsageSnapshot } from './usage-monitor.ts';

/** Options of a health probe. */
export interface HealthProbeOptions {
  /** Per request (`/health`, then `/count`). Default 5 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * What a health probe found: the service's status and latency (and whether its `/health` said
 * its data is simulated, `x-mde-simulated: true`), no answer in time, or no connection.
 */
export type HealthProbe =
  | { type: 'answered'; status: number; latencyMs: number; simulated: boolean }
  | { type: 'timeout'; timeoutMs: number }
  | { type: 'unreachable'; reason: string };

/** How much of a `/health` body a probe reads: a status object is tiny; the rest of a larger body is never read. */
const healthBodyBytes = 16 * 1024;

/** Whether a `/health` body says the data is simulated: this app's extension field `x-mde-simulated: true` (a real service does not send it). */
function saysSimulated(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return hasFields(parsed) && parsed['x-mde-simulated'] === true;
  } catch {
    return false;
  }
}

/** How to reach a Market Data Service and how patiently. */
export interface MarketDataClientOptions {
  /** Such as `http://127.0.0.1:8600`; may carry a path prefix. */
  baseUrl: string;
  /** The API key, or a function read on every request (so a key set later takes effect). */
  apiKey?: string | null | (() => string | null);
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** The clock for the access windows, `Retry-After` dates and probe latency; must match the service's. */
  now?: () => number;
  /** How the client waits between attempts (backoff, `Retry-After`); tests inject one that records the waits. */
  sleep?: Sleep;
  /** Makes the signal that ends an attempt after `ms`; default `AbortSignal.timeout`. Tests expire it at once. */
  timeout?: (ms: number) => AbortSignal;
  /** Jitter source, [0, 1). */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Per attempt, until the whole body has arrived. Default 30 s. */
  timeoutMs?: number;
  /** One line per retry or wait (never containing the key). Default: silent. */
  log?: (line: string) => void;
}

function markOfRow(row: { collector_timestamp: number; event_id: string }): RowMark {
  return { collectorTimestamp: row.collector_timestamp, eventId: row.event_id };
}

function markOfEvent(item: EventItem): RowMark {
  return markOfRow(item.data);
}

const noMark = (): RowMark => ({ collectorTimestamp: Number.NEGATIVE_INFINITY, eventId: '' });

/** Where a row sits in collector time, for the routes whose 422 splits the time range. */
const rowMarks: { readonly [Route in PagedRoute]?: (row: PagedRows[Route]) => RowMark } = { events: markOfEvent, l2Orderbooks: markOfRow };

/**
 * The client of the Market Data Service (spec part 4): one typed method per endpoint, pages and
 * rows as async iterators, retries and waits as the service asks, typed errors, the access
 * windows checked before a request the service would refuse without a key, and usage figures
 * from the response headers. The key goes only to the service's own origin.
 */
export class MarketDataClient {
  readonly #transport: HttpTransport;
  readonly #usage = new UsageMonitor();
  readonly #now: () => number;

  constructor(options: MarketDataClientOptions) {
    const apiKey = options.apiKey;
    this.#now = options.now ?? Date.now;
    this.#transport = new HttpTransport({
      baseUrl: options.baseUrl,
      apiKey: typeof apiKey === 'function' ? apiKey : () => apiKey ?? null,
      fetch: options.fetch ?? globalThis.fetch,
      now: options.now ?? Date.now,
      sleep: options.sleep ?? sleep,
      timeout: options.timeout ?? ((ms) => AbortSignal.timeout(ms)),
      random: options.random ?? Math.random,
      retry: { ...defaultRetryPolicy, ...options.retry },
      timeoutMs: options.timeoutMs ?? 30_000,
      usage: this.#usage,
      log: options.log ?? (() => {}),
    });
  }

  /** The latest rate-limit and monthly-usage figures. */
  get usage(): UsageSnapshot {
    return this.#usage.latest;
  }

  /** Subscribes to usage figures as responses report them; returns the unsubscribe function. */
  onUsage(listener: UsageListener): () => void {
    return this.#usage.onUsage(listener);
  }

  /**
   * A health probe: `GET /health`, or `GET /count` where a deployment has no `/health` (404).
   * One attempt each, no key, no retries and a short timeout, because a probe must answer fast;
   * the latency is measured with the client's clock.
   */
  async health(options: HealthProbeOptions = {}): Promise<HealthProbe> {
    const timeoutMs = options.timeoutMs ?? 5000;
    const started = this.#now();
    let outcome: ProbeOutcome = await this.#transport.probe(routes.health, timeoutMs, options.signal, healthBodyBytes);
    const fromHealth = !(outcome.type === 'response' && outcome.status === 404);
    if (!fromHealth) outcome = await this.#transport.probe(routes.count, timeoutMs, options.signal);
    if (outcome.type === 'timeout') return { type: 'timeout', timeoutMs };
    if (outcome.type === 'failure') return { type: 'unreachable', reason: outcome.message };
    const simulated = fromHealth && outcome.status >= 200 && outcome.status < 300 && saysSimulated(outcome.body);
    return { type: 'answered', status: outcome.status, latencyMs: Math.max(0, this.#now() - started), simulated };
  }

  /**
   * `GET /catalog`: public markets. Entries that break the catalog schema are left out of
   * `items` and named in each page's `skipped`, so one bad entry does not hide the rest.
   */
  catalog(query: CatalogQuery = {}, options: CallOptions = {}): RowStream<CatalogMarket> {
    return this.#paged('catalog', { ...query }, options);
  }

  /** `GET /catalog/instruments`: option contracts of an underlying. */
  instruments(query: InstrumentsQuery, options: CallOptions = {}): RowStream<InstrumentEntry> {
    return this.#paged('instruments', { ...query }, options);
  }

  /** `GET /count`: source and market totals. */
  async count(options: CallOptions = {}): Promise<CountResponse> {
    return this.#proven('count', isCountResponse, await this.#json('count', {}, options), {}, 'the totals');
  }

  /** `GET /snapshots`: hourly snapshot files of a dataset (page envelopes carry `access` and totals). */
  snapshots(query: SnapshotsQuery, options: CallOptions = {}): RowStream<SnapshotListingEntry> {
    return this.#paged('snapshots', { ...query }, options);
  }

  /** `GET /snapshots/download?mode=url`: a pre-signed link to one file, as JSON. */
  async snapshotDownloadLink(key: string, options: CallOptions = {}): Promise<SnapshotDownloadLink> {
    const link = await this.#json('snapshotDownload', { key, mode: 'url' }, options);
    if (!passes(isSnapshotDownloadLink, link)) throw this.#invalid('snapshotDownload', 'the download link lacks url, filename or expires_in_seconds', { key, mode: 'url' });
    return { url: link.url, filename: link.filename, expires_in_seconds: link.expires_in_seconds };
  }

  /** `GET /snapshots/download` without mode: the redirect's target, reported and never followed (so the key stays home). */
  async snapshotRedirectTarget(key: string, options: CallOptions = {}): Promise<string> {
    const response = await this.#transport.send({ route: routes.snapshotDownload, params: { key }, signal: options.signal, redirect: 'report' });
    if (response.kind !== 'redirect') return this.#linkFromBody(response.body, key);
    return response.location;
  }

  /** Fetches a pre-signed snapshot URL: no Authorization header is ever sent with it. */
  fetchSnapshotFile(url: string, options: CallOptions = {}): Promise<Uint8Array> {
    return this.#transport.fetchPresigned(url, options.signal);
  }

  /** `GET /download`: the daily manifest of pre-signed URLs. */
  async dailyManifest(query: DailyManifestQuery, options: CallOptions = {}): Promise<DailyManifest> {
    const body = await this.#json('dailyManifest', { ...query }, options);
    const entries = hasFields(body) ? body['snapshots'] : undefined;
    if (!Array.isArray(entries)) throw this.#invalid('dailyManifest', 'the manifest has no "snapshots" array', { ...query });
    const bad = entries.findIndex((entry) => isManifestEntry(entry) !== null);
    if (bad >= 0) throw this.#invalid('dailyManifest', `manifest entry ${bad} lacks date, timestamp, key, url or expires_in_seconds`, { ...query });
    return this.#proven('dailyManifest', isDailyManifest, body, { ...query }, 'the manifest');
  }

  /** `GET /historical/trades`. */
  historicalTrades(query: RowQuery = {}, options: CallOptions = {}): RowStream<TradeRow> {
    return this.#paged('historicalTrades', { ...query }, options);
  }

  /** `GET /historical/orderbook-l2`: L2 source events. */
  historicalOrderbookL2(query: RowQuery = {}, options: CallOptions = {}): RowStream<L2Row> {
    return this.#paged('historicalOrderbookL2', { ...query }, options);
  }

  /** `GET /historical/funding-rates`. */
  historicalFundingRates(query: RowQuery = {}, options: CallOptions = {}): RowStream<FundingRow> {
    return this.#paged('historicalFundingRates', { ...query }, options);
  }

  /** `GET /historical/options-ticker`. */
  historicalOptionsTicker(query: RowQuery = {}, options: CallOptions = {}): RowStream<OptionTickerRow> {
    return this.#paged('historicalOptionsTicker', { ...query }, options);
  }

  /** `GET /l2-updates`: latest-hour L2 source events. */
  l2Updates(query: RowQuery = {}, options: CallOptions = {}): RowStream<L2Row> {
    return this.#paged('l2Updates', { ...query }, options);
  }

  /** `GET /funding-rates`: latest-hour funding rows. */
  fundingRates(query: RowQuery = {}, options: CallOptions = {}): RowStream<LatestFundingRow> {
    return this.#paged('fundingRates', { ...query }, options);
  }

  /** `/perpetual-ticker`, the alias of `/funding-rates` (spec 4.11): the same rows, read from `/funding-rates`. */
  perpetualTicker(query: RowQuery = {}, options: CallOptions = {}): RowStream<LatestFundingRow> {
    return this.fundingRates(query, options);
  }

  /** `GET /options-ticker`. */
  optionsTicker(query: RowQuery = {}, options: CallOptions = {}): RowStream<OptionTickerRow> {
    return this.#paged('optionsTicker', { ...query }, options);
  }

  /** `GET /ohlcv`: candle revisions (fold them with `latestCandleRevisions`). */
  ohlcv(query: CandleQuery = {}, options: CallOptions = {}): RowStream<CandleRow> {
    return this.#paged('ohlcv', { ...query }, options);
  }

  /** `GET /intents`. */
  intents(query: IntentQuery = {}, options: CallOptions = {}): RowStream<IntentRow> {
    return this.#paged('intents', { ...query }, options);
  }

  /** `GET /quotes`; a 404 reads "not yet available on this service". */
  quotes(query: QuoteQuery = {}, options: CallOptions = {}): RowStream<QuoteRow> {
    return this.#paged('quotes', { ...query }, options);
  }

  /**
   * `GET /l2-orderbooks`: reconstructed top-25 books. A 422 (replay limit) splits the time range
   * in halves and carries on, so the caller still gets one ordered stream (see `splitRangeOn422`).
   */
  l2Orderbooks(query: L2OrderbooksQuery, options: CallOptions = {}): RowStream<L2Row> {
    return this.#paged('l2Orderbooks', { ...query }, options);
  }

  /**
   * `GET /events`: the mixed stream, key required. A 422 (query too expensive) splits the time
   * range in halves and carries on, so the caller still gets one ordered stream.
   */
  events(query: EventsQuery, options: CallOptions = {}): RowStream<EventItem> {
    const { types, ...rest } = query;
    return this.#paged('events', { ...rest, types: types?.join(',') }, options);
  }

  /** Any paged route by name with raw parameters (the command line's `mde get`). */
  query(name: RouteName, params: QueryParams, options: CallOptions = {}): RowStream<unknown> {
    if (!isPagedRoute(name)) throw new Error(`${routes[name].path} does not page; use fetchJson`);
    return this.#paged(name, params, options);
  }

  /** Any unpaged route by name: its JSON body. */
  fetchJson(name: RouteName, params: QueryParams, options: CallOptions = {}): Promise<unknown> {
    return this.#json(name, params, options);
  }

  #paged<Route extends PagedRoute>(name: Route, params: QueryParams, options: CallOptions): RowStream<PagedRows[Route]> {
    const route = routes[name];
    const guard = routeGuards[name];
    const limit = effectiveLimit(route, integerParam(params, 'limit'));
    const complete: QueryParams = { ...params, limit, cursor: undefined };
    const signal = options.signal;
    const start = integerParam(complete, 'start');
    const end = integerParam(complete, 'end');
    if (!route.splitsOn422 || start === undefined || end === undefined) {
      return new RowStream(() => pageThrough(this.#transport, { route, params: complete, guard, signal }));
    }
    const markOf = rowMarks[name] ?? noMark;
    return new RowStream(() =>
      splitRangeOn422(
        { start, end },
        (range): AsyncGenerator<RowPage<PagedRows[Route]>> => pageThrough(this.#transport, { route, params: { ...complete, start: range.start, end: range.end }, guard, signal, range }),
        markOf,
      ),
    );
  }

  async #json(name: RouteName, params: QueryParams, options: CallOptions): Promise<unknown> {
    const response = await this.#transport.send({ route: routes[name], params, signal: options.signal });
    if (response.kind !== 'json') throw this.#invalid(name, 'answered with a redirect', params);
    return response.body;
  }

  /** The body as the type its guard proved, or an `invalid-response` error naming what is wrong with `what`. */
  #proven<Body>(name: RouteName, guard: RowGuard<Body>, body: unknown, params: QueryParams, what: string): Body {
    if (passes(guard, body)) return body;
    const problem = problemWith(guard, body);
    throw this.#invalid(name, `${what}: "${problem.field}" should be ${problem.expected}`, params);
  }

  #linkFromBody(body: unknown, key: string): string {
    const url = hasFields(body) ? body['url'] : undefined;
    if (typeof url !== 'string') throw this.#invalid('snapshotDownload', 'neither a redirect nor a link', { key });
    return url;
  }

  #invalid(name: RouteName, problem: string, params: QueryParams): MarketDataError {
    const route = routes[name];
    const request: RequestSummary = { method: 'GET', url: this.#transport.urlOf(route, params).href, authorization: null };
    return new MarketDataError('invalid-response', `${route.path}: ${problem}`, { request, resolution: 'The service sent a malformed response; try again.' });
  }
}

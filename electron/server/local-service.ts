import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { appVersion } from '../base/app-version.ts';
import { authenticate, type ApiKeyGrant, type Principal } from './access-policy.ts';
import { CursorCodec } from './cursor.ts';
import { startDownloadHost, type DownloadHost } from './download-host.ts';
import { noFaults, type FaultModes } from './faults.ts';
import { MonthlyUsage } from './monthly-usage.ts';
import { RateLimiter, rateLimitHeaders, type QuotaPolicy, type QuotaState } from './rate-limiter.ts';
import { registerCatalogRoutes } from './routes/catalog-routes.ts';
import { registerEventsRoute } from './routes/events-route.ts';
import { registerL2OrderbooksRoute } from './routes/l2-orderbooks-route.ts';
import { registerRowRoutes } from './routes/row-routes.ts';
import { defaultListingBudget, type ListingBudget } from './store/snapshot-listing.ts';
import { registerSnapshotRoutes } from './routes/snapshot-routes.ts';
import { specReplayLimits, type ReplayLimits, type ServiceContext } from './service-context.ts';
import { answerOnSocket, checkRequestTarget, clientErrorRefusal } from './request-limits.ts';
import { badRequest, ServiceHttpError } from './service-error.ts';
import { UrlSigner } from './signed-url.ts';
import { ServiceActivity } from './service-activity.ts';
import { RowMergeResumes } from './rows/row-merge-resumes.ts';
import { ReadGate } from './read-gate.ts';
import { storedFileOf, type MarketDataStore } from './store/market-data-store.ts';
import { parseSnapshotKey } from '../../shared/snapshot/snapshot-key.ts';
import { listeningPort } from '../base/listening-port.ts';

/** Options of the local Market Data Service. */
export interface LocalServiceOptions {
  store: MarketDataStore;
  /** Accepted bearer keys (spec part 5). */
  keys?: readonly ApiKeyGrant[];
  /** The service clock; tests move it. */
  now?: () => number;
  /** Per-client request quota; past it, 429 with Retry-After. */
  quota?: QuotaPolicy;
  /** Monthly `/events` requests per key. */
  monthlyAllowance?: number;
  replayLimits?: ReplayLimits;
  /** Hour files one `/events` page may read before it answers 422. */
  eventsMaxHourFiles?: number;
  /** Hour files one `/snapshots` response may have the demo generate (default 6 anonymous, 24 keyed); past it the page ends early. */
  listingBudget?: ListingBudget;
  /** Storage bytes one anonymous latest-hour query may read before it answers 422 (default 1 GiB). */
  anonymousReadBytes?: number;
  /** 503 switches; the object stays live, so tests can flip it while the service runs. */
  faults?: FaultModes;
  port?: number;
  downloadPort?: number;
  /** Lifetime of pre-signed download URLs. */
  urlTtlSeconds?: number;
  /** Row pages and book replays that run at once (2 by default); the others wait their turn. */
  readSlots?: number;
  /** Whether the data is simulated (the demo): `/health` says so in `x-mde-simulated`, so every client can label it. */
  simulated?: boolean;
}

/** A running local Market Data Service on loopback. */
export interface LocalService {
  /** Base URL such as `http://127.0.0.1:43123`. */
  readonly baseUrl: string;
  /** The download host standing in for `{download_host}`. */
  readonly downloadHost: DownloadHost;
  /** The live 503 switches. */
  readonly faults: FaultModes;
  /** Requests in flight and the last one's end, for background work to wait on. */
  readonly activity: ServiceActivity;
  /** Stops both servers. */
  close(): Promise<void>;
}

const principals = new WeakMap<FastifyRequest, Principal>();

/** Endpoints whose responses carry the `RateLimit-*` headers (spec part 8). */
const rateLimitHeaderPaths = new Set(['/catalog', '/catalog/instruments', '/count', '/download', '/snapshots', '/snapshots/download', '/events']);

/** Builds the Fastify app of the local service: every endpoint of spec part 4 (requests counted in `activity` when given). */
export function buildLocalServiceApp(context: ServiceContext, monthly: MonthlyUsage, activity?: ServiceActivity, simulated = false): FastifyInstance {
  const app = Fastify({
    logger: false,
    return503OnClosing: true,
    // Closing drops open connections at once: a request still reading many demo hours must not hold a shutdown.
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests refused before routing still get the spec 2.14 error body.
    clientErrorHandler: (error: Error, socket) => {
      const refusal = clientErrorRefusal(error);
      if (refusal === null) socket.destroy();
      else answerOnSocket(socket, refusal.status, 'application/json; charset=utf-8', JSON.stringify(refusal.body()));
    },
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.code(400).send(badRequest(`The path cannot be read: ${error.message}`, 'Percent-encode the path and query correctly.').body());
    },
  });
  const quotas = new WeakMap<FastifyRequest, QuotaState>();

  app.addHook('onRequest', (request, reply, done) => {
    if (activity !== undefined) {
      activity.started();
      // 'close' comes once the response is sent or the client has gone, whichever happens.
      reply.raw.once('close', () => activity.ended());
    }
    const tooLong = checkRequestTarget(request.url);
    if (tooLong !== null) {
      done(tooLong);
      return;
    }
    const path = request.url.split('?')[0] ?? '';
    if (path === '/health') {
      done();
      return;
    }
    try {
      const principal = authenticate(request.headers.authorization, context.keys, context.faults.auth);
      principals.set(request, principal);
      quotas.set(request, context.limiter.take(principal.kind === 'key' ? `key:${principal.key}` : `ip:${request.ip}`, context.now()));
      done();
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
    }
  });
  app.addHook('onSend', async (request, reply) => {
    const state = quotas.get(request);
    const path = request.url.split('?')[0] ?? '';
    if (state !== undefined && rateLimitHeaderPaths.has(path)) void reply.headers(rateLimitHeaders(context.limiter.policy, state));
  });

  // `x-mde-simulated` is this app's extension field (the spec leaves /health's body open; a real
  // service does not send it): true when the data is the simulator's, so any client can say so.
  app.get('/health', () => Promise.resolve({ status: 'ok', service: 'mde-local', version: appVersion, 'x-mde-simulated': simulated }));
  registerCatalogRoutes(app, context);
  registerSnapshotRoutes(app, context);
  registerRowRoutes(app, context);
  registerL2OrderbooksRoute(app, context);
  registerEventsRoute(app, context, monthly);

  app.setNotFoundHandler(async (request, reply) =>
    reply
      .code(404)
      .send(new ServiceHttpError(404, 'not_found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}`, 'Check the path against the Market Data Service specification, part 4.').body()),
  );
  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof ServiceHttpError) return reply.code(error.status).headers(error.headers).send(error.body());
    const status = typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    const message = error instanceof Error ? error.message : String(error);
    const code = status >= 400 && status < 500 ? status : 500;
    return reply.code(code).send(new ServiceHttpError(code, code === 500 ? 'internal' : 'invalid_request', message, 'Check the request and try again.').body());
  });
  return app;
}

function checkedListingBudget(budget: ListingBudget): ListingBudget {
  // At least one hour per response, so that paging always moves on.
  for (const [who, hours] of Object.entries(budget)) {
    if (!Number.isSafeInteger(hours) || hours < 1) throw new Error(`listingBudget.${who} must be a whole number of hours ≥ 1, not ${hours}`);
  }
  return budget;
}

/** Starts the local service and its download host on 127.0.0.1. */
export async function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  const now = options.now ?? Date.now;
  const secret = randomBytes(32);
  const faults = options.faults ?? { ...noFaults };
  const signer = new UrlSigner(secret);
  let downloadOrigin = '';
  const context: ServiceContext = {
    store: options.store,
    keys: options.keys ?? [],
    now,
    faults,
    cursors: new CursorCodec(secret),
    signer,
    limiter: new RateLimiter(options.quota ?? { limit: 1200, windowSeconds: 60 }),
    replayLimits: options.replayLimits ?? specReplayLimits,
    reads: new ReadGate(options.readSlots ?? 2),
    merges: new RowMergeResumes(),
    eventsMaxHourFiles: options.eventsMaxHourFiles ?? 96,
    listingBudget: checkedListingBudget(options.listingBudget ?? defaultListingBudget),
    anonymousReadBytes: options.anonymousReadBytes ?? 1024 ** 3,
    monthlyAllowance: options.monthlyAllowance ?? 100_000,
    urlTtlSeconds: options.urlTtlSeconds ?? 86_400,
    downloadOrigin: () => downloadOrigin,
    principalOf: (request) => principals.get(request) ?? { kind: 'anonymous' },
  };
  const downloadHost = await startDownloadHost(
    signer,
    async (key) => {
      if (faults.storage) throw new Error('storage unavailable');
      const hour = await options.store.hourByKey(key);
      if (hour === null) return null;
      // A whole-day file is fetched by its own key only, never by one of its hours'.
      if (hour.dayFile !== undefined && parseSnapshotKey(key)?.span !== 'day') return null;
      return storedFileOf(await options.store.file(hour));
    },
    () => Math.floor(now() / 1000),
    options.downloadPort ?? 0,
  );
  downloadOrigin = downloadHost.origin;
  // Real elapsed time (not the service's possibly simulated clock): a quiet moment is a real pause.
  const activity = new ServiceActivity(() => performance.now());
  const app = buildLocalServiceApp(context, new MonthlyUsage(context.monthlyAllowance), activity, options.simulated === true);
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const port = listeningPort(app.server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    downloadHost,
    faults,
    activity,
    close: async () => {
      await Promise.all([app.close(), downloadHost.close()]);
    },
  };
}

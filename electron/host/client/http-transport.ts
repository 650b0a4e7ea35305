import { redactSecret } from '../../base/redact-secret.ts';
import { needsApiKeyReason } from './access-windows.ts';
import { parseErrorBody, type ParsedErrorBody } from './error-body.ts';
import { anonymousSlots } from './host-slots.ts';
import { errorKindOfStatus, MarketDataError, type RequestSummary } from './market-data-error.ts';
import { searchOf, type QueryParams } from './query-params.ts';
import { backoffDelay, parseRetryAfter, rateLimitWait, reportedRateLimitWait, type RetryPolicy, type Sleep } from './retry-policy.ts';
import type { RouteSpec } from './routes.ts';
import type { UsageMonitor } from './usage-monitor.ts';
import { nextTurn } from '../../base/next-turn.ts';

/** What the transport needs: where, with which key, how patiently, and where usage goes. */
export interface TransportOptions {
  baseUrl: string;
  /** Read on every request, so a key set or deleted takes effect at once. */
  apiKey: () => string | null;
  fetch: typeof fetch;
  /** The client's clock; must agree with the service's for the access windows. */
  now: () => number;
  /** Every wait between attempts (backoff, `Retry-After`) goes through it. */
  sleep: Sleep;
  /** Makes the signal that ends one attempt after `ms`. */
  timeout: (ms: number) => AbortSignal;
  random: () => number;
  retry: RetryPolicy;
  /** Per attempt, until the whole body has arrived. */
  timeoutMs: number;
  usage: UsageMonitor;
  /** Receives one line per retry or wait; lines never contain the key. */
  log: (line: string) => void;
}

/** One request: the route, its query, and whether a redirect is followed or reported. */
export interface ServiceRequest {
  route: RouteSpec;
  params: QueryParams;
  signal?: AbortSignal | undefined;
  /** `report`: return a redirect's target instead of following it (snapshot downloads). */
  redirect?: 'follow' | 'report';
}

/** A successful answer: a parsed JSON body, or the target of a reported redirect. */
export type ServiceResponse =
  | { kind: 'json'; status: number; body: unknown; request: RequestSummary }
  | { kind: 'redirect'; location: string; request: RequestSummary };

/** What a single probe attempt met: an answer, silence past the timeout, or a network failure. */
export type ProbeOutcome = { type: 'response'; status: number; body: string } | { type: 'timeout' } | { type: 'failure'; message: string };

type AttemptOutcome =
  | { type: 'response'; status: number; headers: Headers; text: string }
  | { type: 'redirect'; location: string; headers: Headers }
  | { type: 'failure'; message: string; timedOut: boolean };

interface Attempt {
  url: URL;
  key: string | null;
  redirect: 'follow' | 'report';
  signal: AbortSignal | undefined;
  timeoutMs: number;
  /** False for a probe that needs only the status: the body is never read. */
  readBody: boolean;
  /** Read at most this many bytes of the body (a probe's), the rest left unread; the whole body when absent. */
  bodyLimit?: number;
}

const maxRedirects = 5;

/** The first `limit` bytes of a response body as text (a hostile service cannot make a probe read more); the rest is cancelled. */
async function leadingText(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  while (bytes < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value.subarray(0, limit - bytes));
    bytes += Math.min(value.byteLength, limit - bytes);
  }
  await reader.cancel().catch(() => undefined);
  const joined = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(joined);
}
const retryableStatuses = new Set([502, 503, 504]);

function failureMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const detail = cause instanceof Error ? `${'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ` : ''}${cause.message}` : '';
  return detail === '' || detail === error.message ? error.message : `${error.message} (${detail})`;
}

/**
 * Sends requests to one Market Data Service origin: the bearer key only to that origin, never
 * to a redirect that leaves it; 429s waited out as `Retry-After` (or `reset_at`) says; 503s,
 * network failures and bodies cut short retried with jittered exponential backoff; every
 * wait bounded and cancellable. Failures become `MarketDataError`s with the key redacted.
 */
export class HttpTransport {
  readonly #options: TransportOptions;
  readonly #base: URL;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#base = new URL(options.baseUrl);
  }

  /** The service origin, the only place the key goes. */
  get origin(): string {
    return this.#base.origin;
  }

  /** The URL of a route with a query, under the base URL (which may carry a path prefix). */
  urlOf(route: RouteSpec, params: QueryParams): URL {
    const prefix = this.#base.pathname.replace(/\/+$/, '');
    return new URL(`${this.#base.origin}${prefix}${route.path}${searchOf(params)}`);
  }

  /** Sends one request with the retry rules above. */
  async send(request: ServiceRequest): Promise<ServiceResponse> {
    const { route, params, signal } = request;
    const options = this.#options;
    const key = options.apiKey();
    const url = this.urlOf(route, params);
    const summary: RequestSummary = { method: 'GET', url: url.href, authorization: key === null ? null : 'Bearer [redacted]' };
    const redact = (text: string): string => redactSecret(text, key);
    signal?.throwIfAborted();
    if (key === null) {
      const reason = needsApiKeyReason(route, params, options.now());
      if (reason !== null) {
        throw new MarketDataError('needs-api-key', reason, {
          request: summary,
          resolution: `Add an API key for ${this.#base.origin} (in Settings, or "npm run -s mde -- key set"), or choose a range inside the anonymous window.`,
        });
      }
    }
    let failures = 0;
    let rateLimitWaits = 0;
    for (;;) {
      const release = key === null && route.anonymousConcurrencyLimited ? await anonymousSlots(this.origin).acquire(signal) : undefined;
      let outcome: AttemptOutcome;
      try {
        outcome = await this.#attempt({ url, key, redirect: request.redirect ?? 'follow', signal, timeoutMs: options.timeoutMs, readBody: true });
      } finally {
        release?.();
      }
      if (outcome.type === 'failure') {
        failures++;
        const message = redact(outcome.message);
        if (failures >= options.retry.maxAttempts) {
          throw new MarketDataError('network', `${route.path}: ${message} (gave up after ${failures} attempts)`, {
            request: summary,
            resolution: 'Check the connection and the base URL, then try again.',
          });
        }
        const delay = backoffDelay(failures, options.retry, options.random);
        options.log(`${route.path}: ${message}; retry ${failures} in ${delay} ms`);
        await options.sleep(delay, signal);
        continue;
      }
      options.usage.record(outcome.headers, options.now());
      if (outcome.type === 'redirect') return { kind: 'redirect', location: outcome.location, request: summary };
      const { status, headers, text } = outcome;
      if (status >= 200 && status < 300) {
        // Reading the body and parsing it are a page's two long steps: each gets a turn of its own.
        await nextTurn();
        return { kind: 'json', status, body: this.#json(route, status, text, summary, redact), request: summary };
      }
      const parsed = parseErrorBody(text);
      if (status === 429) {
        const hinted = parseRetryAfter(headers.get('retry-after'), options.now()) ?? (parsed.resetAt === null ? null : Math.max(0, parsed.resetAt - options.now()));
        rateLimitWaits++;
        // Never at once, and longer on each repeat, whatever the service said.
        const wait = hinted === null ? Math.max(rateLimitWait(null, rateLimitWaits, options.retry), backoffDelay(rateLimitWaits, options.retry, options.random)) : rateLimitWait(hinted, rateLimitWaits, options.retry);
        if (rateLimitWaits > options.retry.maxRateLimitWaits || wait > options.retry.maxRateLimitWaitMs) {
          throw this.#statusError(route, status, parsed, summary, redact, reportedRateLimitWait(wait, options.retry));
        }
        options.log(`${route.path}: rate limited; waiting ${wait} ms as the service asked`);
        await options.sleep(wait, signal);
        continue;
      }
      if (retryableStatuses.has(status)) {
        failures++;
        if (failures >= options.retry.maxAttempts) throw this.#statusError(route, status, parsed, summary, redact, null);
        const hinted = parseRetryAfter(headers.get('retry-after'), options.now()) ?? 0;
        const delay = Math.min(options.retry.maxDelayMs, Math.max(backoffDelay(failures, options.retry, options.random), hinted));
        options.log(`${route.path}: HTTP ${status}; retry ${failures} in ${delay} ms`);
        await options.sleep(delay, signal);
        continue;
      }
      throw this.#statusError(route, status, parsed, summary, redact, null);
    }
  }

  /**
   * One attempt at a route with no key and no retries, for a health probe that must answer fast:
   * the status and at most `bodyBytes` of the body (none by default; the rest is never read), or
   * why there was no answer.
   */
  async probe(route: RouteSpec, timeoutMs: number, signal?: AbortSignal, bodyBytes = 0): Promise<ProbeOutcome> {
    const outcome = await this.#attempt({ url: this.urlOf(route, {}), key: null, redirect: 'follow', signal, timeoutMs, readBody: bodyBytes > 0, bodyLimit: bodyBytes });
    if (outcome.type === 'failure') return outcome.timedOut ? { type: 'timeout' } : { type: 'failure', message: outcome.message };
    return outcome.type === 'redirect' ? { type: 'response', status: 302, body: '' } : { type: 'response', status: outcome.status, body: outcome.text };
  }

  /** Fetches a pre-signed download URL with no Authorization header at all, whatever its origin. */
  async fetchPresigned(url: string, signal?: AbortSignal): Promise<Uint8Array> {
    const summary: RequestSummary = { method: 'GET', url, authorization: null };
    const timeout = this.#options.timeout(this.#options.timeoutMs);
    try {
      const response = await this.#options.fetch(url, { redirect: 'follow', signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]) });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (!response.ok) {
        throw new MarketDataError(errorKindOfStatus(response.status), `The download host answered HTTP ${response.status}: ${new TextDecoder().decode(bytes.slice(0, 200)).trim()}`, {
          status: response.status,
          request: summary,
          resolution: response.status === 403 ? 'The link expired or was altered; ask the service for a new one.' : 'Try again later.',
        });
      }
      return bytes;
    } catch (error) {
      if (error instanceof MarketDataError) throw error;
      signal?.throwIfAborted();
      const reason = timeout.aborted ? `no complete response within ${this.#options.timeoutMs} ms` : failureMessage(error);
      throw new MarketDataError('network', `Download failed: ${reason}`, { request: summary, resolution: 'Check the connection and try again.' });
    }
  }

  async #attempt({ url, key, redirect, signal, timeoutMs, readBody, bodyLimit }: Attempt): Promise<AttemptOutcome> {
    const timeout = this.#options.timeout(timeoutMs);
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    let current = url;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { accept: 'application/json' };
      // The key goes only to the service's own origin: never to a redirect that leaves it.
      if (key !== null && current.origin === this.#base.origin) headers['authorization'] = `Bearer ${key}`;
      try {
        const response = await this.#options.fetch(current, { headers, redirect: 'manual', signal: combined });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location !== null) {
          await response.body?.cancel();
          const target = new URL(location, current);
          if (redirect === 'report') return { type: 'redirect', location: target.href, headers: response.headers };
          if (hop >= maxRedirects) return { type: 'failure', message: `more than ${maxRedirects} redirects`, timedOut: false };
          current = target;
          continue;
        }
        if (!readBody) {
          await response.body?.cancel();
          return { type: 'response', status: response.status, headers: response.headers, text: '' };
        }
        // Reading the whole body here means a body cut short fails this attempt and is retried.
        const text = bodyLimit === undefined ? await response.text() : await leadingText(response, bodyLimit);
        return { type: 'response', status: response.status, headers: response.headers, text };
      } catch (error) {
        signal?.throwIfAborted();
        if (timeout.aborted) return { type: 'failure', message: `no complete response within ${timeoutMs} ms`, timedOut: true };
        return { type: 'failure', message: failureMessage(error), timedOut: false };
      }

    }
  }

  #json(route: RouteSpec, status: number, text: string, summary: RequestSummary, redact: (text: string) => string): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new MarketDataError('invalid-response', redact(`${route.path} answered HTTP ${status} with a body that is not JSON (${error instanceof Error ? error.message : String(error)})`), {
        status,
        request: summary,
        resolution: 'The service sent a malformed response; try again, and report it if it persists.',
      });
    }
  }

  #statusError(
    route: RouteSpec,
    status: number,
    parsed: ParsedErrorBody,
    summary: RequestSummary,
    redact: (text: string) => string,
    retryAfterMs: number | null,
  ): MarketDataError {
    const serviceMessage = parsed.message === null ? `HTTP ${status}` : redact(parsed.message);
    const notLive = status === 404 ? (route.notLiveMessage ?? null) : null;
    return new MarketDataError(errorKindOfStatus(status), notLive === null ? serviceMessage : `${notLive} (the service answered: ${serviceMessage})`, {
      status,
      code: parsed.code,
      resolution: parsed.resolution === null ? null : redact(parsed.resolution),
      request: summary,
      retryAfterMs,
    });
  }
}

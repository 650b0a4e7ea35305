import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError, type ContractErrorKind } from '../../../shared/contract/errors.ts';
import type { ContractHandlers } from '../../../electron/host/contract/handlers.ts';
import { MarketDataClient, type MarketDataClientOptions } from '../../../electron/host/client/market-data-client.ts';
import { MarketDataError, type MarketDataErrorKind } from '../../../electron/host/client/market-data-error.ts';
import type { Sleep } from '../../../electron/host/client/retry-policy.ts';
import { contractErrorOf } from '../../../electron/host/contract-errors.ts';
import { dispatchOnlyHandlers } from './support/dispatch-only-handlers.ts';
import { ipcApi, webSocketApi, type WebSocketApi } from './support/contract-transports.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { fixedNow, freeKey, startTestService, type TestService } from './support/test-service.ts';
import { rejectionOf } from '../../support/rejection.ts';

const minute = 60_000;
const instant: Sleep = () => Promise.resolve();

let service: TestService;
let quotaService: TestService;
let tightService: TestService;
let proxy: FaultProxy;
let ws: WebSocketApi;
/** The failure the `catalog.markets` handler reports next, as the main process would. */
let next: unknown = null;

const handlers: ContractHandlers = { ...dispatchOnlyHandlers, 'catalog.markets': () => Promise.reject(contractErrorOf(next, 'catalog.markets')) };

beforeAll(async () => {
  service = await startTestService();
  // One request per hour: the second is a 429 whose Retry-After (to the next hour) is past any wait bound.
  quotaService = await startTestService({ quota: { limit: 1, windowSeconds: 3600 } });
  // Any anonymous latest-hour read past one byte is a 422.
  tightService = await startTestService({ anonymousReadBytes: 1 });
  proxy = await startFaultProxy(service.service.baseUrl);
  ws = await webSocketApi(handlers);
});
afterAll(async () => {
  await ws.close();
  await proxy.close();
  await Promise.all([service.close(), quotaService.close(), tightService.close()]);
});

function client(baseUrl: string, options: Partial<MarketDataClientOptions> = {}): MarketDataClient {
  return new MarketDataClient({ baseUrl, now: () => fixedNow, sleep: instant, retry: { maxAttempts: 2 }, ...options });
}

const serviceFailure = (promise: Promise<unknown>): Promise<MarketDataError> => rejectionOf(promise, MarketDataError);

const contractFailure = (promise: Promise<unknown>): Promise<ContractError> => rejectionOf(promise, ContractError);

/** The URL of a port on 127.0.0.1 that nothing listens on (it was just released). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const errorBody = (code: string, message: string, resolution: string): string => JSON.stringify({ error: { code, message, resolution } });

interface Case {
  name: string;
  fail: () => Promise<unknown>;
  serviceKind: MarketDataErrorKind;
  contractKind: ContractErrorKind;
  message: string | RegExp;
  resolution: string | RegExp;
  retryAfterMs?: number;
}

// Each failure is produced for real: by the local service where it can produce it, else by the fault proxy.
const cases: Case[] = [
  {
    name: '401, a wrong key',
    fail: () => client(service.service.baseUrl, { apiKey: 'not-a-known-key-1' }).historicalTrades({ start: fixedNow - minute }).all(),
    serviceKind: 'auth-required',
    contractKind: 'auth-required',
    message: 'The API key is not valid',
    resolution: 'Check the key, or create a new one in your account.',
  },
  {
    name: '402, a payment-gated dataset asked for anonymously',
    fail: () => client(service.service.baseUrl).dailyManifest({ source: 'aster', market: 'BTCUSDT', date: '2026-11-20' }),
    serviceKind: 'payment-required',
    contractKind: 'payment-required',
    message: /payment/i,
    resolution: /paid subscription/,
  },
  {
    name: '403, a free key on a payment-gated dataset',
    fail: () => client(service.service.baseUrl, { apiKey: freeKey }).dailyManifest({ source: 'aster', market: 'BTCUSDT', date: '2026-11-20' }),
    serviceKind: 'forbidden',
    contractKind: 'forbidden',
    message: /historical download access/,
    resolution: /.+/,
  },
  {
    name: '404, no snapshot data for a date',
    fail: () => client(service.service.baseUrl).dailyManifest({ source: 'hyperliquid', market: 'BTC', date: '2020-01-01' }),
    serviceKind: 'not-found',
    contractKind: 'not-found',
    message: /.+/,
    resolution: /.+/,
  },
  {
    name: '422, an anonymous read past its limit',
    fail: () => client(tightService.service.baseUrl).l2Updates({ source: 'hyperliquid', market: 'BTC' }).all(),
    serviceKind: 'too-expensive',
    contractKind: 'too-expensive',
    message: /.+/,
    resolution: /.+/,
  },
  {
    name: '429 with a Retry-After past the wait bound',
    fail: async () => {
      const paced = client(quotaService.service.baseUrl);
      await paced.count();
      return paced.count();
    },
    serviceKind: 'rate-limited',
    contractKind: 'rate-limited',
    message: 'Request quota exceeded: 1 requests per 3600 s',
    resolution: /^Wait 1504 s as Retry-After says/,
    // 12:34:56 to the next full hour.
    retryAfterMs: 1_504_000,
  },
  {
    name: '503, catalog metadata down (after the retries)',
    fail: async () => {
      service.service.faults.metadata = true;
      try {
        return await client(service.service.baseUrl).catalog().all();
      } finally {
        service.service.faults.metadata = false;
      }
    },
    serviceKind: 'unavailable',
    contractKind: 'unavailable',
    message: 'Catalog metadata is temporarily unavailable',
    resolution: 'Retry after a short wait.',
  },
  {
    name: 'the network down',
    fail: async () => client(await closedPortUrl()).count(),
    serviceKind: 'network',
    contractKind: 'network',
    message: /ECONNREFUSED.*\(gave up after 2 attempts\)$/,
    resolution: 'Check the connection and the base URL, then try again.',
  },
  {
    name: '400, a market without its source',
    fail: () => client(service.service.baseUrl).catalog({ market: 'BTC' }).all(),
    serviceKind: 'bad-request',
    contractKind: 'invalid-request',
    message: '"market" requires "source"',
    resolution: /Add the source/,
  },
  {
    name: 'a range that needs a key, refused before sending',
    fail: () => client(service.service.baseUrl).historicalTrades({ source: 'hyperliquid', market: 'BTC', start: fixedNow - 60 * minute }).all(),
    serviceKind: 'needs-api-key',
    contractKind: 'needs-api-key',
    message: /.+/,
    resolution: /Add an API key for http:\/\/127\.0\.0\.1/,
  },
];

describe('every service failure keeps its kind, message, resolution and wait across the contract', () => {
  it.each(cases)('$name', async ({ fail, serviceKind, contractKind, message, resolution, retryAfterMs }) => {
    next = await serviceFailure(fail());
    expect((next as MarketDataError).kind).toBe(serviceKind);
    const expected = { kind: contractKind, message: expect.stringMatching(message) as unknown, resolution: expect.stringMatching(resolution) as unknown, retryAfterMs: retryAfterMs ?? null, channel: 'catalog.markets' };
    // Electron: dispatch, structured clone, the preload's bridge.
    expect(await contractFailure(ipcApi(handlers).catalog.markets())).toMatchObject(expected);
    // Browser mode: the app server and the renderer's WebSocket bridge.
    expect(await contractFailure(ws.api.catalog.markets())).toMatchObject(expected);
  });

  it.each([
    ['a body that is not JSON', { kind: 'respond', status: 200, body: '{"markets": [' }, 'invalid-response'],
    ['has_more without a cursor (a pagination error)', { kind: 'respond', status: 200, body: JSON.stringify({ updatedAt: 'x', markets: [], has_more: true, next_cursor: null }) }, 'pagination'],
  ] as const)('the service breaking its own rules, %s, is `invalid-response`', async (_name, action, serviceKind) => {
    proxy.plan = () => action;
    next = await serviceFailure(client(proxy.url).catalog().all());
    proxy.plan = () => ({ kind: 'pass' });
    expect((next as MarketDataError).kind).toBe(serviceKind);
    const error = await contractFailure(ws.api.catalog.markets());
    expect(error).toMatchObject({ kind: 'invalid-response', message: (next as MarketDataError).message, resolution: (next as MarketDataError).resolution });
  });

  it.each([
    [401, 'auth-required', /Add a valid API key .* Settings → API key/],
    [402, 'payment-required', /paid plan.*Settings → API key/],
    [403, 'forbidden', /historical download access/],
    [422, 'too-expensive', /Narrow the time range/],
    [503, 'unavailable', /retry in a moment, or check the data source/],
  ] as const)('HTTP %i from an older deployment without a resolution gets a default naming the fix', async (status, kind, resolution) => {
    proxy.plan = () => ({ kind: 'respond', status, body: JSON.stringify({ message: `HTTP ${status} from an old deployment` }) });
    next = await serviceFailure(client(proxy.url, { retry: { maxAttempts: 1 } }).count());
    proxy.plan = () => ({ kind: 'pass' });
    const error = await contractFailure(ws.api.catalog.markets());
    expect(error).toMatchObject({ kind, message: `HTTP ${status} from an old deployment` });
    expect(error.resolution).toMatch(resolution);
  });

  it('a 429 without a resolution says how long to wait', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 429, headers: { 'retry-after': '12' }, body: JSON.stringify({ error: 'Too many requests' }) });
    next = await serviceFailure(client(proxy.url, { retry: { maxRateLimitWaitMs: 5000 } }).count());
    proxy.plan = () => ({ kind: 'pass' });
    expect(await contractFailure(ws.api.catalog.markets())).toMatchObject({ kind: 'rate-limited', retryAfterMs: 12_000, resolution: 'Wait 12 s as the service asks, then retry.' });
  });

  it('anything else is `internal`, with its message', async () => {
    next = new RangeError('boom');
    expect(await contractFailure(ws.api.catalog.markets())).toMatchObject({ kind: 'internal', message: 'boom' });
  });

  it('a service error body cannot smuggle extra fields through', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 503, body: errorBody('x', 'down', 'wait') });
    next = await serviceFailure(client(proxy.url, { retry: { maxAttempts: 1 } }).count());
    proxy.plan = () => ({ kind: 'pass' });
    const error = await contractFailure(ws.api.catalog.markets());
    expect(Object.keys(error.toShape()).sort()).toEqual(['channel', 'kind', 'message', 'resolution']);
  });
});

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { CatalogMarkets } from '../../../shared/contract/service-schemas.ts';
import { defaultSettings } from '../../../shared/settings.ts';
import type { ContractHandlers } from '../../../electron/host/contract/handlers.ts';
import { ApiKeyStore } from '../../../electron/host/keys/api-key-store.ts';
import type { SecretBackend } from '../../../electron/host/keys/secret-backend.ts';
import { interactiveClientOptions, ServiceAccess, type ServiceAccessDeps } from '../../../electron/host/service-access.ts';
import { ipcApi, webSocketApi } from './support/contract-transports.ts';
import { dispatchOnlyHandlers } from './support/dispatch-only-handlers.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { fixedNow, startTestService, type TestService } from './support/test-service.ts';
import { rejectionOf } from '../../support/rejection.ts';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'catalog');
const fixture = (name: string): string => readFileSync(join(fixtures, name), 'utf8');

/** A fake remote Market Data Service on 127.0.0.1 that serves one hand-made `/catalog` body. */
interface FakeRemote {
  baseUrl: string;
  body: string;
}

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function fakeRemote(body: string): Promise<FakeRemote> {
  const remote: FakeRemote = { baseUrl: '', body };
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    response.writeHead(path === '/catalog' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(path === '/catalog' ? remote.body : '{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  remote.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return remote;
}

function memoryKeychain(): SecretBackend {
  const secrets = new Map<string, string>();
  return {
    get: (account) => secrets.get(account) ?? null,
    set: (account, secret) => void secrets.set(account, secret),
    delete: (account) => secrets.delete(account),
  };
}

/** The main process's service access pointed at a remote base URL, as `catalog.markets` serves it. */
function accessTo(baseUrl: string, extra: Partial<ServiceAccessDeps> = {}): { access: ServiceAccess; handlers: ContractHandlers; keys: ApiKeyStore } {
  const keys = new ApiKeyStore(memoryKeychain());
  const access = new ServiceAccess({
    target: () => Promise.resolve({ dataSource: 'remote', baseUrl, simulated: false }),
    settings: () => Promise.resolve({ ...defaultSettings, dataSource: 'remote', remoteBaseUrl: baseUrl }),
    demoKey: 'unused',
    keys,
    onUsage: () => {},
    clientOptions: { now: () => fixedNow, sleep: () => Promise.resolve() },
    ...extra,
  });
  return { access, keys, handlers: { ...dispatchOnlyHandlers, 'catalog.markets': () => access.catalog() } };
}

const contractFailure = (promise: Promise<unknown>): Promise<ContractError> => rejectionOf(promise, ContractError);

const marketIds = (catalog: CatalogMarkets): string[] => catalog.markets.map((market) => `${market.source}/${market.market}`);

describe('catalog.markets checks remote catalog entries in the main process', () => {
  it('passes well-formed entries through whole, with no warning', async () => {
    const remote = await fakeRemote(fixture('well-formed.json'));
    const catalog = await ipcApi(accessTo(remote.baseUrl).handlers).catalog.markets();
    expect(catalog.warnings).toEqual([]);
    expect(catalog.simulated).toBe(false);
    expect(catalog.markets).toEqual((JSON.parse(fixture('well-formed.json')) as { markets: unknown[] }).markets);
  });

  it('skips malformed entries with one warning naming them, and keeps the rest', async () => {
    const remote = await fakeRemote(fixture('two-malformed-entries.json'));
    const { handlers } = accessTo(remote.baseUrl);
    const ws = await webSocketApi(handlers);
    try {
      for (const api of [ipcApi(handlers), ws.api]) {
        const catalog = await api.catalog.markets();
        expect(marketIds(catalog)).toEqual(['kestrel/BTC-PERP', 'wren/ETH_USDC']);
        expect(catalog.warnings).toEqual([
          '2 catalog entries were malformed and skipped: #2 kestrel/SOL-PERP (categories: expected array, received undefined); #3 (source: expected string, received undefined).',
        ]);
      }
    } finally {
      await ws.close();
    }
  });

  it('fills a missing symbol from the market (field notes)', async () => {
    const remote = await fakeRemote(fixture('missing-symbol.json'));
    const catalog = await ipcApi(accessTo(remote.baseUrl).handlers).catalog.markets();
    expect(catalog.warnings).toEqual([]);
    expect(catalog.markets.map((market) => market.symbol)).toEqual(['ETH_USDC']);
  });

  it('reads the older {sources: [{id, markets}]} body', async () => {
    const remote = await fakeRemote(fixture('older-sources-shape.json'));
    const catalog = await ipcApi(accessTo(remote.baseUrl).handlers).catalog.markets();
    expect(catalog.warnings).toEqual([]);
    expect(catalog.markets.map((market) => [market.source, market.market, market.symbol])).toEqual([
      ['kestrel', 'BTC-PERP', 'BTCUSD'],
      ['wren', 'ETH_USDC', 'ETH_USDC'],
    ]);
  });

  it('is a clear invalid-response error when no entry is usable', async () => {
    const remote = await fakeRemote(fixture('nothing-usable.json'));
    const error = await contractFailure(ipcApi(accessTo(remote.baseUrl).handlers).catalog.markets());
    expect(error).toMatchObject({ kind: 'invalid-response', channel: 'catalog.markets' });
    expect(error.message).toBe(
      `None of the catalog entries from ${remote.baseUrl} could be read: #1 kestrel/BTC-PERP (start: expected string, received undefined); #2 kestrel/ETH-PERP (start: expected string, received undefined); #3 ((row): expected object, received string)`,
    );
    expect(error.resolution).toMatch(/base URL points at a Market Data Service/);
  });

  it('keeps the warning short however many entries are malformed', async () => {
    const body = JSON.parse(fixture('well-formed.json')) as { markets: unknown[] };
    body.markets.push(...Array.from({ length: 5000 }, (_, index) => ({ source: 'junk', market: `M${index}`, symbol: 'X', categories: 'none' })));
    const remote = await fakeRemote(JSON.stringify(body));
    const catalog = await ipcApi(accessTo(remote.baseUrl).handlers).catalog.markets();
    expect(catalog.markets).toHaveLength(2);
    expect(catalog.warnings).toHaveLength(1);
    expect(catalog.warnings[0]).toMatch(/^5000 catalog entries were malformed and skipped: #3 junk\/M0 .*; #4 junk\/M1 .*; #5 junk\/M2 .*, and 4997 more\.$/);
  });
});

describe('catalog.markets failures reach the renderer with their kind', () => {
  let service: TestService;
  let proxy: FaultProxy;
  beforeAll(async () => {
    service = await startTestService();
    proxy = await startFaultProxy(service.service.baseUrl);
  });
  afterEach(() => {
    proxy.plan = () => ({ kind: 'pass' });
    proxy.requests.length = 0;
    service.service.faults.metadata = false;
  });
  afterAll(async () => {
    await proxy.close();
    await service.close();
  });

  it('catalog metadata down: `unavailable` with the service words, through the WebSocket', async () => {
    service.service.faults.metadata = true;
    const ws = await webSocketApi(accessTo(service.service.baseUrl).handlers);
    try {
      const error = await contractFailure(ws.api.catalog.markets());
      expect(error).toMatchObject({ kind: 'unavailable', message: 'Catalog metadata is temporarily unavailable', resolution: 'Retry after a short wait.', retryAfterMs: null });
    } finally {
      await ws.close();
    }
  });

  it('a wrong stored key: `auth-required`, so the view can offer "Add API key"', async () => {
    const { handlers, keys } = accessTo(service.service.baseUrl);
    keys.set(service.service.baseUrl, 'mde-not-a-key-0000');
    const error = await contractFailure(ipcApi(handlers).catalog.markets());
    expect(error).toMatchObject({ kind: 'auth-required', message: 'The API key is not valid' });
  });

  it('a Retry-After over a few seconds is shown, not waited out: `rate-limited` with the wait, through the WebSocket', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 429, headers: { 'retry-after': '12' }, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down', resolution: 'Wait 12 s.' } }) });
    // The app's own retry policy, with the waits recorded instead of slept.
    const waits: number[] = [];
    const clientOptions = { ...interactiveClientOptions, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) };
    const ws = await webSocketApi(accessTo(proxy.url, { clientOptions }).handlers);
    try {
      const error = await contractFailure(ws.api.catalog.markets());
      expect(error).toMatchObject({ kind: 'rate-limited', message: 'Slow down', resolution: 'Wait 12 s.', retryAfterMs: 12_000 });
      expect(waits).toEqual([]);
      expect(proxy.requests).toHaveLength(1);
    } finally {
      await ws.close();
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { fixedNow, paidKey, startTestService, type TestService } from './support/test-service.ts';

let test: TestService;
let proxy: FaultProxy;
let foreign: Server;
let foreignOrigin: string;
const foreignAuthorization: (string | undefined)[] = [];

beforeAll(async () => {
  test = await startTestService();
  proxy = await startFaultProxy(test.service.baseUrl);
  foreign = createServer((request, response) => {
    foreignAuthorization.push(request.headers.authorization);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ updatedAt: 'x', sources: 1, markets: 1, by_source: { elsewhere: 1 } }));
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});
afterEach(() => {
  proxy.plan = () => ({ kind: 'pass' });
  proxy.requests.length = 0;
});
afterAll(async () => {
  await new Promise((resolve) => foreign.close(resolve));
  await proxy.close();
  await test.close();
});

describe('the API key stays secret', () => {
  it('never appears in a log line, an error message or a returned value — even when the service echoes it', async () => {
    const logged: string[] = [];
    const capture = (...args: unknown[]): void => {
      logged.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
    };
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(capture));
    const seen: unknown[] = [];
    try {
      const client = new MarketDataClient({
        baseUrl: proxy.url,
        now: () => fixedNow,
        apiKey: paidKey,
        retry: { baseDelayMs: 5, maxDelayMs: 10, maxAttempts: 2 },
        log: (line) => console.warn(line),
      });
      seen.push(await client.count(), await client.events({ start: fixedNow - 60_000, end: fixedNow, source: 'hyperliquid', market: 'BTC' }).all(), client.usage);
      seen.push(await client.snapshotDownloadLink('standard-hyperliquid-BTC-2026-11-20-10'));
      // A service that echoes the Authorization header in its errors, and in a 503 it repeats.
      proxy.plan = (request) => ({
        kind: 'respond',
        status: request.path.startsWith('/count') ? 503 : 401,
        body: JSON.stringify({ error: { code: 'echo', message: `Rejected ${request.authorization ?? ''}`, resolution: `Do not send ${request.authorization ?? ''}` } }),
      });
      for (const call of [() => client.count(), () => client.historicalTrades({ start: fixedNow - 1 }).all()]) {
        const error = await call().then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(MarketDataError);
        const typed = error as MarketDataError;
        expect(typed.message).toContain('[redacted]');
        console.error(typed);
        seen.push(typed.message, typed.resolution, typed.stack, typed.toJSON(), String(typed));
      }
      const offline = new MarketDataClient({ baseUrl: 'http://127.0.0.1:9', apiKey: paidKey, now: () => fixedNow, retry: { baseDelayMs: 1, maxDelayMs: 2, maxAttempts: 2 }, log: (line) => console.warn(line) });
      seen.push(
        await offline.count().then(
          () => null,
          (caught: unknown) => (caught as MarketDataError).toJSON(),
        ),
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toContain(paidKey);
    expect(JSON.stringify(seen)).not.toContain(paidKey);
    expect(JSON.stringify(seen)).toContain('Bearer [redacted]');
  });

  it('the download host never receives an Authorization header (asserted on the server side)', async () => {
    const client = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow, apiKey: paidKey });
    const key = 'standard-hyperliquid-BTC-2026-11-20-09';
    const target = await client.snapshotRedirectTarget(key);
    await client.fetchSnapshotFile(target);
    await client.fetchSnapshotFile((await client.snapshotDownloadLink(key)).url);
    const manifest = await client.dailyManifest({ source: 'hyperliquid', market: 'BTC', date: '2026-11-19' });
    await client.fetchSnapshotFile(manifest.snapshots[0]?.url ?? '');
    expect(test.service.downloadHost.requestsWithAuthorization).toEqual([]);
  });

  it('a redirect that leaves the origin is followed without the key; one that stays keeps it', async () => {
    const client = new MarketDataClient({ baseUrl: proxy.url, now: () => fixedNow, apiKey: paidKey });
    proxy.plan = () => ({ kind: 'respond', status: 302, headers: { location: `${foreignOrigin}/count` }, body: '' });
    const count = await client.count();
    expect(count.by_source).toEqual({ elsewhere: 1 });
    expect(foreignAuthorization).toEqual([undefined]);
    proxy.requests.length = 0;
    proxy.plan = (request) => (request.path === '/count' ? { kind: 'respond', status: 307, headers: { location: '/count?moved=1' }, body: '' } : { kind: 'pass' });
    await client.count();
    expect(proxy.requests.map((request) => request.authorization)).toEqual([`Bearer ${paidKey}`, `Bearer ${paidKey}`]);
  });
});

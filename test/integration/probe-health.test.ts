import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MarketDataClient, type MarketDataClientOptions } from '../../electron/host/client/market-data-client.ts';
import { probeHealth } from '../../electron/host/data-source/probe-health.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** A service that answers each path with a status, or (null) never answers at all, calling `onHang`. */
async function serve(statusOf: (path: string) => number | null, onHang: () => void = () => {}): Promise<{ baseUrl: string; seen: string[]; authorization: (string | undefined)[] }> {
  const seen: string[] = [];
  const authorization: (string | undefined)[] = [];
  const hung: ServerResponse[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '/');
    authorization.push(request.headers.authorization);
    const status = statusOf(request.url ?? '/');
    if (status === null) {
      hung.push(response);
      onHang();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end('{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, authorization };
}

const remote = (baseUrl: string) => ({ dataSource: 'remote' as const, baseUrl, simulated: false });

/** A client whose clock moves 37 ms for every request it sends, so latency is known exactly. */
function clockedClient(baseUrl: string, extra: Partial<MarketDataClientOptions> = {}): MarketDataClient {
  let clock = 1_000_000;
  return new MarketDataClient({
    baseUrl,
    apiKey: 'never-sent-to-a-probe',
    now: () => clock,
    fetch: (input, init) => {
      clock += 37;
      return fetch(input, init);
    },
    ...extra,
  });
}

describe('probeHealth, through the client', () => {
  it('reports ok with the latency of the probe, measured by the client clock', async () => {
    const service = await serve(() => 200);
    const health = await probeHealth(remote(service.baseUrl), clockedClient(service.baseUrl), { now: () => 42 });
    expect(health).toEqual({ dataSource: 'remote', baseUrl: service.baseUrl, simulated: false, status: 'ok', latencyMs: 37, checkedAt: 42, message: 'Connected in 37 ms' });
    expect(service.seen).toEqual(['/health']);
    expect(service.authorization).toEqual([undefined]);
  });

  it('falls back to /count when /health is not deployed, and times both', async () => {
    const service = await serve((path) => (path === '/count' ? 200 : 404));
    const health = await probeHealth(remote(service.baseUrl), clockedClient(service.baseUrl));
    expect(health).toMatchObject({ status: 'ok', latencyMs: 74 });
    expect(service.seen).toEqual(['/health', '/count']);
  });

  it('reports down with "temporarily unavailable" on 503, after one attempt (no retries)', async () => {
    const service = await serve(() => 503);
    const health = await probeHealth(remote(service.baseUrl), clockedClient(service.baseUrl));
    expect(health).toMatchObject({ status: 'down', latencyMs: 37, message: 'Service answered HTTP 503 (temporarily unavailable)' });
    expect(service.seen).toEqual(['/health']);
  });

  it('reports degraded for a 4xx answer', async () => {
    const service = await serve(() => 401);
    expect(await probeHealth(remote(service.baseUrl), clockedClient(service.baseUrl))).toMatchObject({ status: 'degraded', message: 'Service answered HTTP 401' });
  });

  it('reports down with the network reason when nothing listens, after one attempt', async () => {
    const service = await serve(() => 200);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const waits: number[] = [];
    const health = await probeHealth(remote(service.baseUrl), clockedClient(service.baseUrl, { sleep: (ms) => (waits.push(ms), Promise.resolve()) }));
    expect(health.status).toBe('down');
    expect(health.latencyMs).toBeNull();
    expect(health.message).toContain('ECONNREFUSED');
    // No backoff was ever requested: a probe does not retry.
    expect(waits).toEqual([]);
  });

  it('gives up at the timeout against a service that never answers', async () => {
    // The injected timeout expires as soon as the request is hanging in the service: no time passes.
    const expire = new AbortController();
    const service = await serve(
      () => null,
      () => expire.abort(new DOMException('the probe timed out', 'TimeoutError')),
    );
    const timeouts: number[] = [];
    const client = clockedClient(service.baseUrl, { timeout: (ms) => (timeouts.push(ms), expire.signal) });
    const health = await probeHealth(remote(service.baseUrl), client, { timeoutMs: 200 });
    expect(health).toMatchObject({ status: 'down', latencyMs: null, message: 'Unreachable: no answer within 0.2 s' });
    expect(timeouts).toEqual([200]);
  });
});

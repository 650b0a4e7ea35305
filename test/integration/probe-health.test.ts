import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { probeHealth } from '../../electron/services/data-source/probe-health.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(handler: (path: string) => { status: number; delayMs?: number }): Promise<string> {
  const server = createServer((request, response) => {
    const { status, delayMs = 0 } = handler(request.url ?? '/');
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{}');
    }, delayMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const remote = (baseUrl: string) => ({ dataSource: 'remote' as const, baseUrl, simulated: false });

describe('probeHealth', () => {
  it('reports ok with the latency for a healthy service', async () => {
    const health = await probeHealth(remote(await serve(() => ({ status: 200 }))));
    expect(health).toMatchObject({ status: 'ok', dataSource: 'remote', simulated: false });
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('falls back to /count when /health is not deployed', async () => {
    const seen: string[] = [];
    const base = await serve((path) => {
      seen.push(path);
      return { status: path === '/count' ? 200 : 404 };
    });
    expect((await probeHealth(remote(base))).status).toBe('ok');
    expect(seen).toEqual(['/health', '/count']);
  });

  it('reports down with "temporarily unavailable" on 503', async () => {
    const health = await probeHealth(remote(await serve(() => ({ status: 503 }))));
    expect(health.status).toBe('down');
    expect(health.message).toContain('503');
    expect(health.message).toContain('temporarily unavailable');
  });

  it('reports down with the network reason when nothing listens', async () => {
    const base = await serve(() => ({ status: 200 }));
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const health = await probeHealth(remote(base));
    expect(health.status).toBe('down');
    expect(health.message).toContain('ECONNREFUSED');
  });

  it('gives up after the timeout instead of hanging', async () => {
    const health = await probeHealth(remote(await serve(() => ({ status: 200, delayMs: 2000 }))), 200);
    expect(health.status).toBe('down');
    expect(health.message).toContain('no answer within 0.2 s');
  });
});

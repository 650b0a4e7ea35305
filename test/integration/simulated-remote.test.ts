import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Health } from '../../shared/contract/channels.ts';
import { defaultSettings, type Settings } from '../../shared/settings.ts';
import { DataSourceManager } from '../../electron/host/data-source/data-source-manager.ts';
import { defaultDemoSeed, startEmbeddedService, type EmbeddedService } from '../../electron/server/embedded-service.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// F14 point 10: the embedded service says in its /health answer that its data is simulated (an
// extension field, `x-mde-simulated`, that a real service does not send), so any client of it,
// the app pointed at it as a remote URL included, labels it SIMULATED; and health follows the
// service: once it stops, the report is down.

const tempDir = useTempDirs();
const services: EmbeddedService[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function healthBody(baseUrl: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/health`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** A service like a real one: `/health` answers `{"status":"ok"}` and nothing else. */
async function plainService(): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"ok"}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function remoteManager(baseUrl: string) {
  const settings: Settings = { ...defaultSettings, dataSource: 'remote', remoteBaseUrl: baseUrl };
  const reports: Health[] = [];
  const manager = new DataSourceManager({
    settings: () => Promise.resolve(settings),
    startEmbedded: () => Promise.reject(new Error('not used')),
    startLibrary: () => Promise.reject(new Error('not used')),
    libraryRoot: () => '/nowhere',
    onHealth: (health) => reports.push(health),
    probeTimeoutMs: 2000,
  });
  return { manager, reports };
}

describe('a simulated service says so', () => {
  it('the demo service’s /health carries x-mde-simulated: true; a service over a folder of files says false', async () => {
    const demo = await startEmbeddedService({ data: { kind: 'demo', dataDir: await tempDir(), seed: defaultDemoSeed } });
    services.push(demo);
    expect(await healthBody(demo.baseUrl)).toMatchObject({ status: 'ok', 'x-mde-simulated': true });
    const files = await startEmbeddedService({ data: { kind: 'directory', root: await tempDir() } });
    services.push(files);
    expect(await healthBody(files.baseUrl)).toMatchObject({ status: 'ok', 'x-mde-simulated': false });
  });

  it('the app pointed at the demo service as a remote reports simulated data (health and catalog), and down once it stops', async () => {
    const demo = await startEmbeddedService({ data: { kind: 'demo', dataDir: await tempDir(), seed: defaultDemoSeed } });
    services.push(demo);
    const { manager } = remoteManager(demo.baseUrl);
    const up = await manager.checkHealth();
    expect(up).toMatchObject({ dataSource: 'remote', baseUrl: demo.baseUrl, status: 'ok', simulated: true });
    // What the catalog is labelled with (`target().simulated`) follows what the service said.
    expect((await manager.target()).simulated).toBe(true);

    await demo.close();
    services.splice(services.indexOf(demo), 1);
    const down = await manager.checkHealth();
    expect(down.status).toBe('down');
    expect(down.message).toMatch(/^Unreachable/);
    // Still known to be a simulated service: the badge says so beside "down".
    expect(down.simulated).toBe(true);
    await manager.close();
  });

  it('reads at most 16 KiB of a /health body: one that never ends still answers at once, and is not taken for simulated', async () => {
    let written = 0;
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"x-mde-simulated":');
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = (): void => {
        while (!response.destroyed && response.write(chunk)) written += chunk.length;
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { manager } = remoteManager(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect(await manager.checkHealth()).toMatchObject({ status: 'ok', simulated: false });
    // The probe stopped reading: the server could not write without end.
    expect(written).toBeLessThan(64 * 1024 * 1024);
    server.closeAllConnections();
    await manager.close();
  });

  it('a remote that does not say so is not labelled simulated', async () => {
    const baseUrl = await plainService();
    const { manager } = remoteManager(baseUrl);
    expect(await manager.checkHealth()).toMatchObject({ status: 'ok', simulated: false });
    expect((await manager.target()).simulated).toBe(false);
    await manager.close();
  });
});

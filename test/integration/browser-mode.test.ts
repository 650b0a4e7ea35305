import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserServer, type BrowserServer } from '../../electron/browser-mode/browser-server.ts';
import { createMainServices, type MainServices } from '../../electron/services/main-services.ts';
import { useTempDirs } from '../support/temp-dir.ts';
import { openContractSocket } from '../support/ws-client.ts';

const pageMarker = '<title>renderer fixture</title>';

describe('browser mode guards the app and serves the contract', () => {
  const tempDir = useTempDirs();
  let services: MainServices;
  let server: BrowserServer;

  beforeEach(async () => {
    const rendererDir = join(await tempDir(), 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), `<!doctype html>${pageMarker}`);
    services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
    server = await startBrowserServer({ handlers: services.handlers, events: services.events, rendererDir });
  });

  afterEach(async () => {
    await server.close();
    await services.close();
  });

  const cookie = (): string => `mde_token_${server.port}=${server.token}`;
  const socketUrl = (): string => `ws://127.0.0.1:${server.port}/contract`;

  it('listens on loopback only and prints a URL with the token', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).toBe(`${server.origin}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
  });

  it.each(['/', '/index.html', '/assets/app.js', '/?token=wrong'])('answers 401 with no data to %s without the token', async (path) => {
    const response = await fetch(`${server.origin}${path}`);
    expect(response.status).toBe(401);
    const body = await response.text();
    expect(body).not.toContain(pageMarker);
    expect(body).toContain('token');
  });

  it('trades the token for an HttpOnly cookie and strips it from the address', async () => {
    const response = await fetch(server.url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toBe(`${cookie()}; HttpOnly; SameSite=Strict; Path=/`);
  });

  it('serves the renderer with a strict CSP once the cookie is present', async () => {
    const response = await fetch(`${server.origin}/`, { headers: { cookie: cookie() } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(pageMarker);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('refuses a foreign Host header even with the token (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host: `evil.example:${server.port}`, cookie: cookie() } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('refuses a cross-site Origin even with the token', async () => {
    const response = await fetch(`${server.origin}/`, { headers: { cookie: cookie(), origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('refuses the contract socket without the token, and from another origin', async () => {
    await expect(openContractSocket(socketUrl(), { origin: server.origin })).rejects.toThrow('HTTP 401');
    await expect(openContractSocket(socketUrl(), { origin: 'https://evil.example', cookie: cookie() })).rejects.toThrow('HTTP 403');
  });

  it('answers health over the contract socket', async () => {
    const client = await openContractSocket(socketUrl(), { origin: server.origin, cookie: cookie() });
    try {
      const reply = await client.invoke('health.check');
      expect(reply).toMatchObject({ type: 'result', result: { ok: true, value: { dataSource: 'embedded', status: 'ok', simulated: true } } });
    } finally {
      client.close();
    }
  });

  it('turns malformed messages and invalid input into typed errors without dropping the socket', async () => {
    const client = await openContractSocket(socketUrl(), { origin: server.origin, cookie: cookie() });
    try {
      client.send('not json at all');
      const malformed = await client.next((m) => m.type === 'result' && m.id === null);
      expect(malformed).toMatchObject({ result: { ok: false, error: { kind: 'invalid-request' } } });

      const invalid = await client.invoke('settings.update', { ui: { timeZone: 'mars' } });
      expect(invalid).toMatchObject({ result: { ok: false, error: { kind: 'invalid-request', channel: 'settings.update' } } });

      const unknown = await client.invoke('keys.reveal');
      expect(unknown).toMatchObject({ result: { ok: false, error: { kind: 'unknown-channel' } } });

      const stillWorks = await client.invoke('app.info');
      expect(stillWorks).toMatchObject({ result: { ok: true, value: { mode: 'browser' } } });
    } finally {
      client.close();
    }
  });

  it('pushes settings.changed to connected sockets after an update', async () => {
    const client = await openContractSocket(socketUrl(), { origin: server.origin, cookie: cookie() });
    try {
      await client.invoke('settings.update', { ui: { density: 'comfortable' } });
      const event = await client.next((m) => m.type === 'event' && m.event === 'settings.changed');
      expect(event).toMatchObject({ payload: { ui: { density: 'comfortable' } } });
    } finally {
      client.close();
    }
  });
});

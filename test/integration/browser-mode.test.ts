import { mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserServer, type BrowserServer } from '../../electron/browser-mode/browser-server.ts';
import { inProcessEndpoint } from '../../electron/host/contract/contract-endpoint.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { CookieJar } from '../support/cookie-jar.ts';
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
    server = await startBrowserServer({ contract: inProcessEndpoint(services.handlers, services.events), rendererDir });
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

  it.each(['/', '/index.html', '/assets/app.js'])('answers 401 with no data to %s without the token', async (path) => {
    const { response, statuses } = await new CookieJar().browse(`${server.origin}${path}`);
    expect(statuses).toEqual([401]);
    const body = await response.text();
    expect(body).not.toContain(pageMarker);
    expect(body).toContain('token');
  });

  it('lets in a browser that opens the printed URL: the token becomes an HttpOnly cookie and leaves the address', async () => {
    const jar = new CookieJar();
    const first = await jar.fetch(server.url);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/');
    expect(first.headers.get('set-cookie')).toBe(`${cookie()}; HttpOnly; SameSite=Strict; Path=/`);
    const { response, statuses } = await jar.browse(`${server.origin}/`);
    expect(statuses).toEqual([200]);
    expect(await response.text()).toContain(pageMarker);
    const socket = await openContractSocket(socketUrl(), { origin: server.origin, cookie: jar.header() ?? '' });
    socket.close();
  });

  const wrongTokens: [string, (token: string) => string][] = [
    ['a made-up token', () => 'wrong'],
    ['the token with a character more', (token) => `${token}x`],
    ['the token cut short', (token) => token.slice(0, -1)],
    ['the token with its last character changed', (token) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
    ['an empty token', () => ''],
  ];

  it.each(wrongTokens)('refuses %s in the address with 401 and no cookie, so a browser that follows on stays out', async (_name, wrong) => {
    const jar = new CookieJar();
    const { response, statuses } = await jar.browse(`${server.origin}/?token=${encodeURIComponent(wrong(server.token))}`);
    expect(statuses).toEqual([401]);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).not.toContain(pageMarker);
    expect(jar.header()).toBeUndefined();
    expect((await jar.browse(`${server.origin}/`)).statuses).toEqual([401]);
    await expect(openContractSocket(`${socketUrl()}?token=${encodeURIComponent(wrong(server.token))}`, { origin: server.origin })).rejects.toThrow('HTTP 401');
  });

  it.each(wrongTokens)('refuses %s in the cookie with 401, on pages and on the contract socket', async (_name, wrong) => {
    const jar = new CookieJar();
    jar.set(`mde_token_${server.port}`, wrong(server.token));
    const { response, statuses } = await jar.browse(`${server.origin}/`);
    expect(statuses).toEqual([401]);
    expect(await response.text()).not.toContain(pageMarker);
    await expect(openContractSocket(socketUrl(), { origin: server.origin, cookie: jar.header() ?? '' })).rejects.toThrow('HTTP 401');
  });

  it('refuses the right token under another cookie name', async () => {
    const jar = new CookieJar();
    jar.set(`mde_token_${server.port + 1}`, server.token);
    expect((await jar.browse(`${server.origin}/`)).statuses).toEqual([401]);
    await expect(openContractSocket(socketUrl(), { origin: server.origin, cookie: jar.header() ?? '' })).rejects.toThrow('HTTP 401');
  });

  it.each(wrongTokens)('refuses %s in an Authorization: Token header with 401, on pages and on the contract socket', async (_name, wrong) => {
    const authorization = `Token ${wrong(server.token)}`;
    const { response, statuses } = await new CookieJar().browse(`${server.origin}/`, { authorization });
    expect(statuses).toEqual([401]);
    expect(await response.text()).not.toContain(pageMarker);
    await expect(openContractSocket(socketUrl(), { origin: server.origin, authorization })).rejects.toThrow('HTTP 401');
  });

  it('accepts the right token in an Authorization: Token header, and only with the Token scheme', async () => {
    const page = await new CookieJar().browse(`${server.origin}/`, { authorization: `Token ${server.token}` });
    expect(page.statuses).toEqual([200]);
    expect(await page.response.text()).toContain(pageMarker);
    const socket = await openContractSocket(socketUrl(), { origin: server.origin, authorization: `Token ${server.token}` });
    socket.close();
    expect((await new CookieJar().browse(`${server.origin}/`, { authorization: `Bearer ${server.token}` })).statuses).toEqual([401]);
  });

  it('answers a malformed cookie or request target with an error status, and keeps serving', async () => {
    const raw = (text: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1');
        let reply = '';
        socket.on('data', (data: Buffer) => (reply += data.toString('latin1')));
        socket.on('end', () => resolve(reply.split('\r\n', 1)[0] ?? ''));
        socket.on('error', reject);
        socket.end(text);
      });
    const host = `Host: 127.0.0.1:${server.port}`;
    expect(await raw(`GET / HTTP/1.1\r\n${host}\r\nCookie: mde_token_${server.port}=%E0%A4%A\r\nConnection: close\r\n\r\n`)).toBe('HTTP/1.1 401 Unauthorized');
    expect(await raw(`GET http://[ HTTP/1.1\r\n${host}\r\nConnection: close\r\n\r\n`)).toBe('HTTP/1.1 400 Bad Request');
    const upgrade = 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13';
    expect(await raw(`GET /contract HTTP/1.1\r\n${host}\r\nCookie: mde_token_${server.port}=%\r\n${upgrade}\r\n\r\n`)).toBe('HTTP/1.1 401 Unauthorized');
    expect(await raw(`GET http://[ HTTP/1.1\r\n${host}\r\n${upgrade}\r\n\r\n`)).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(`${server.origin}/`, { headers: { cookie: cookie() } })).status).toBe(200);
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

  it('refuses a request with two Host headers, even when the first names this server', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
      socket.on('end', () => resolve(text.split('\r\n', 1)[0] ?? ''));
      socket.on('error', reject);
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nHost: evil.example\r\nCookie: ${cookie()}\r\nConnection: close\r\n\r\n`);
    });
    expect(reply).toBe('HTTP/1.1 403 Forbidden');
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

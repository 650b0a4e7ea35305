// Pins browser mode's Host/Origin rule on the near misses: only http://127.0.0.1:PORT and http://localhost:PORT are ours, exactly.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserServer, type BrowserServer } from '../../electron/browser-mode/browser-server.ts';
import { inProcessEndpoint } from '../../electron/host/contract/contract-endpoint.ts';
import { uploadRoute } from '../../electron/browser-mode/upload-route.ts';
import { UploadStore } from '../../electron/browser-mode/upload-store.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { useTempDirs } from '../support/temp-dir.ts';

/** One request the way a client shapes it: what it asks for, and the Host and Origin it names. */
interface Ask {
  /** The request target as sent: a path, or an absolute URL (absolute-form). */
  target: string;
  host: string;
  origin?: string;
}

describe('browser mode tells its own origin and host from ones that only look like them', () => {
  const tempDir = useTempDirs();
  let services: MainServices;
  let uploads: UploadStore;
  let uploadDir: string;
  let server: BrowserServer;

  beforeEach(async () => {
    const rendererDir = join(await tempDir(), 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>ours</title>');
    services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
    uploadDir = join(await tempDir(), 'uploads');
    uploads = new UploadStore({ dir: uploadDir, maxBytes: 64 * 1024, keep: 2 });
    server = await startBrowserServer({ contract: inProcessEndpoint(services.handlers, services.events), rendererDir, upload: uploadRoute(uploads, (paths) => services.files.grant(paths, 'upload')) });
  });

  afterEach(async () => {
    await server.close();
    await services.close();
    await uploads.close();
  });

  const ours = (): string => `127.0.0.1:${server.port}`;
  /** A loopback port that is not the server's. */
  const otherPort = (): number => (server.port === 65535 ? server.port - 1 : server.port + 1);
  const cookie = (): string => `mde_token_${server.port}=${server.token}`;

  /** Sends `head` (and `body`) on a raw socket, as no client library would refuse or rewrite it, and returns the status code. */
  const statusOf = (head: string, body = ''): Promise<number> =>
    new Promise((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let reply = '';
      socket.on('data', (data: Buffer) => {
        reply += data.toString('latin1');
        const line = reply.indexOf('\r\n');
        if (line < 0) return;
        resolve(Number(reply.slice(0, line).split(' ')[1]));
        socket.destroy();
      });
      socket.on('error', reject);
      socket.on('end', () => reject(new Error(`the server closed without a status line: ${JSON.stringify(reply)}`)));
      socket.write(`${head}\r\n\r\n${body}`);
    });
  const headers = (ask: Ask): string => `Host: ${ask.host}\r\nCookie: ${cookie()}${ask.origin === undefined ? '' : `\r\nOrigin: ${ask.origin}`}`;
  const page = (ask: Ask): Promise<number> => statusOf(`GET ${ask.target} HTTP/1.1\r\n${headers(ask)}\r\nConnection: close`);
  const upload = (ask: Ask): Promise<number> => {
    const body = 'not a snapshot, but bytes all the same';
    const target = `${ask.target.replace(/\/$/, '')}/files/upload?name=look-alike.jsonl.zst`;
    return statusOf(`POST ${target} HTTP/1.1\r\n${headers(ask)}\r\nContent-Length: ${body.length}\r\nConnection: close`, body);
  };
  const contractSocket = (ask: Ask): Promise<number> => {
    const target = `${ask.target.replace(/\/$/, '')}/contract`;
    return statusOf(`GET ${target} HTTP/1.1\r\n${headers(ask)}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13`);
  };
  /** Files the upload store holds: a refused upload must leave none. */
  const storedUploads = async (): Promise<string[]> => readdir(uploadDir).catch(() => []);

  it('lets its own origin and host in on pages, uploads and the contract socket (so the refusals below are about the names alone)', async () => {
    for (const host of [ours(), `localhost:${server.port}`]) {
      for (const origin of [undefined, `http://${ours()}`, `http://localhost:${server.port}`]) {
        const ask = { target: '/', host, ...(origin === undefined ? {} : { origin }) };
        expect(await page(ask), JSON.stringify(ask)).toBe(200);
        expect(await contractSocket(ask), JSON.stringify(ask)).toBe(101);
      }
    }
    expect(await upload({ target: '/', host: ours(), origin: `http://${ours()}` })).toBe(200);
  });

  // Origins a page elsewhere could send: each names a scheme, host or port that is not the server's.
  const lookAlikeOrigins: [string, (port: number, other: number) => string][] = [
    ['another loopback port', (_port, other) => `http://127.0.0.1:${other}`],
    ['localhost on another port', (_port, other) => `http://localhost:${other}`],
    ['our port as the prefix of a domain', (port) => `http://127.0.0.1:${port}.evil.test`],
    ['our port with a character more', (port) => `http://127.0.0.1:${port}x`],
    ['our port with a digit more', (port) => `http://127.0.0.1:${port}0`],
    ['our address as the prefix of a domain', (port) => `http://127.0.0.1.evil.test:${port}`],
    ['our origin with credentials before a foreign host', (port) => `http://127.0.0.1:${port}@evil.test`],
    ['https on our host and port', (port) => `https://127.0.0.1:${port}`],
    ['IPv6 loopback on our port (another process may listen there)', (port) => `http://[::1]:${port}`],
    ['our address on the default port', () => 'http://127.0.0.1'],
    ['an opaque origin', () => 'null'],
  ];

  it.each(lookAlikeOrigins)('refuses an Origin of %s with 403, even with the token: page, upload and contract socket', async (_name, originOf) => {
    const ask = { target: '/', host: ours(), origin: originOf(server.port, otherPort()) };
    expect(await page(ask)).toBe(403);
    expect(await upload(ask)).toBe(403);
    expect(await storedUploads()).toEqual([]);
    expect(await contractSocket(ask)).toBe(403);
  });

  // Host headers a DNS-rebound name or a mistyped port would carry.
  const lookAlikeHosts: [string, (port: number, other: number) => string][] = [
    ['another loopback port', (_port, other) => `127.0.0.1:${other}`],
    ['localhost on another port', (_port, other) => `localhost:${other}`],
    ['our port as the prefix of a domain', (port) => `127.0.0.1:${port}.evil`],
    ['our port with a character more', (port) => `127.0.0.1:${port}x`],
    ['our address as the prefix of a domain', (port) => `127.0.0.1.evil.test:${port}`],
    ['our address with no port', () => '127.0.0.1'],
    ['IPv6 loopback on our port', (port) => `[::1]:${port}`],
  ];

  it.each(lookAlikeHosts)('refuses a Host of %s with 403, even with the token and our Origin: page, upload and contract socket', async (_name, hostOf) => {
    const ask = { target: '/', host: hostOf(server.port, otherPort()), origin: `http://${ours()}` };
    expect(await page(ask)).toBe(403);
    expect(await upload(ask)).toBe(403);
    expect(await storedUploads()).toEqual([]);
    expect(await contractSocket(ask)).toBe(403);
  });

  // An absolute-form target names the host the request is for, and overrides Host (RFC 9112, 3.2.2).
  // A target that is no URL at all (a port that is not a number) is a 400 before any check.
  const lookAlikeTargets: [string, (port: number, other: number) => string, number][] = [
    ['another loopback port', (_port, other) => `http://127.0.0.1:${other}/`, 403],
    ['localhost on another port', (_port, other) => `http://localhost:${other}/`, 403],
    ['a foreign host on our port', (port) => `http://evil.test:${port}/`, 403],
    ['https on our host and port', (port) => `https://127.0.0.1:${port}/`, 403],
    ['our port as the prefix of a domain', (port) => `http://127.0.0.1:${port}.evil.test/`, 400],
  ];

  it.each(lookAlikeTargets)('refuses an absolute-form target on %s, though Host and Origin are ours: page, upload and contract socket', async (_name, targetOf, status) => {
    const ask = { target: targetOf(server.port, otherPort()), host: ours(), origin: `http://${ours()}` };
    expect(await page(ask)).toBe(status);
    expect(await upload(ask)).toBe(status);
    expect(await storedUploads()).toEqual([]);
    expect(await contractSocket(ask)).toBe(status);
  });

  it('takes an absolute-form target that names the server itself', async () => {
    const ask = { target: `http://${ours()}/`, host: ours(), origin: `http://${ours()}` };
    expect(await page(ask)).toBe(200);
    expect(await contractSocket(ask)).toBe(101);
  });
});

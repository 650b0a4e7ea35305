import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import sirv from 'sirv';
import { WebSocketServer } from 'ws';
import { contentSecurityPolicy } from '../../shared/content-security-policy.ts';
import { contractSocketPath } from '../../shared/contract/ws-protocol.ts';
import type { ContractEndpoint } from '../host/contract/contract-endpoint.ts';
import { AccessGuard } from './access-guard.ts';
import { serveContractSocket } from './contract-socket.ts';
import { uploadPath, type UploadRoute } from './upload-route.ts';
import { listeningPort } from '../base/listening-port.ts';

/** Options of the browser-mode server. */
export interface BrowserServerOptions {
  /** The services' contract: the service host process in the app, the services in this process in tests. */
  contract: ContractEndpoint;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** The per-run token; random when omitted. */
  token?: string;
  /** Receives files a page streams (`POST /files/upload`); without it, uploads are not served. */
  upload?: UploadRoute;
}

/** A running browser-mode server. */
export interface BrowserServer {
  /** Origin such as `http://127.0.0.1:5199`. */
  readonly origin: string;
  /** The URL to open, carrying the token. */
  readonly url: string;
  readonly token: string;
  readonly port: number;
  close(): Promise<void>;
}

const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Serves the renderer build and the contract WebSocket on 127.0.0.1, behind a per-run token and
 * Host/Origin checks. This is how the app runs where no Electron runtime is installed.
 */
export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = listeningPort(server);
  const origin = `http://127.0.0.1:${port}`;
  const guard = new AccessGuard(token, port);
  const serveStatic = sirv(options.rendererDir, { single: true, dev: false, etag: true, gzip: false, brotli: false });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = requestUrl(request, origin);
    if (url === null) {
      refuse(response, 400, 'The request target is not a valid URL');
      return;
    }
    const decision = guard.check(request, url);
    if (!decision.allowed) {
      refuse(response, decision.status, decision.reason);
      return;
    }
    if (url.pathname === uploadPath && options.upload !== undefined) {
      if (request.method !== 'POST') refuse(response, 405, `${request.method ?? 'This method'} is not served; upload with POST`);
      else void options.upload(request, response, url);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      refuse(response, 405, `${request.method ?? 'This method'} is not served`);
      return;
    }
    for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
    response.setHeader('Cache-Control', 'no-store');
    if (decision.via === 'query') {
      // Trade the token in the address bar for an HttpOnly cookie, then drop it from the URL.
      url.searchParams.delete('token');
      response.setHeader('Set-Cookie', `${guard.cookieName}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      response.writeHead(302, { Location: `${url.pathname}${url.search}` });
      response.end();
      return;
    }
    if (!existsSync(options.rendererDir)) {
      refuse(response, 503, `The renderer is not built (${options.rendererDir} is missing); run "npm run build"`);
      return;
    }
    serveStatic(request, response, () => refuse(response, 404, 'Not found'));
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = requestUrl(request, origin);
    const decision = url === null ? null : guard.check(request, url);
    const status = url === null ? 400 : url.pathname !== contractSocketPath ? 404 : decision?.allowed === false ? decision.status : null;
    if (status !== null) {
      socket.end(`HTTP/1.1 ${status} ${statusText[status] ?? 'Refused'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveContractSocket(ws, options.contract));
  });

  return {
    origin,
    url: `${origin}/?token=${token}`,
    token,
    port,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const statusText: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

/** The request target as a URL, or null when it is not one (an absolute-form target like `http://[`). */
function requestUrl(request: IncomingMessage, origin: string): URL | null {
  try {
    return new URL(request.url ?? '/', origin);
  } catch {
    return null;
  }
}

function refuse(response: ServerResponse, status: number, reason: string): void {
  const hint =
    status === 401
      ? 'This Market Data Explorer server needs its per-run token: open the URL that `npm start` printed.'
      : 'Open the app through the URL that `npm start` printed.';
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`${status}: ${reason}. ${hint}\n`);
}

import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { byteRangeOf } from './byte-range.ts';
import { answerOnSocket, clientErrorRefusal } from './request-limits.ts';
import type { UrlSigner } from './signed-url.ts';
import { listeningPort } from '../base/listening-port.ts';

/** A second origin on loopback that serves pre-signed snapshot downloads, like object storage. */
export interface DownloadHost {
  readonly origin: string;
  /** Requests that arrived carrying an Authorization header (there must be none). */
  readonly requestsWithAuthorization: readonly string[];
  close(): Promise<void>;
}

/**
 * Starts the download host. It needs no credentials: the URL's signature and expiry are the
 * authorization. An expired or tampered URL gets 403, as object storage answers. `Range: bytes=N-`
 * (or `N-M`, `-S`) gets 206 with the slice, or 416 with `Content-Range: bytes *\/size` past the end.
 */
export async function startDownloadHost(
  signer: UrlSigner,
  lookup: (key: string) => Promise<{ key: string; path: string; bytes: number } | null>,
  nowSeconds: () => number,
  port = 0,
): Promise<DownloadHost> {
  const withAuthorization: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    if (request.headers.authorization !== undefined) withAuthorization.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://download-host');
    const match = /^\/snapshots\/([^/]+)\.jsonl\.zst$/.exec(url.pathname);
    const refusal =
      match === null ? 'no such object' : signer.verify(url.pathname, url.searchParams.get('expires'), url.searchParams.get('signature'), nowSeconds());
    if (match?.[1] === undefined || refusal !== null) {
      response.writeHead(match === null ? 404 : 403, { 'Content-Type': 'text/plain' });
      response.end(`${match === null ? 'NotFound' : 'AccessDenied'}: ${refusal ?? 'no such object'}\n`);
      return;
    }
    const key = decodeURIComponent(match[1]);
    void lookup(key).then(
      (file) => {
        if (file === null) {
          response.writeHead(404, { 'Content-Type': 'text/plain' });
          response.end('NotFound: no such object\n');
          return;
        }
        const range = byteRangeOf(request.headers.range, file.bytes);
        if (range.kind === 'unsatisfiable') {
          response.writeHead(416, { 'Content-Type': 'text/plain', 'Content-Range': `bytes */${file.bytes}` });
          response.end('InvalidRange: the requested range is not satisfiable\n');
          return;
        }
        const headers = { 'Content-Type': 'application/zstd', 'Accept-Ranges': 'bytes', 'Content-Disposition': `attachment; filename="${file.key}.jsonl.zst"` };
        if (range.kind === 'slice') {
          response.writeHead(206, { ...headers, 'Content-Length': String(range.end - range.start + 1), 'Content-Range': `bytes ${range.start}-${range.end}/${file.bytes}` });
        } else {
          response.writeHead(200, { ...headers, 'Content-Length': String(file.bytes) });
        }
        if (request.method === 'HEAD') {
          response.end();
          return;
        }
        createReadStream(file.path, range.kind === 'slice' ? { start: range.start, end: range.end } : {}).pipe(response);
      },
      () => {
        response.writeHead(503, { 'Content-Type': 'text/plain' });
        response.end('ServiceUnavailable\n');
      },
    );
  });
  // Like its other refusals, in the host's own plain-text form: object storage, not the service API.
  server.on('clientError', (error: Error, socket: Socket) => {
    const refusal = clientErrorRefusal(error);
    if (refusal === null) socket.destroy();
    else answerOnSocket(socket, refusal.status, 'text/plain', `${refusal.code}: ${refusal.message}\n`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const boundPort = listeningPort(server);
  return {
    origin: `http://127.0.0.1:${boundPort}`,
    requestsWithAuthorization: withAuthorization,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One fault the host applies to one request. */
export type HostFault =
  /** Sends K body bytes, then destroys the connection. */
  | { kind: 'cut'; afterBytes: number }
  /** Answers this status with a short text body (500, 503, 403, 404…). */
  | { kind: 'status'; status: number }
  /** Flips every byte whose file offset is in [from, to) (a corrupting proxy). */
  | { kind: 'corrupt'; from: number; to: number }
  /** Ignores Range: 200 with the whole file. */
  | { kind: 'ignore-range' }
  /** Answers 206 with a Content-Range that starts at `start` (not what was asked). */
  | { kind: 'wrong-range'; start: number }
  /** Declares a correct Content-Range (or none on a 200) but sends only K bytes, cleanly framed (Content-Length K). */
  | { kind: 'short-body'; bytes: number }
  /** Declares a Content-Length larger than what it sends, then closes the connection. */
  | { kind: 'long-length'; extra: number }
  /** Answers 302 to the same file at another path. */
  | { kind: 'redirect' }
  /** Answers 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' }
  /** Sends K body bytes, then goes silent with the connection open (until the host closes). */
  | { kind: 'stall'; afterBytes: number };

/** What the host saw of one request. */
export interface SeenRequest {
  path: string;
  /** The URL generation it carried (`?gen=`), or null. */
  generation: number | null;
  range: string | undefined;
  headers: IncomingHttpHeaders;
  status: number;
}

/** Decides the faults of the request at `index` (0-based, over the host's life). */
export type FaultScript = (request: { index: number; range: string | undefined; generation: number | null }) => readonly HostFault[];

/** A real HTTP server on 127.0.0.1 that serves one file badly on purpose, and records every request. */
export interface HostileDownloadHost {
  /** A URL of the current generation. */
  url(): string;
  /** Makes a fresh URL generation: requests with an older one get 403 "expired" from now on. */
  refresh(): string;
  /** Expires the current generation once `bytes` body bytes have gone out under it (the connection is cut there). */
  expireAfter(bytes: number): void;
  readonly requests: readonly SeenRequest[];
  close(): Promise<void>;
}

/** Starts the hostile host serving `file` at `/file.jsonl.zst?gen=N`. */
export async function startHostileDownloadHost(file: Uint8Array, script: FaultScript = () => []): Promise<HostileDownloadHost> {
  const requests: SeenRequest[] = [];
  let latest = 1;
  let expireAfterBytes: number | null = null;
  let sentThisGeneration = 0;
  const size = file.length;

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://hostile');
    const generationText = url.searchParams.get('gen');
    const generation = generationText === null ? null : Number(generationText);
    const range = request.headers.range;
    const index = requests.length;
    const seen: SeenRequest = { path: url.pathname, generation, range, headers: request.headers, status: 0 };
    requests.push(seen);
    const answer = (status: number, headers: Record<string, string> = {}, text = ''): void => {
      seen.status = status;
      response.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
      response.end(text);
    };
    if (url.pathname !== '/file.jsonl.zst' && url.pathname !== '/moved/file.jsonl.zst') return answer(404, {}, 'NotFound\n');
    if (generation === null || generation < latest) return answer(403, {}, 'AccessDenied: the URL has expired\n');
    const faults = script({ index, range, generation });
    const status = faults.find((fault) => fault.kind === 'status');
    if (status !== undefined) return answer(status.status, {}, `Fault: HTTP ${status.status}\n`);
    if (faults.some((fault) => fault.kind === 'unsatisfiable')) return answer(416, { 'Content-Range': `bytes */${size}` }, 'InvalidRange\n');
    if (faults.some((fault) => fault.kind === 'redirect') && url.pathname !== '/moved/file.jsonl.zst') {
      return answer(302, { Location: `/moved/file.jsonl.zst?gen=${generation}` });
    }
    const asked = /^bytes=(\d+)-$/.exec(range ?? '');
    let start = asked === null || faults.some((fault) => fault.kind === 'ignore-range') ? 0 : Number(asked[1]);
    if (start >= size && asked !== null) return answer(416, { 'Content-Range': `bytes */${size}` }, 'InvalidRange\n');
    const wrong = faults.find((fault) => fault.kind === 'wrong-range');
    if (wrong !== undefined) start = wrong.start;
    const partial = start > 0 || (asked !== null && !faults.some((fault) => fault.kind === 'ignore-range'));
    let body = Buffer.from(file.subarray(start));
    for (const fault of faults) {
      if (fault.kind !== 'corrupt') continue;
      body = Buffer.from(body);
      for (let offset = Math.max(fault.from, start); offset < Math.min(fault.to, size); offset++) body[offset - start] = (body[offset - start] ?? 0) ^ 0xff;
    }
    let cutAt: number | null = null;
    const cut = faults.find((fault) => fault.kind === 'cut');
    if (cut !== undefined) cutAt = cut.afterBytes;
    if (expireAfterBytes !== null) {
      const left = Math.max(0, expireAfterBytes - sentThisGeneration);
      if (left < body.length) cutAt = Math.min(cutAt ?? left, left);
    }
    const short = faults.find((fault) => fault.kind === 'short-body');
    const long = faults.find((fault) => fault.kind === 'long-length');
    const headers: Record<string, string> = { 'Content-Type': 'application/zstd', 'Accept-Ranges': 'bytes' };
    if (partial) headers['Content-Range'] = `bytes ${start}-${size - 1}/${size}`;
    headers['Content-Length'] = String(short !== undefined ? Math.min(short.bytes, body.length) : body.length + (long?.extra ?? 0));
    seen.status = partial ? 206 : 200;
    response.writeHead(seen.status, headers);
    if (short !== undefined) body = body.subarray(0, short.bytes);
    const stall = faults.find((fault) => fault.kind === 'stall');
    if (stall !== undefined) {
      sentThisGeneration += stall.afterBytes;
      response.write(body.subarray(0, stall.afterBytes));
      return;
    }
    send(response, body, cutAt ?? (long !== undefined ? body.length : null), (sent) => {
      sentThisGeneration += sent;
      if (expireAfterBytes !== null && sentThisGeneration >= expireAfterBytes) {
        latest++;
        expireAfterBytes = null;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urlOf = (generation: number): string => `${origin}/file.jsonl.zst?gen=${generation}`;
  return {
    url: () => urlOf(latest),
    refresh: () => {
      latest++;
      sentThisGeneration = 0;
      return urlOf(latest);
    },
    expireAfter: (bytes) => {
      expireAfterBytes = bytes;
      sentThisGeneration = 0;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes `body`, or its first `cutAt` bytes and then destroys the connection. The reset waits a
 * moment after the bytes are flushed, so the client reads them before it sees the reset (a reset
 * that overtakes them would drop them from its buffer, and the test could not say where it resumes).
 */
function send(response: ServerResponse, body: Buffer, cutAt: number | null, sent: (bytes: number) => void): void {
  if (cutAt === null) {
    sent(body.length);
    response.end(body);
    return;
  }
  const part = body.subarray(0, cutAt);
  sent(part.length);
  const destroy = (): void => {
    response.socket?.destroy();
  };
  if (part.length === 0) {
    response.flushHeaders();
    setTimeout(destroy, 100);
    return;
  }
  response.write(part, () => setTimeout(destroy, 100));
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with one request. */
export type ProxyAction =
  /** Forward; with `dropHeaders`, without those response headers (lower case). */
  | { kind: 'pass'; dropHeaders?: readonly string[] }
  /** Answer without asking the service. */
  | { kind: 'respond'; status: number; headers?: Record<string, string>; body: string }
  /** Forward, then send the headers and half of the body, and reset the connection. */
  | { kind: 'cut' }
  /** Forward once `until` settles (a gate the test opens). */
  | { kind: 'hold'; until: Promise<unknown> }
  /** Never answer (until the proxy closes); `onHang` runs once the request is held. */
  | { kind: 'hang'; onHang?: () => void }
  /** Forward, then let a function rewrite the JSON body. */
  | { kind: 'rewrite'; rewrite: (body: unknown) => unknown };

/** One request as the proxy saw it. */
export interface SeenRequest {
  path: string;
  authorization: string | undefined;
}

/** A fault-injecting HTTP proxy on 127.0.0.1 in front of the local service. */
export interface FaultProxy {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** The most requests it ever had in flight at once. */
  readonly maxInFlight: number;
  /** Decides each request's fate; `pass` by default. */
  plan: (request: SeenRequest, index: number) => ProxyAction;
  close(): Promise<void>;
}

const forwardedHeaders = ['content-type', 'retry-after', 'location', 'ratelimit', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'x-service-monthly-usage-limit', 'x-service-monthly-usage-remaining', 'x-service-monthly-usage-reset'];

async function forward(target: string, request: IncomingMessage): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const headers: Record<string, string> = {};
  if (request.headers.authorization !== undefined) headers['authorization'] = request.headers.authorization;
  const upstream = await fetch(`${target}${request.url ?? '/'}`, { headers, redirect: 'manual' });
  const out: Record<string, string> = {};
  for (const name of forwardedHeaders) {
    const value = upstream.headers.get(name);
    if (value !== null) out[name] = value;
  }
  return { status: upstream.status, headers: out, body: Buffer.from(await upstream.arrayBuffer()) };
}

/** Starts a proxy that forwards to `target` unless its plan says otherwise. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const requests: SeenRequest[] = [];
  const proxy: FaultProxy = {
    url: '',
    requests,
    get maxInFlight() {
      return state.maxInFlight;
    },
    plan: () => ({ kind: 'pass' }),
    close: () => Promise.resolve(),
  };
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const seen: SeenRequest = { path: request.url ?? '/', authorization: request.headers.authorization };
    requests.push(seen);
    const action = proxy.plan(seen, requests.length - 1);
    if (action.kind === 'respond') {
      response.writeHead(action.status, { 'content-type': 'application/json', ...action.headers });
      response.end(action.body);
      return;
    }
    if (action.kind === 'hang') {
      action.onHang?.();
      return;
    }
    if (action.kind === 'hold') await action.until;
    const answer = await forward(target, request);
    if (action.kind === 'cut') {
      response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
      response.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)), () => response.destroy());
      return;
    }
    const body = action.kind === 'rewrite' ? Buffer.from(JSON.stringify(action.rewrite(JSON.parse(answer.body.toString('utf8'))))) : answer.body;
    const dropped = new Set(action.kind === 'pass' ? (action.dropHeaders ?? []) : []);
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !dropped.has(name)));
    response.writeHead(answer.status, { ...headers, 'content-length': String(body.length) });
    response.end(body);
  };
  const server = createServer((request, response) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return proxy;
}

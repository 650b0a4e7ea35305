import { connect } from 'node:net';
import type { ServiceErrorObject } from '../../../../shared/rows/common.ts';

/** Query parameters; undefined values are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

/** How to send one request. */
export interface RequestOptions {
  query?: Query;
  /** Sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** Extra headers (for example a malformed Authorization). */
  headers?: Record<string, string>;
}

/** A response of the service: status, headers, and the JSON body (undefined when not JSON). */
export interface ServiceResponse<T> {
  status: number;
  headers: Headers;
  body: T;
  /** The `Location` header of a redirect, or null. */
  location: string | null;
}

/** `path?query` with the query's defined values, URL-encoded. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** Throws unless `body` is the spec 2.14 error object with three non-empty strings. */
export function assertErrorBody(body: unknown, context: string): asserts body is { error: ServiceErrorObject } {
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  const ok =
    typeof error === 'object' &&
    error !== null &&
    (['code', 'message', 'resolution'] as const).every((field) => field in error && typeof (error as Record<string, unknown>)[field] === 'string' && (error as Record<string, string>)[field] !== '');
  if (!ok) throw new Error(`${context}: the error body is not {error: {code, message, resolution}} (spec 2.14): ${JSON.stringify(body)}`);
}

/**
 * GETs `path` on the service without following redirects. Every 4xx/5xx answer must carry the
 * spec 2.14 error object; a response that does not fails the calling test.
 */
export async function requestService<T>(baseUrl: string, path: string, options: RequestOptions = {}): Promise<ServiceResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  const target = withQuery(path, options.query);
  const response = await fetch(`${baseUrl}${target}`, { headers, redirect: 'manual' });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  const body = (isJson && text !== '' ? JSON.parse(text) : undefined) as T;
  if (response.status >= 400) assertErrorBody(body, `GET ${target} → ${response.status}`);
  return { status: response.status, headers: response.headers, body, location: response.headers.get('location') };
}

/** GETs an absolute URL (the download host) and returns its status, headers and bytes. */
export async function fetchBytes(url: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** A response read off a raw socket: status, lower-cased headers and the body text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` as it is (no client library to refuse or trim it) to `origin` and reads the
 * answer until the server closes the connection, so even requests the HTTP parser refuses can be
 * sent. Send `Connection: close` with requests the parser accepts.
 */
export function rawExchange(origin: string, request: string): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    let failure: Error | null = null;
    // A server that closes with bytes of ours unread resets the connection; what it sent still counts.
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      if (chunks.length === 0 && failure !== null) {
        reject(failure);
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = (split < 0 ? text : text.slice(0, split)).split('\r\n');
      const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: split < 0 ? '' : text.slice(split + 4) });
    });
  });
}

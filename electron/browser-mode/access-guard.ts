import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Outcome of checking one request against the browser-mode guard. */
export type AccessDecision =
  | { allowed: true; via: 'query' | 'cookie' | 'header' }
  | { allowed: false; status: 401 | 403; reason: string };

/**
 * Guards browser mode the way Jupyter does: the one Host header (and an absolute-form request target)
 * must name this loopback server exactly (defeats DNS rebinding), a cross-site Origin is refused,
 * and every request must carry the per-run token in the query, a cookie, or an
 * `Authorization: Token …` header.
 */
export class AccessGuard {
  readonly token: string;
  readonly cookieName: string;
  readonly #allowedHosts: Set<string>;
  readonly #allowedOrigins: Set<string>;

  constructor(token: string, port: number) {
    this.token = token;
    this.cookieName = `mde_token_${port}`;
    this.#allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    this.#allowedOrigins = new Set([...this.#allowedHosts].map((host) => `http://${host}`));
  }

  /** Checks Host, an absolute-form target, Origin and the token. */
  check(request: IncomingMessage, url: URL): AccessDecision {
    // Node keeps the first of several Host headers; a proxy or a cache may read another: exactly one.
    const hosts = request.rawHeaders.filter((_value, i) => i % 2 === 0 && request.rawHeaders[i]?.toLowerCase() === 'host').length;
    if (hosts > 1) return { allowed: false, status: 403, reason: `the request has ${hosts} Host headers; it must have one` };
    const host = request.headers.host ?? '';
    if (!this.#allowedHosts.has(host.toLowerCase())) {
      return { allowed: false, status: 403, reason: `Host "${host}" is not this server` };
    }
    // An absolute-form target (`GET http://host:port/ HTTP/1.1`) names the server it is for, and
    // that name overrides Host (RFC 9112, 3.2.2): it must be this server too.
    const target = request.url ?? '/';
    if (!target.startsWith('/') && !this.#allowedOrigins.has(url.origin)) {
      return { allowed: false, status: 403, reason: `Request target "${target}" is not this server` };
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !this.#allowedOrigins.has(origin.toLowerCase())) {
      return { allowed: false, status: 403, reason: `Origin "${origin}" is not allowed` };
    }
    const fromQuery = url.searchParams.get('token');
    if (fromQuery !== null && this.#matches(fromQuery)) return { allowed: true, via: 'query' };
    const fromCookie = readCookie(request.headers.cookie, this.cookieName);
    if (fromCookie !== null && this.#matches(fromCookie)) return { allowed: true, via: 'cookie' };
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Token ') === true && this.#matches(authorization.slice(6))) {
      return { allowed: true, via: 'header' };
    }
    return { allowed: false, status: 401, reason: 'missing or wrong token' };
  }

  #matches(candidate: string): boolean {
    const a = Buffer.from(candidate);
    const b = Buffer.from(this.token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

// The value is compared as sent: the server sets the token unencoded (base64url needs no
// escaping), and decoding would throw on a malformed escape such as `%E0%A4%A`.
function readCookie(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

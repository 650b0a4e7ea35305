/** One request as a browser would make it, and every response on the way (redirects included). */
export interface BrowseResult {
  /** The last response (its body unread). */
  response: Response;
  /** Status of each response in order, the redirects first. */
  statuses: number[];
}

/**
 * A minimal cookie jar for tests: remembers every `Set-Cookie` it sees (name and value only, one
 * origin) and sends them back, and follows redirects by hand so each hop carries the jar the way
 * a browser does. `fetch` alone neither keeps cookies nor shows them across a redirect.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** The `Cookie` header this jar would send, or undefined when it is empty. */
  header(): string | undefined {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Stores a cookie as if a server had set it. */
  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  /** One request without following redirects; stores any cookies the response sets. */
  async fetch(url: string, headers: Record<string, string> = {}): Promise<Response> {
    const cookie = this.header();
    const response = await fetch(url, { redirect: 'manual', headers: { ...headers, ...(cookie === undefined ? {} : { cookie }) } });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.#cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  }

  /** Requests `url` and follows up to five redirects, carrying the jar on each hop. */
  async browse(url: string, headers: Record<string, string> = {}): Promise<BrowseResult> {
    const statuses: number[] = [];
    let next = url;
    for (let hop = 0; hop <= 5; hop++) {
      const response = await this.fetch(next, headers);
      statuses.push(response.status);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) return { response, statuses };
      await response.body?.cancel();
      next = new URL(location, next).toString();
    }
    throw new Error(`more than 5 redirects starting at ${url}`);
  }
}

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Options of one plain GET to the download host. */
export interface PlainGetOptions {
  /** The only header sent besides what HTTP itself needs: `bytes=N-` to resume. */
  range: string | null;
  signal: AbortSignal;
  /** Redirects followed at most (each again without credentials). */
  maxRedirects: number;
  /** The socket may be silent this long before the request fails as a timeout. */
  idleTimeoutMs: number;
}

/** A download host answer that cannot be used at all (no retry helps). */
export class UnusableUrlError extends Error {
  override readonly name = 'UnusableUrlError';
}

const redirects = new Set([301, 302, 303, 307, 308]);

/**
 * GETs a pre-signed URL as object storage expects: no Authorization, no cookie, only `Range`
 * when resuming. Follows a few redirects the same way; resolves with the final response, whose
 * body the caller reads (or drains).
 */
export async function plainGet(url: string, options: PlainGetOptions): Promise<IncomingMessage> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const response = await getOnce(current, options);
    const location = response.headers.location;
    if (!redirects.has(response.statusCode ?? 0) || location === undefined) return response;
    response.resume();
    if (hop >= options.maxRedirects) throw new UnusableUrlError(`the download host redirected more than ${options.maxRedirects} times`);
    current = new URL(location, current);
  }
}

function getOnce(url: URL, options: PlainGetOptions): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new UnusableUrlError(`the download URL is not http(s) (${url.protocol})`));
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = options.range === null ? {} : { range: options.range };
  return new Promise<IncomingMessage>((resolve, reject) => {
    let incoming: IncomingMessage | null = null;
    const outgoing = request(url, { method: 'GET', headers, signal: options.signal, timeout: options.idleTimeoutMs }, (response) => {
      incoming = response;
      resolve(response);
    });
    outgoing.on('timeout', () => {
      // The reader of the body sees why it stopped, not a bare "aborted".
      const silence = new Error(`no data from the download host for ${options.idleTimeoutMs} ms`);
      incoming?.destroy(silence);
      outgoing.destroy(silence);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

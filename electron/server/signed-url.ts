import { createHmac, timingSafeEqual } from 'node:crypto';

/** Pre-signs and verifies download URLs on the download host (the `{download_host}` stand-in). */
export class UrlSigner {
  readonly #secret: Buffer;

  constructor(secret: Buffer) {
    this.#secret = secret;
  }

  /** A URL for `key` on `origin` that stops working after `expiresAt` (Unix seconds). */
  sign(origin: string, key: string, expiresAt: number): string {
    const path = `/snapshots/${encodeURIComponent(key)}.jsonl.zst`;
    return `${origin}${path}?expires=${expiresAt}&signature=${this.#signature(path, expiresAt)}`;
  }

  /** Checks a request's path and query; says why it is refused, or null when it is valid now. */
  verify(path: string, expires: string | null, signature: string | null, nowSeconds: number): string | null {
    if (expires === null || signature === null || !/^\d+$/.test(expires)) return 'the URL is not signed';
    const expected = Buffer.from(this.#signature(path, Number(expires)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'the signature does not match';
    if (Number(expires) < nowSeconds) return 'the URL has expired';
    return null;
  }

  #signature(path: string, expiresAt: number): string {
    return createHmac('sha256', this.#secret).update(`${path}\n${expiresAt}`).digest('base64url');
  }
}

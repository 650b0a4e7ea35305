import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from './service-error.ts';

/**
 * Opaque pagination cursors bound to the complete query (spec 4.0.2). A cursor carries the
 * position after the last row served plus a digest of the query, signed so it cannot be edited.
 */
export class CursorCodec {
  readonly #secret: Buffer;

  constructor(secret: Buffer) {
    this.#secret = secret;
  }

  /** Encodes a position for the query identified by `bindingKey`. */
  encode<P>(bindingKey: string, position: P): string {
    const payload = Buffer.from(JSON.stringify({ q: digest(bindingKey), p: position })).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  /** Decodes a cursor, refusing one that was edited or that belongs to another query. */
  decode<P>(bindingKey: string, cursor: string): P {
    const [payload, signature, ...rest] = cursor.split('.');
    if (payload === undefined || signature === undefined || rest.length > 0 || !this.#verify(payload, signature)) {
      throw badRequest('The cursor is not one this service issued, or it was edited', 'Send next_cursor exactly as it was returned.');
    }
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { q: string; p: P };
    if (decoded.q !== digest(bindingKey)) {
      throw badRequest(
        'The cursor belongs to a different query: every parameter must be repeated unchanged',
        'Repeat the original source, market, instrument, range, types and limit with the cursor, or start again without it.',
      );
    }
    return decoded.p;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#secret).update(payload).digest('base64url').slice(0, 22);
  }

  #verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

function digest(bindingKey: string): string {
  return createHash('sha256').update(bindingKey).digest('base64url').slice(0, 16);
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { QueryBinding } from './query-params.ts';
import { badRequest, type ServiceHttpError } from './service-error.ts';
import { hasFields } from '../../shared/guards/object-fields.ts';

/** What a cursor's payload holds: the query digest, each parameter's fingerprint, and the position. */
interface CursorPayload<P> {
  q: string;
  /** `[name, fingerprint]` per parameter of the issuing query, so a refusal can name what changed. */
  f?: [string, string][];
  p: P;
}

/** A cursor position that is an offset or a time: a number. */
export function isNumberPosition(value: unknown): value is number {
  return typeof value === 'number';
}

const isFingerprints = (value: unknown): value is [string, string][] =>
  Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string');

/** Whether a decoded cursor has the payload's shape (its position is checked by the endpoint's kind). */
function isCursorPayload(value: unknown): value is CursorPayload<unknown> {
  return hasFields(value) && typeof value['q'] === 'string' && (value['f'] === undefined || isFingerprints(value['f']));
}

const notIssued = (): ServiceHttpError => badRequest('The cursor is not one this service issued, or it was edited', 'Send next_cursor exactly as it was returned.');

/**
 * Opaque pagination cursors bound to the complete query (spec 4.0.2). A cursor carries the
 * position after the last row served, a digest of the query and a short fingerprint of each of
 * its parameters, signed so it cannot be edited. A cursor sent with a changed query is a 400
 * naming the parameters that changed.
 */
export class CursorCodec {
  readonly #secret: Buffer;

  constructor(secret: Buffer) {
    this.#secret = secret;
  }

  /** Encodes a position for the query `binding`. */
  encode<P>(binding: QueryBinding, position: P): string {
    const body: CursorPayload<P> = { q: queryDigest(binding), f: fingerprints(binding), p: position };
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  /**
   * Decodes a cursor, refusing one that was edited or that belongs to another query. `isPosition`
   * checks the position is of the kind this endpoint encodes (a signed cursor always is).
   */
  decode<P>(binding: QueryBinding, cursor: string, isPosition: (value: unknown) => value is P): P {
    const [payload, signature, ...rest] = cursor.split('.');
    const decoded: unknown = payload !== undefined && signature !== undefined && rest.length === 0 && this.#verify(payload, signature) ? JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) : null;
    if (!isCursorPayload(decoded)) throw notIssued();
    if (decoded.q !== queryDigest(binding)) throw differentQuery(decoded.f, fingerprints(binding));
    if (!isPosition(decoded.p)) throw notIssued();
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

function queryDigest(binding: QueryBinding): string {
  return createHash('sha256').update(JSON.stringify([binding.path, binding.params])).digest('base64url').slice(0, 16);
}

/** A short digest of each parameter's value: enough to say which changed, while `q` decides whether any did. */
function fingerprints(binding: QueryBinding): [string, string][] {
  return binding.params.map(([name, value]) => [name, createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 6)]);
}

/** The 400 for a cursor sent with another query, naming the parameters added, dropped or changed. */
function differentQuery(issued: readonly [string, string][] | undefined, sent: readonly [string, string][]): ServiceHttpError {
  const repeat = 'Repeat every parameter of the first request unchanged with the cursor, or start again without it.';
  if (issued === undefined) return badRequest('Parameter "cursor" belongs to a different query: every parameter must be repeated unchanged', repeat);
  const before = new Map(issued);
  const now = new Map(sent);
  const changed = [...new Set([...before.keys(), ...now.keys()])].filter((name) => before.get(name) !== now.get(name)).sort();
  if (changed.length === 0) {
    return badRequest('Parameter "cursor" was returned by another endpoint', 'Send each next_cursor only to the endpoint that returned it, or start again without it.');
  }
  const named = changed.map((name) => JSON.stringify(name)).join(', ');
  return badRequest(
    `Parameter "cursor" belongs to a different query: ${named} ${changed.length === 1 ? 'differs' : 'differ'} from the query that returned it (spec 4.0.2)`,
    `Send ${named} exactly as in the first request (left out if it was left out), or start again without the cursor.`,
  );
}

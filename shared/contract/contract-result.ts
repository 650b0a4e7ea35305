import { hasFields } from '../guards/object-fields.ts';
import { contractErrorShape, type ContractErrorShape, type ContractResult } from './errors.ts';

/**
 * The error a transport delivered, checked against the contract: a shape from a different
 * version of the main process becomes a plain `internal` error instead of a half-read one.
 */
export function contractErrorShapeOf(error: unknown, channel: string | null): ContractErrorShape {
  const parsed = contractErrorShape.safeParse(error);
  if (parsed.success) return parsed.data;
  const message = hasFields(error) && typeof error['message'] === 'string' ? error['message'] : 'The main process sent an error this window cannot read';
  return { kind: 'internal', message, resolution: 'Restart the app so the window and the main process run the same version.', channel };
}

/**
 * A reply that crossed a transport as a contract result: `{ok: true, value}`, or `{ok: false,
 * error}` with the error checked against the contract. Null when the reply is not a result at all.
 */
export function contractResultOf(reply: unknown, channel: string | null): ContractResult<unknown> | null {
  if (!hasFields(reply) || typeof reply['ok'] !== 'boolean') return null;
  return reply['ok'] ? { ok: true, value: reply['value'] } : { ok: false, error: contractErrorShapeOf(reply['error'], channel) };
}

import { z } from 'zod';

/**
 * The kinds of failure a contract call can report; the renderer switches on these to offer the
 * fixing action. The service's own kinds (spec part 7) cross the contract as they are, so a view
 * can offer "Add API key" for `needs-api-key` or count down a `rate-limited` wait.
 */
export const contractErrorKinds = [
  'invalid-request',
  'unknown-channel',
  'not-found',
  'unavailable',
  'internal',
  'needs-api-key',
  'auth-required',
  'payment-required',
  'forbidden',
  'rate-limited',
  'too-expensive',
  'network',
  'invalid-response',
  'cancelled',
] as const;

/** One kind of contract failure. */
export type ContractErrorKind = (typeof contractErrorKinds)[number];

/** Wire shape of a failed contract call: what went wrong and what the user can do about it. */
export const contractErrorShape = z.object({
  kind: z.enum(contractErrorKinds),
  message: z.string(),
  resolution: z.string(),
  channel: z.string().nullable(),
  /** How long the service asked to wait before retrying (`rate-limited` only), in ms. */
  retryAfterMs: z.number().int().nonnegative().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Plain-data form of a contract error, safe to send over IPC or a WebSocket. */
export type ContractErrorShape = z.infer<typeof contractErrorShape>;

/** A typed failure of a contract call, thrown on the calling side with the service's words intact. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  readonly kind: ContractErrorKind;
  readonly resolution: string;
  readonly channel: string | null;
  /** The wait the service asked for before a retry, in ms; null when it named none. */
  readonly retryAfterMs: number | null;
  readonly issues: readonly { path: string; message: string }[];

  constructor(shape: ContractErrorShape) {
    super(shape.message);
    this.kind = shape.kind;
    this.resolution = shape.resolution;
    this.channel = shape.channel;
    this.retryAfterMs = shape.retryAfterMs ?? null;
    this.issues = shape.issues ?? [];
  }

  /** The plain-data form, for sending across a transport. */
  toShape(): ContractErrorShape {
    return {
      kind: this.kind,
      message: this.message,
      resolution: this.resolution,
      channel: this.channel,
      ...(this.retryAfterMs === null ? {} : { retryAfterMs: this.retryAfterMs }),
      ...(this.issues.length > 0 ? { issues: [...this.issues] } : {}),
    };
  }
}

/**
 * A failure as a contract error: itself when it is one, else an `internal` error with its message
 * (an Error's, or the value as text) and the resolution the caller knows.
 */
export function asContractError(error: unknown, channel: string | null, resolution: string): ContractError {
  if (error instanceof ContractError) return error;
  return new ContractError({ kind: 'internal', message: error instanceof Error ? error.message : String(error), resolution, channel });
}

/** Outcome of a contract call as it crosses a transport: a value, or a typed error. */
export type ContractResult<T> = { ok: true; value: T } | { ok: false; error: ContractErrorShape };

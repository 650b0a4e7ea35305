import { z } from 'zod';

/** The kinds of failure a contract call can report; the renderer switches on these. */
export const contractErrorKinds = [
  'invalid-request',
  'unknown-channel',
  'not-found',
  'unavailable',
  'internal',
] as const;

/** One kind of contract failure. */
export type ContractErrorKind = (typeof contractErrorKinds)[number];

/** Wire shape of a failed contract call: what went wrong and what the user can do about it. */
export const contractErrorShape = z.object({
  kind: z.enum(contractErrorKinds),
  message: z.string(),
  resolution: z.string(),
  channel: z.string().nullable(),
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
  readonly issues: readonly { path: string; message: string }[];

  constructor(shape: ContractErrorShape) {
    super(shape.message);
    this.kind = shape.kind;
    this.resolution = shape.resolution;
    this.channel = shape.channel;
    this.issues = shape.issues ?? [];
  }

  /** The plain-data form, for sending across a transport. */
  toShape(): ContractErrorShape {
    return {
      kind: this.kind,
      message: this.message,
      resolution: this.resolution,
      channel: this.channel,
      ...(this.issues.length > 0 ? { issues: [...this.issues] } : {}),
    };
  }
}

/** Outcome of a contract call as it crosses a transport: a value, or a typed error. */
export type ContractResult<T> = { ok: true; value: T } | { ok: false; error: ContractErrorShape };

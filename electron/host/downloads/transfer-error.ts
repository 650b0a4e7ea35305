import type { TransferFailureKind } from './transfer-types.ts';

/** A failed transfer: its kind (what the queue shows and whether a retry helps), message and the fix. */
export class TransferError extends Error {
  override readonly name = 'TransferError';

  constructor(
    readonly kind: TransferFailureKind,
    message: string,
    readonly resolution: string,
  ) {
    super(message);
  }
}

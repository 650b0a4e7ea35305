import type { ContractError, ContractErrorKind } from '../../../shared/contract/errors.ts';
import { contractError } from '../contract-errors.ts';

const exportErrorKinds = ['exists', 'invalid-request', 'bad-input', 'cancelled', 'io'] as const;

/** Why an export stopped: the output exists, the request was wrong, an input is bad, it was cancelled, or the disk failed. */
export type ExportErrorKind = (typeof exportErrorKinds)[number];

/** Whether `kind` names a kind of export failure (as it comes back from the export worker). */
export function isExportErrorKind(kind: string): kind is ExportErrorKind {
  return (exportErrorKinds as readonly string[]).includes(kind);
}

/** A failed export, with what went wrong and what fixes it. Nothing is left at the output when one is thrown. */
export class ExportError extends Error {
  constructor(
    readonly kind: ExportErrorKind,
    message: string,
    readonly resolution: string,
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

const contractKinds: Record<ExportErrorKind, ContractErrorKind> = {
  exists: 'invalid-request',
  'invalid-request': 'invalid-request',
  'bad-input': 'invalid-request',
  cancelled: 'cancelled',
  io: 'internal',
};

/** A failed export as a contract error (the Export view's and the Research view's exports alike). */
export function exportContractError(error: ExportError, channel: string): ContractError {
  return contractError(contractKinds[error.kind], channel, error.message, error.resolution);
}

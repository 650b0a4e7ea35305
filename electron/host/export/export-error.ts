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

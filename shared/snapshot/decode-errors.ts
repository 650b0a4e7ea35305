/**
 * Typed failures of reading a snapshot file. Each kind is one way a file can be bad; the message
 * names the file and the place, and the resolution says what the user can do about it.
 */

/** The ways decoding a snapshot file can fail. */
export const snapshotErrorKinds = [
  'empty-file',
  'not-zstd',
  'truncated',
  'corrupt-zstd',
  'malformed-line',
  'line-too-long',
  'unknown-schema-version',
  'io',
  'cancelled',
] as const;

/** One way decoding a snapshot file can fail. */
export type SnapshotErrorKind = (typeof snapshotErrorKinds)[number];

/** Plain-data form of a decode failure, safe to post from a worker or send over IPC. */
export interface SnapshotErrorShape {
  kind: SnapshotErrorKind;
  message: string;
  resolution: string;
  file: string;
  /** 1-based line in the decompressed text where decoding stopped, when known. */
  line: number | null;
  /** Byte offset of that line in the decompressed text, when known. */
  byteOffset: number | null;
  /** Event records decoded before the failure. */
  recordsDecoded: number;
}

const resolutions: Record<SnapshotErrorKind, string> = {
  'empty-file': 'The file has no bytes. Download it again.',
  'not-zstd': 'This is not a .jsonl.zst snapshot file (it does not start with a zstd frame). Check the path, or compress it with zstd.',
  truncated: 'The file ends in the middle of a zstd frame, usually an interrupted download. Download it again.',
  'corrupt-zstd': 'The compressed data is damaged. Download the file again.',
  'malformed-line': 'A line is not a valid record. Decode with --lenient to skip bad lines and see how many there are.',
  'line-too-long': 'A line is longer than any real record; the file is probably not a snapshot file.',
  'unknown-schema-version': 'The file was written by a newer collector. Update Market Data Explorer.',
  io: 'The file could not be read. Check that it exists and is readable.',
  cancelled: 'Decoding was cancelled.',
};

/** The standard advice for a kind of failure. */
export function snapshotErrorResolution(kind: SnapshotErrorKind): string {
  return resolutions[kind];
}

/** A typed decode failure, thrown inside the decoder and returned to callers as a value. */
export class SnapshotDecodeError extends Error {
  override readonly name = 'SnapshotDecodeError';
  readonly kind: SnapshotErrorKind;
  readonly resolution: string;
  readonly file: string;
  readonly line: number | null;
  readonly byteOffset: number | null;
  readonly recordsDecoded: number;

  constructor(shape: Omit<SnapshotErrorShape, 'resolution'> & { resolution?: string }) {
    super(shape.message);
    this.kind = shape.kind;
    this.resolution = shape.resolution ?? snapshotErrorResolution(shape.kind);
    this.file = shape.file;
    this.line = shape.line;
    this.byteOffset = shape.byteOffset;
    this.recordsDecoded = shape.recordsDecoded;
  }

  /** The plain-data form, for sending across a thread or a transport. */
  toShape(): SnapshotErrorShape {
    return {
      kind: this.kind,
      message: this.message,
      resolution: this.resolution,
      file: this.file,
      line: this.line,
      byteOffset: this.byteOffset,
      recordsDecoded: this.recordsDecoded,
    };
  }
}

import type { SnapshotFormat, SnapshotHeader } from './records.ts';

/** A line the decoder skipped, kept as a sample so the user can see what was wrong. */
export interface SkippedLine {
  line: number;
  byteOffset: number;
  reason: string;
}

/** What a decode pass found in a file, whether it finished or stopped on an error. */
export interface SnapshotSummary {
  file: string;
  /** Null until the first non-blank line has been read. */
  format: SnapshotFormat | null;
  /** The v2 metadata header; null for legacy files. */
  header: SnapshotHeader | null;
  /** Event records produced (the header is framing and is not counted). */
  records: number;
  /** Event rows by the file's own `type` (`orderbook`, `orderbook_delta`, `record`, ...). */
  countsByType: Record<string, number>;
  firstCollectorTimestamp: number | null;
  lastCollectorTimestamp: number | null;
  /** How often `collector_timestamp` went down from one record to the next (order is kept). */
  backwardSteps: number;
  /** Lines read, blank ones included. */
  lines: number;
  /** Malformed lines skipped (lenient mode, or legacy files). */
  skippedLines: number;
  /** The first few skipped lines, with the reason. */
  skippedSamples: SkippedLine[];
  compressedBytes: number;
  decompressedBytes: number;
}

/** Progress of a decode running in the background: compressed bytes read of the file's size. */
export interface DecodeProgress {
  bytesRead: number;
  totalBytes: number;
  records: number;
}

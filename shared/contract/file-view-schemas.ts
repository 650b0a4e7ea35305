import { z } from 'zod';
import { snapshotErrorKinds } from '../snapshot/decode-errors.ts';
import { fileGrantSchema, fileIdSchema } from './file-schemas.ts';

// Payloads of the snapshot file viewer's channels (`files.openView`, `files.rows`, ...). Main
// decodes the file in a worker and keeps a compact index of its records; the renderer asks for
// windows of rows by position, and filter and search run in main.

/** The id of one opened file view. */
export const fileViewIdSchema = z.string().min(1).max(100);

/** The v2 metadata header as the decoder read it. */
export const snapshotHeaderSchema = z.object({
  schemaVersion: z.string(),
  source: z.string(),
  market: z.string(),
  date: z.string().nullable(),
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  eventCount: z.number().nullable(),
  counts: z.record(z.string(), z.number()),
  collectorVersion: z.string().nullable(),
});

/** F2's inspect summary (`shared/snapshot/decode-summary.ts`). */
export const snapshotSummarySchema = z.object({
  file: z.string(),
  format: z.enum(['v2', 'legacy']).nullable(),
  header: snapshotHeaderSchema.nullable(),
  records: z.number().int().nonnegative(),
  countsByType: z.record(z.string(), z.number()),
  firstCollectorTimestamp: z.number().nullable(),
  lastCollectorTimestamp: z.number().nullable(),
  backwardSteps: z.number().int().nonnegative(),
  lines: z.number().int().nonnegative(),
  skippedLines: z.number().int().nonnegative(),
  skippedSamples: z.array(z.object({ line: z.number(), byteOffset: z.number(), reason: z.string() })),
  compressedBytes: z.number().nonnegative(),
  decompressedBytes: z.number().nonnegative(),
});

/** Where and why a decode stopped early. */
export const snapshotErrorShapeSchema = z.object({
  kind: z.enum(snapshotErrorKinds),
  message: z.string(),
  resolution: z.string(),
  file: z.string(),
  line: z.number().nullable(),
  byteOffset: z.number().nullable(),
  recordsDecoded: z.number(),
});

/** How far a file view's decode has come. */
export const fileViewStates = ['reading', 'done', 'stopped', 'cancelled'] as const;

/** The record table's limits and whether they were reached (the summary always counts the whole file). */
export const rowCapSchema = z.object({
  maxRows: z.number().int().positive(),
  maxTextBytes: z.number().int().positive(),
  /** True once a record did not fit: the table holds the records before it. */
  reached: z.boolean(),
});

/** Pushed as a file view decodes: the summary so far, rows in the table, and how it ended. */
export const fileViewProgressSchema = z.object({
  viewId: fileViewIdSchema,
  state: z.enum(fileViewStates),
  bytesRead: z.number().nonnegative(),
  totalBytes: z.number().nonnegative(),
  /** Records in the table so far (all records, unless the cap was reached). */
  rows: z.number().int().nonnegative(),
  cap: rowCapSchema,
  summary: snapshotSummarySchema,
  /** Why the decode stopped early (state `stopped`); null otherwise. */
  error: snapshotErrorShapeSchema.nullable(),
});

/** Progress of a file view. */
export type FileViewProgress = z.infer<typeof fileViewProgressSchema>;

/** Opens a granted file in the viewer; its decode starts at once. */
export const fileViewOpenInput = z.object({ fileId: fileIdSchema });

/** The opened view, and the file it shows. */
export const fileViewOpenedSchema = z.object({ viewId: fileViewIdSchema, file: fileGrantSchema });

/** Which rows the table shows: record types (null: all) and exact text within the raw line. */
export const rowQuerySchema = z.object({
  types: z.array(z.string().max(200)).max(300).nullable(),
  text: z.string().max(500),
});

/** A filter and search over a file's rows. */
export type RowQuery = z.infer<typeof rowQuerySchema>;

/** Maximum rows in one window. */
export const maxRowWindow = 500;

/** Asks for rows `[start, start + count)` of those matching `query`. */
export const fileRowsInput = z.object({
  viewId: fileViewIdSchema,
  query: rowQuerySchema,
  start: z.number().int().nonnegative(),
  count: z.number().int().min(1).max(maxRowWindow),
});

/** One record of the table, as the file has it. */
export const fileRowSchema = z.object({
  /** Position among all records of the file (0-based), the key of `files.rowDetail`. */
  index: z.number().int().nonnegative(),
  /** 1-based line in the decompressed file. */
  line: z.number().int().positive(),
  collectorTimestamp: z.number(),
  /** Null when the venue gave none: shown as unknown, never guessed. */
  exchangeTimestamp: z.number().nullable(),
  type: z.string(),
  instrument: z.string().nullable(),
  /** A compact reading of the payload; amounts keep the file's exact text. */
  summary: z.string(),
});

/** One row of the record table. */
export type FileRow = z.infer<typeof fileRowSchema>;

/** A window of matching rows, and how many match so far. */
export const fileRowsSchema = z.object({
  /** Rows matching the query among those decoded so far. */
  matches: z.number().int().nonnegative(),
  /** Whether every row of the table has been searched (the decode ended). */
  complete: z.boolean(),
  start: z.number().int().nonnegative(),
  rows: z.array(fileRowSchema),
});

/** A window of rows. */
export type FileRows = z.infer<typeof fileRowsSchema>;

/** Finds the first matching row at or after a collector time. */
export const fileLocateInput = z.object({ viewId: fileViewIdSchema, query: rowQuerySchema, at: z.number() });

/** Where that row is among the matches (null: none at or after that time). */
export const fileLocatedSchema = z.object({ position: z.number().int().nonnegative().nullable() });

/** Asks for one record's raw line. */
export const fileRowDetailInput = z.object({ viewId: fileViewIdSchema, index: z.number().int().nonnegative() });

/** The raw line as it is in the file (cut at `maxDetailBytes`, said by `truncated`). */
export const fileRowDetailSchema = z.object({
  index: z.number().int().nonnegative(),
  line: z.number().int().positive(),
  raw: z.string(),
  bytes: z.number().int().nonnegative(),
  truncated: z.boolean(),
});

/** One record's raw line. */
export type FileRowDetail = z.infer<typeof fileRowDetailSchema>;

/** Raw bytes of one line sent at most. */
export const maxDetailBytes = 1024 * 1024;

/** Closes a file view and frees its memory. */
export const fileViewCloseInput = z.object({ viewId: fileViewIdSchema });

/** Where a located row is. */
export type FileLocated = z.infer<typeof fileLocatedSchema>;

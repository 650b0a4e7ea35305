import { z } from 'zod';
import { fileIdSchema } from './file-schemas.ts';

// Payloads of the snapshot library's channels (F9): availability (`library.availability`,
// `library.manifest`), the download queue (`downloads.*`), the local library (`library.*`) and
// exports (`export.*`). The renderer names files by snapshot key or grant, never by path, except
// the library root, which the user sets in Settings.

const sourceName = z.string().min(1).max(200);
const marketName = z.string().min(1).max(200);
const utcDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a UTC date is written YYYY-MM-DD');
const unixMs = z.number().int();
/** An opaque snapshot key (`standard-{source}-{market}-{date}-{HH}`, or as the real tools spell it), as `/snapshots` lists it. */
export const snapshotKeySchema = z.string().min(1).max(600);
/** A file that holds a whole UTC day (its key has no time); absent for an hour file. */
const daySpanSchema = z.literal('day').optional();

/** A dataset's access status and public cutoff, as `/snapshots` reports them (spec 2.12). */
export const datasetAccessSchema = z.object({
  status: z.enum(['open', 'preview', 'restricted']),
  /** Latest UTC date available without gated access; null when nothing is gated by date. */
  publicCutoffDate: utcDate.nullable(),
});

/** Which UTC hours of a range have files: `/snapshots` over `[from, to)`. */
export const availabilityInput = z.object({ source: sourceName, market: marketName, from: unixMs, to: unixMs });

/** One listed hour: its key, whether it is already in the library, and whether it needs a key to download. */
export const availableHourSchema = z.object({
  date: utcDate,
  hour: z.number().int().min(0).max(23),
  key: snapshotKeySchema,
  local: z.boolean(),
  /** After the public cutoff of a gated dataset, and no API key is stored. */
  needsKey: z.boolean(),
});

/** One listed hour. */
export type AvailableHour = z.infer<typeof availableHourSchema>;

/** The availability calendar's data: every listed hour of the range, oldest first. */
export const availabilitySchema = z.object({
  source: sourceName,
  market: marketName,
  access: datasetAccessSchema,
  hours: z.array(availableHourSchema),
  /** The listing stopped at its page cap before the range's end; hours after `listedUntil` are unknown. */
  truncated: z.boolean(),
  listedUntil: unixMs,
});

/** The availability of a range. */
export type Availability = z.infer<typeof availabilitySchema>;

/** A daily manifest (`/download`): count and size before anything downloads. */
export const manifestInput = z.object({ source: sourceName, market: marketName, date: utcDate });

/** A daily manifest's summary; the URLs stay in main. */
export const manifestSummarySchema = z.object({
  source: sourceName,
  market: marketName,
  date: utcDate,
  total: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  keys: z.array(snapshotKeySchema),
});

/** A daily manifest's summary. */
export type ManifestSummary = z.infer<typeof manifestSummarySchema>;

/** What to download: listed hours by key, and/or whole UTC days of one dataset. */
export const downloadRequestInput = z.object({
  source: sourceName,
  market: marketName,
  keys: z.array(snapshotKeySchema).max(10_000).default([]),
  dates: z.array(utcDate).max(366).default([]),
});

/** The states of one queued file. `done`, `failed` and `cancelled` are final. */
export const downloadStates = ['queued', 'downloading', 'verifying', 'paused', 'done', 'failed', 'cancelled'] as const;

/** A failure as the user reads it: what went wrong and what fixes it. */
export const downloadFailureSchema = z.object({
  /** The contract error kind when the service refused (`auth-required`, `payment-required`, `forbidden`, `not-found`, …), or `disk-full`, `corrupt`, `network`. */
  kind: z.string(),
  message: z.string(),
  resolution: z.string(),
});

/** One file of the queue. */
export const downloadItemSchema = z.object({
  /** The snapshot key; two requests for one key are one item. */
  key: snapshotKeySchema,
  source: sourceName,
  market: marketName,
  date: utcDate,
  /** The hour an hour file covers; 0 for a whole-day file. */
  hour: z.number().int().min(0).max(23),
  span: daySpanSchema,
  state: z.enum(downloadStates),
  bytes: z.number().nonnegative(),
  /** Unknown until the host says (Content-Length); null then. */
  totalBytes: z.number().nonnegative().nullable(),
  /** Bytes per second over the last few seconds; 0 when idle. */
  rateBps: z.number().nonnegative(),
  etaMs: z.number().nonnegative().nullable(),
  /** Retries so far of this file (network errors, 5xx, expired URLs). */
  attempts: z.number().int().nonnegative(),
  failure: downloadFailureSchema.nullable(),
});

/** One file of the queue. */
export type DownloadItem = z.infer<typeof downloadItemSchema>;

/** The whole queue: items in the order queued, and totals over the unfinished ones. */
export const downloadQueueSchema = z.object({
  items: z.array(downloadItemSchema),
  /** The queue as a whole is paused (nothing new starts; transfers in flight stop and keep their bytes). */
  paused: z.boolean(),
  concurrency: z.number().int().positive(),
  totals: z.object({
    bytes: z.number().nonnegative(),
    totalBytes: z.number().nonnegative().nullable(),
    rateBps: z.number().nonnegative(),
    etaMs: z.number().nonnegative().nullable(),
    active: z.number().int().nonnegative(),
    queued: z.number().int().nonnegative(),
    done: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
});

/** The whole queue. */
export type DownloadQueue = z.infer<typeof downloadQueueSchema>;

/** Items by key; no keys means the whole queue. */
export const downloadKeysInput = z.object({ keys: z.array(snapshotKeySchema).max(10_000).optional() });

/** One library file. */
export const libraryFileSchema = z.object({
  key: snapshotKeySchema,
  date: utcDate,
  /** The hour an hour file covers; 0 for a whole-day file. */
  hour: z.number().int().min(0).max(23),
  span: daySpanSchema,
  bytes: z.number().int().nonnegative(),
  /** From the decoder's inspect; null until the file has been inspected once. */
  records: z.number().int().nonnegative().nullable(),
  /** Where it lies under the root: the public tool's `data/standard/` layout, or `{source}/{market}/…` directly. */
  layout: z.enum(['standard', 'flat']),
});

/** One library file. */
export type LibraryFile = z.infer<typeof libraryFileSchema>;

/** One dataset of the library, its files oldest first. */
export const libraryDatasetSchema = z.object({
  source: sourceName,
  market: marketName,
  bytes: z.number().int().nonnegative(),
  files: z.array(libraryFileSchema),
});

/** One dataset of the library. */
export type LibraryDataset = z.infer<typeof libraryDatasetSchema>;

/** What is local: the root, its datasets, disk usage and the free space left. */
export const libraryIndexSchema = z.object({
  root: z.string(),
  datasets: z.array(libraryDatasetSchema),
  bytes: z.number().int().nonnegative(),
  /** Free bytes on the root's file system; null when it cannot be read. */
  freeBytes: z.number().nonnegative().nullable(),
});

/** What is local. */
export type LibraryIndex = z.infer<typeof libraryIndexSchema>;

/** Library files by key. */
export const libraryKeysInput = z.object({ keys: z.array(snapshotKeySchema).min(1).max(10_000) });

/** Export output formats. */
export const exportFormats = ['csv', 'parquet'] as const;

/** What to export: granted files, or a library range of one dataset. */
export const exportInput = z.object({
  from: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('files'), fileIds: z.array(fileIdSchema).min(1).max(1000) }),
    z.object({ kind: z.literal('library'), source: sourceName, market: marketName, start: unixMs, end: unixMs }),
  ]),
  /** Snapshot record types (trade, orderbook, point, …); empty means every type in the data. */
  types: z.array(z.string().min(1).max(50)).max(20),
  format: z.enum(exportFormats),
  /** The output's file name (no folder); main writes it under `{libraryRoot}/exports/`. */
  name: z.string().min(1).max(200).optional(),
});

/** Progress of an export, pushed as it runs. */
export const exportProgressSchema = z.object({
  exportId: z.string(),
  rows: z.number().int().nonnegative(),
  /** Share of the input read, 0 to 1. */
  fraction: z.number().min(0).max(1),
});

/** How an export ended: landed at `path`, or failed or cancelled with nothing left behind. */
export const exportEndedSchema = z.object({
  exportId: z.string(),
  state: z.enum(['done', 'failed', 'cancelled']),
  path: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  message: z.string().nullable(),
});

/** How an export ended. */
export type ExportEnded = z.infer<typeof exportEndedSchema>;

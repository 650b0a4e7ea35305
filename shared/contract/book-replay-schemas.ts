import { z } from 'zod';
import { healthMarkKinds } from '../book/health-marks.ts';
import { contractErrorKinds } from './errors.ts';
import { fileIdSchema } from './file-schemas.ts';

// Payloads of the order-book replay channels (`book.*`), kept beside the channel map.

/** Which book a chunk of frames belongs to. */
export const bookKeySchema = z.object({ source: z.string(), market: z.string(), instrument: z.string().nullable() });

/** A chunk of playback frames (`shared/book/book-frames.ts`); the buffer travels as raw bytes. */
export const frameChunkSchema = z.object({
  depth: z.number().int().positive(),
  capacity: z.number().int().positive(),
  count: z.number().int().nonnegative(),
  buffer: z.instanceof(ArrayBuffer),
});

/** Counts of a running book replay; bytes for file replays, pages for page replays. */
export const bookReplayProgressSchema = z.object({
  events: z.number().int().nonnegative(),
  frames: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  resets: z.number().int().nonnegative(),
  withoutBook: z.number().int().nonnegative(),
  crossed: z.number().int().nonnegative(),
  locked: z.number().int().nonnegative(),
  bytesRead: z.number().nonnegative().nullable(),
  totalBytes: z.number().nonnegative().nullable(),
  file: z.string().nullable(),
  pages: z.number().int().nonnegative(),
});

/** Progress of a book replay. */
export type BookReplayProgress = z.infer<typeof bookReplayProgressSchema>;

/** One chunk of one book's frames from a replay, with the replay's progress when it was cut. */
export const bookFramesSchema = z.object({ replayId: z.string(), book: bookKeySchema, chunk: frameChunkSchema, progress: bookReplayProgressSchema });

/** A chunk of frames pushed by a replay. */
export type BookFramesEvent = z.infer<typeof bookFramesSchema>;

/** One data-health mark of a book (`shared/book/health-marks.ts`): a reset, or a run of deltas dropped before a snapshot. */
export const healthMarkSchema = z.object({
  kind: z.enum(healthMarkKinds),
  collectorTimestamp: z.number(),
  endTimestamp: z.number(),
  count: z.number().int().positive(),
  detail: z.string(),
});

/**
 * A book's health marks since its last batch, pushed ahead of the frames that follow them. Marks
 * are bounded per book: once `capped`, further ones are only counted in `counts` (totals so far).
 */
export const bookHealthSchema = z.object({
  replayId: z.string(),
  book: bookKeySchema,
  marks: z.array(healthMarkSchema),
  counts: z.object({ resets: z.number().int().nonnegative(), droppedDeltas: z.number().int().nonnegative() }),
  capped: z.boolean(),
});

/** Health marks pushed by a replay. */
export type BookHealthEvent = z.infer<typeof bookHealthSchema>;

/** Why a replay stopped early. */
export const bookReplayErrorKinds = ['cancelled', 'snapshot-file', 'book-data', 'page-source', 'temporary-files', 'worker'] as const;

/** Why a replay stopped: what went wrong and what to do, with the service's own kind for a failed page. */
const replayErrorSchema = z.object({
  kind: z.enum(bookReplayErrorKinds),
  message: z.string(),
  resolution: z.string(),
  /** For a `page-source` failure: the service's own kind (`rate-limited`, `too-expensive`, ...), so a view can offer its fix. */
  serviceKind: z.enum(contractErrorKinds).optional(),
  /** For a `rate-limited` page: the wait the service asked for, in ms. */
  retryAfterMs: z.number().int().nonnegative().optional(),
});

/** How a replay ended: every frame has been pushed before this event. */
export const bookReplayEndedSchema = z.object({
  replayId: z.string(),
  ok: z.boolean(),
  error: replayErrorSchema.nullable(),
  progress: bookReplayProgressSchema,
});

/** The end of a replay. */
export type BookReplayEnded = z.infer<typeof bookReplayEndedSchema>;

/** Replay granted snapshot files (`files.*`) in order (the books reset at an hour with no file). */
export const bookReplayFilesInput = z.object({
  fileIds: z.array(fileIdSchema).min(1).max(10_000),
  /** Levels per side in each frame (default 25). */
  depth: z.number().int().min(1).max(500).optional(),
  /** Half-width of the "depth within ±X bps" metric (default 10). */
  bandBps: z.number().positive().max(10_000).optional(),
  /** The market's tick, for the heatmap's rows; read from the first book when absent. */
  priceStep: z.number().positive().max(1e9).optional(),
});

const name = z.string().min(1).max(200);
const unixMs = z.number().int().min(0).max(8_640_000_000_000);

/** A market's inclusive collector-time range, the part every market-range book channel shares. */
const marketRange = { source: name, market: name, instrument: name.optional(), start: unixMs, end: unixMs };

/** Refuses a range that ends before it starts. */
function rangeInOrder(value: { start: number; end: number }, ctx: z.RefinementCtx): void {
  if (value.end < value.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be at or after start' });
}

/** Which rows a market replay reads: the service's reconstructed books, or the source events rebuilt here. */
export const marketReplayRows = ['l2-orderbooks', 'l2-updates'] as const;

/**
 * Replay one market's books over an inclusive collector-time range from the active service:
 * `l2-orderbooks` replays the service's own top-25 books (`/l2-orderbooks`, split on 422 by the
 * client); `l2-updates` rebuilds the books here from the source events (`/l2-updates` inside the
 * rolling last hour, `/historical/orderbook-l2` before it).
 */
export const bookReplayMarketInput = z
  .object({
    ...marketRange,
    rows: z.enum(marketReplayRows),
    /** Levels per side in each frame (default 25). */
    depth: z.number().int().min(1).max(500).optional(),
    /** Half-width of the "depth within ±X bps" metric (default 10). */
    bandBps: z.number().positive().max(10_000).optional(),
    /** The market's tick, for the heatmap's rows; read from the first book when absent. */
    priceStep: z.number().positive().max(1e9).optional(),
  })
  .superRefine(rangeInOrder);

/** Where a market replay reads its books: the range's hour files (every level), or pages of rows from one endpoint; and why. */
export const bookReplayReadFromSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('files'), hours: z.number().int().nonnegative(), why: z.string() }),
  z.object({ kind: z.literal('pages'), path: z.string(), why: z.string() }),
]);

/** Where a market replay reads its books, and why. */
export type BookReplayReadFrom = z.infer<typeof bookReplayReadFromSchema>;

/** Input of `book.replayMarket`. */
export type BookReplayMarketInput = z.infer<typeof bookReplayMarketInput>;

/**
 * Cross-check a market's range: the service's `/l2-orderbooks` books (side "server") against a
 * local reconstruction (side "local") of `/l2-updates` (or `/historical/orderbook-l2` before the
 * last hour) or of granted snapshot files, compared event by event over the top `levels`.
 */
export const bookCrossCheckInput = z
  .object({
    ...marketRange,
    local: z.discriminatedUnion('kind', [z.object({ kind: z.literal('l2-updates') }), z.object({ kind: z.literal('files'), fileIds: z.array(fileIdSchema).min(1).max(10_000) })]),
    /** Top levels per side compared, and the depth of both replays' frames (default 25, the service's books' depth). */
    levels: z.number().int().min(1).max(25).optional(),
    /** Differences pushed before only counting (default 5000). */
    maxDifferences: z.number().int().min(1).max(100_000).optional(),
  })
  .superRefine(rangeInOrder);

/** Input of `book.crossCheck`. */
export type BookCrossCheckInput = z.infer<typeof bookCrossCheckInput>;

const comparedLevelSchema = z.object({ price: z.number(), size: z.number() }).nullable();

/** One event where the two books differ (`levels`), or that only one side has (`only-a`: server, `only-b`: local). */
export const crossCheckDifferenceSchema = z.object({
  kind: z.enum(['levels', 'only-a', 'only-b']),
  time: z.number(),
  /** The frame's index among this book's frames of the server replay, and of the local one (null where it has none). */
  indexA: z.number().int().nonnegative().nullable(),
  indexB: z.number().int().nonnegative().nullable(),
  levels: z.array(z.object({ side: z.enum(['bid', 'ask']), level: z.number().int().nonnegative(), a: comparedLevelSchema, b: comparedLevelSchema })),
  largest: z.object({ side: z.enum(['bid', 'ask']), price: z.number(), a: z.number(), b: z.number(), difference: z.number() }).nullable(),
});

/** Differences found in one book, pushed as the check runs. */
export const bookCrossCheckDifferencesSchema = z.object({ checkId: z.string(), book: bookKeySchema, differences: z.array(crossCheckDifferenceSchema) });

/** Differences pushed by a cross-check. */
export type BookCrossCheckDifferences = z.infer<typeof bookCrossCheckDifferencesSchema>;

const countSchema = z.number().int().nonnegative();

/** The end of a cross-check: every difference has been pushed before it. */
export const bookCrossCheckEndedSchema = z.object({
  checkId: z.string(),
  ok: z.boolean(),
  error: replayErrorSchema.extend({ side: z.enum(['server', 'local']) }).nullable(),
  summary: z.object({
    /** compared: events both have; differing: of those, events whose books differ; only*: events one side has; leading*: before the other's first book. */
    counts: z.object({ compared: countSchema, differing: countSchema, onlyA: countSchema, onlyB: countSchema, leadingA: countSchema, leadingB: countSchema }),
    books: countSchema,
    reported: countSchema,
    capped: z.boolean(),
  }),
});

/** The end of a cross-check. */
export type BookCrossCheckEnded = z.infer<typeof bookCrossCheckEndedSchema>;

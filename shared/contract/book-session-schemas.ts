import { z } from 'zod';
import { frameMarkKinds } from '../book/replay/frame-marks.ts';
import { maxTileLevel } from '../book/replay/liquidity-tiles.ts';
import { bookKeySchema, bookReplayProgressSchema, frameChunkSchema } from './book-replay-schemas.ts';

// Payloads of the replay session channels: a replay keeps its books in main (log, checkpoints,
// heatmap tiles) and the view asks for what it shows — a window of frames around the cursor, the
// tiles in view, the trades of a file — instead of holding every frame of the range.

const count = z.number().int().nonnegative();
const unixMs = z.number().min(0).max(8_640_000_000_000);
/** Frames one window may ask for on each side of its anchor. */
export const maxWindowSide = 8192;

/** One book of a replay as it fills: entries (frames) so far, their replay-clock span, the heatmap's price step, trades read. */
export const bookTrackSchema = z.object({
  key: bookKeySchema,
  entries: count,
  /** NaN travels as null over JSON. */
  firstClock: z.number().nullable(),
  lastClock: z.number().nullable(),
  priceStep: z.number().nullable(),
  trades: count,
});

/** One book of a replay. */
export type BookTrack = z.infer<typeof bookTrackSchema>;

/** What a replay's books hold, pushed as it reads (throttled) and once at its end. */
export const bookTracksSchema = z.object({ replayId: z.string(), tracks: z.array(bookTrackSchema), progress: bookReplayProgressSchema });

/** What a replay's books hold. */
export type BookTracksEvent = z.infer<typeof bookTracksSchema>;

/** A mark the frames show by themselves: the start of a crossed or locked run, or a backward step of collector time. */
export const frameMarkSchema = z.object({ kind: z.enum(frameMarkKinds), index: count, clock: z.number(), collectorTimestamp: z.number(), stepBackMs: z.number().nonnegative() });

/** Frame marks of one book since its last batch, with totals (marks past the cap are only counted). */
export const bookMarksSchema = z.object({
  replayId: z.string(),
  book: bookKeySchema,
  marks: z.array(frameMarkSchema),
  counts: z.object({ crossed: count, locked: count, 'backward-step': count }),
  capped: z.boolean(),
});

/** Frame marks pushed by a replay. */
export type BookMarksEvent = z.infer<typeof bookMarksSchema>;

/** Which replay and book a query is about. */
const bookOfReplay = { replayId: z.string().min(1).max(100), book: bookKeySchema };

/** One frame per event around the event in force at `at` (or from entry `first`). */
export const bookWindowInput = z
  .object({
    ...bookOfReplay,
    at: unixMs.optional(),
    first: count.optional(),
    before: z.number().int().min(0).max(maxWindowSide),
    after: z.number().int().min(0).max(maxWindowSide),
  })
  .refine((value) => value.at !== undefined || value.first !== undefined, { message: 'give at (a time) or first (an entry)' });

/** The book at the end of each `strideMs` slot of [t0, t1] (fast playback). */
export const bookSampledInput = z
  .object({ ...bookOfReplay, t0: unixMs, t1: unixMs, strideMs: z.number().positive().max(86_400_000), maxFrames: z.number().int().min(1).max(maxWindowSide) })
  .refine((value) => value.t1 >= value.t0, { message: 't1 must be at or after t0', path: ['t1'] });

/** The latency of a replay book's events in `columns` columns of [t0, t1) by replay clock (the replay's latency lane). */
export const bookLatencyInput = z
  .object({ ...bookOfReplay, t0: unixMs, t1: unixMs, columns: z.number().int().min(1).max(2048) })
  .refine((value) => value.t1 >= value.t0, { message: 't1 must be at or after t0', path: ['t1'] });

const nullableMs = z.array(z.number().nullable());

/** Per column: events with a known and an unknown exchange time, and p50 / p99 / max of collector − exchange time (ms; null where none is known). */
export const bookLatencySchema = z.object({
  t0: z.number(),
  columnMs: z.number().nonnegative(),
  known: z.array(count),
  unknown: z.array(count),
  p50: nullableMs,
  p99: nullableMs,
  max: nullableMs,
});

/** A replay book's latency lane. */
export type BookLatency = z.infer<typeof bookLatencySchema>;

/** A window of frames: the chunk, the entry index and replay clock of each frame (Float64 buffers). */
export const bookWindowSchema = z.object({
  /** Entries the book holds now. */
  total: count,
  /** The entry in force at the time asked (−1 before the first), or the first asked for. */
  anchor: z.number().int().min(-1),
  /** Slot width of sampled frames; 0 for one frame per event. */
  strideMs: z.number().nonnegative(),
  chunk: frameChunkSchema,
  indices: z.instanceof(ArrayBuffer),
  clocks: z.instanceof(ArrayBuffer),
});

/** A window of frames. */
export type BookWindow = z.infer<typeof bookWindowSchema>;

/** Heatmap tiles of one level (at most 64), rows in bands of 2^rowShift price steps, clipped to [rowMin, rowMax]. */
export const bookTilesInput = z.object({
  ...bookOfReplay,
  level: z.number().int().min(0).max(maxTileLevel),
  indices: z.array(z.number().int()).min(1).max(64),
  rowShift: z.number().int().min(0).max(40),
  rowMin: z.number().int().optional(),
  rowMax: z.number().int().optional(),
});

/** One heatmap tile (see `TilePayload` in `shared/book/replay/liquidity-tiles.ts`); values and bests are Float32 and Float64 buffers. */
export const bookTileSchema = z.object({
  level: count,
  index: z.number().int(),
  rowShift: count,
  t0: z.number(),
  bucketMs: z.number().positive(),
  priceStep: z.number().positive(),
  rowBase: z.number().int(),
  rows: count,
  filledUntil: z.number(),
  values: z.instanceof(ArrayBuffer),
  bests: z.instanceof(ArrayBuffer),
});

/** One heatmap tile. */
export type BookTile = z.infer<typeof bookTileSchema>;

/** The trades a file replay read beside a book, from index `from` on. */
export const bookTradesInput = z.object({ ...bookOfReplay, from: count });

/** Trades as Float64 column buffers: time (replay clock), price, quantity, side (1 buy, −1 sell, 0 unknown). */
export const bookTradesSchema = z.object({
  total: count,
  time: z.instanceof(ArrayBuffer),
  price: z.instanceof(ArrayBuffer),
  quantity: z.instanceof(ArrayBuffer),
  side: z.instanceof(ArrayBuffer),
});

/** Trades of a file replay. */
export type BookTrades = z.infer<typeof bookTradesSchema>;

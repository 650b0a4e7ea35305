import { BookEngine } from '../../shared/book/book-engine.ts';
import type { BookEvent, BookReset } from '../../shared/book/book-event.ts';
import type { BookKey } from '../../shared/book/book-key.ts';
import { frameFlags, FrameRecorder, frameViews, type FrameChunk } from '../../shared/book/book-frames.ts';
import { OrderBook } from '../../shared/book/order-book.ts';
import { referenceBookName } from './reference-l2-books.ts';

/** Every frame of a list of chunks, as plain arrays (NaN slots kept), for exact comparison. */
export interface FlatFrames {
  timestamps: number[];
  exchangeTimestamps: number[];
  bidPrices: number[];
  bidSizes: number[];
  askPrices: number[];
  askSizes: number[];
  metrics: number[];
  flags: number[];
}

/** Concatenates the written frames of chunks in order. */
export function flattenFrames(chunks: readonly FrameChunk[]): FlatFrames {
  const flat: FlatFrames = { timestamps: [], exchangeTimestamps: [], bidPrices: [], bidSizes: [], askPrices: [], askSizes: [], metrics: [], flags: [] };
  for (const chunk of chunks) {
    const views = frameViews(chunk);
    const per = (view: Float64Array, width: number): number[] => Array.from(view.subarray(0, chunk.count * width));
    const levels = chunk.depth;
    const metricWidth = views.metrics.length / chunk.capacity;
    flat.timestamps.push(...per(views.timestamps, 1));
    flat.exchangeTimestamps.push(...per(views.exchangeTimestamps, 1));
    flat.bidPrices.push(...per(views.bidPrices, levels));
    flat.bidSizes.push(...per(views.bidSizes, levels));
    flat.askPrices.push(...per(views.askPrices, levels));
    flat.askSizes.push(...per(views.askSizes, levels));
    flat.metrics.push(...per(views.metrics, metricWidth));
    flat.flags.push(...per(views.flags, 1));
  }
  return flat;
}

/** Frames grouped by book (each book's chunks in order), flattened: chunk boundaries do not matter. */
export function flatFramesByBook(frames: readonly { book: BookKey; chunk: FrameChunk }[]): Map<string, FlatFrames> {
  const chunks = new Map<string, FrameChunk[]>();
  for (const { book, chunk } of frames) {
    const name = referenceBookName(book);
    const list = chunks.get(name) ?? [];
    list.push(chunk);
    chunks.set(name, list);
  }
  return new Map([...chunks.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, list]) => [name, flattenFrames(list)]));
}

/**
 * What the engine and frame recorder produce in-process for the same inputs, grouped by book:
 * the worker must carry the same frames (metrics and flags included) across the thread. With
 * `resetFrames` (a replay session's frames), a reset that clears a book that had a book records
 * an empty frame flagged `frameFlags.reset` at the reset's time, as a session holds one.
 */
export function inProcessFramesByBook(inputs: readonly (BookEvent | BookReset)[], depth = 25, options: { resetFrames?: boolean } = {}): Map<string, FlatFrames> {
  const chunks: { book: BookKey; chunk: FrameChunk }[] = [];
  const engine = new BookEngine();
  const recorders = new Map<string, FrameRecorder>();
  /** Books that hold a book now (a reset empties them), by name. */
  const holding = new Map<string, BookKey>();
  for (const input of inputs) {
    if ('reset' in input) {
      engine.reset(input.key);
      for (const [name, key] of [...holding]) {
        if (input.key !== undefined && name !== referenceBookName(input.key)) continue;
        holding.delete(name);
        if (options.resetFrames === true) recorders.get(name)?.push(new OrderBook(key), input.collectorTimestamp, false, null, frameFlags.reset);
      }
      continue;
    }
    const book = engine.apply(input);
    if (book === null) continue;
    const name = referenceBookName(book.key);
    holding.set(name, book.key);
    let recorder = recorders.get(name);
    if (recorder === undefined) {
      const key = book.key;
      recorder = new FrameRecorder({ depth, chunkFrames: 4096, onChunk: (chunk) => chunks.push({ book: key, chunk }) });
      recorders.set(name, recorder);
    }
    recorder.push(book, input.collectorTimestamp, input.isSnapshot, input.exchangeTimestamp ?? null);
  }
  for (const recorder of recorders.values()) recorder.flush();
  return flatFramesByBook(chunks);
}

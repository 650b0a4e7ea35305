import { BookEngine } from '../../shared/book/book-engine.ts';
import type { BookEvent, BookReset } from '../../shared/book/book-event.ts';
import { FrameRecorder, frameViews, type FrameChunk } from '../../shared/book/book-frames.ts';

/** Every frame of a list of chunks, as plain arrays (NaN slots kept), for exact comparison. */
export interface FlatFrames {
  timestamps: number[];
  bidPrices: number[];
  bidSizes: number[];
  askPrices: number[];
  askSizes: number[];
  metrics: number[];
  flags: number[];
}

/** Concatenates the written frames of chunks in order. */
export function flattenFrames(chunks: readonly FrameChunk[]): FlatFrames {
  const flat: FlatFrames = { timestamps: [], bidPrices: [], bidSizes: [], askPrices: [], askSizes: [], metrics: [], flags: [] };
  for (const chunk of chunks) {
    const views = frameViews(chunk);
    const per = (view: Float64Array, width: number): number[] => Array.from(view.subarray(0, chunk.count * width));
    const levels = chunk.depth;
    const metricWidth = views.metrics.length / chunk.capacity;
    flat.timestamps.push(...per(views.timestamps, 1));
    flat.bidPrices.push(...per(views.bidPrices, levels));
    flat.bidSizes.push(...per(views.bidSizes, levels));
    flat.askPrices.push(...per(views.askPrices, levels));
    flat.askSizes.push(...per(views.askSizes, levels));
    flat.metrics.push(...per(views.metrics, metricWidth));
    flat.flags.push(...per(views.flags, 1));
  }
  return flat;
}

/** What the engine produces in-process for the same inputs: the reference the worker must match. */
export function inProcessFrames(inputs: readonly (BookEvent | BookReset)[], depth = 25): FrameChunk[] {
  const chunks: FrameChunk[] = [];
  const engine = new BookEngine();
  const recorder = new FrameRecorder({ depth, chunkFrames: 4096, onChunk: (chunk) => chunks.push(chunk) });
  for (const input of inputs) {
    if ('reset' in input) {
      engine.reset(input.key);
      continue;
    }
    const book = engine.apply(input);
    if (book !== null) recorder.push(book, input.collectorTimestamp, input.isSnapshot);
  }
  recorder.flush();
  return chunks;
}

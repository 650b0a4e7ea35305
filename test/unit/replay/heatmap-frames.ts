import { blankFrameChunk, frameViews, type FrameChunk } from '../../../shared/book/book-frames.ts';
import { metricCount } from '../../../shared/book/book-metrics.ts';
import { FrameIndex } from '../../../shared/book/frame-index.ts';
import { seededRandom } from '../../bench/book-stream.ts';

/** One hand-written frame: collector time, levels best first as [price, size], flag bits. */
export interface FrameSpec {
  t: number;
  bids: [number, number][];
  asks: [number, number][];
  flags?: number;
}

/** A chunk of hand-written frames (NaN past each side's last level, best bid and ask metrics set). */
export function chunkOf(frames: readonly FrameSpec[], depth: number): FrameChunk {
  const capacity = frames.length + 1;
  const chunk = blankFrameChunk(depth, capacity, frames.length);
  const views = frameViews(chunk);
  frames.forEach((frame, f) => {
    views.timestamps[f] = frame.t;
    frame.bids.forEach(([price, size], k) => {
      views.bidPrices[f * depth + k] = price;
      views.bidSizes[f * depth + k] = size;
    });
    frame.asks.forEach(([price, size], k) => {
      views.askPrices[f * depth + k] = price;
      views.askSizes[f * depth + k] = size;
    });
    views.metrics[f * metricCount] = frame.bids[0]?.[0] ?? Number.NaN;
    views.metrics[f * metricCount + 1] = frame.asks[0]?.[0] ?? Number.NaN;
    views.flags[f] = frame.flags ?? 0;
  });
  return chunk;
}

/** A frame index of the frames, split into chunks of `chunkFrames`. */
export function indexOf(frames: readonly FrameSpec[], depth: number, chunkFrames = frames.length): FrameIndex {
  const index = new FrameIndex();
  for (let at = 0; at < frames.length; at += Math.max(1, chunkFrames)) index.append(chunkOf(frames.slice(at, at + Math.max(1, chunkFrames)), depth));
  return index;
}

/** A seeded generator of numbers in [0, 1): the project's mulberry32. */
export const seeded = seededRandom;

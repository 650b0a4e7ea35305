import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import type { BookEvent } from '../../../shared/book/book-event.ts';
import { frameBytes, frameFlags, FrameRecorder, frameViews, type FrameChunk } from '../../../shared/book/book-frames.ts';
import { bookMetrics, metricCount } from '../../../shared/book/book-metrics.ts';
import { flat } from './book-helpers.ts';

const key = { source: 'lighter', market: 'BTC-USD', instrument: null };
const events: BookEvent[] = [
  { ...key, collectorTimestamp: 1000, exchangeTimestamp: 998, isSnapshot: true, bids: flat([[100, 2], [99, 1]]), asks: flat([[101, 1], [102, 3], [103, 1], [104, 1]]) },
  { ...key, collectorTimestamp: 1010, exchangeTimestamp: null, isSnapshot: false, bids: flat([[99, 0]]), asks: flat([]) },
  { ...key, collectorTimestamp: 1020, exchangeTimestamp: 1021, isSnapshot: false, bids: flat([[101.5, 1]]), asks: flat([]) },
];

function record(): { chunks: FrameChunk[]; last: FrameChunk | null } {
  const chunks: FrameChunk[] = [];
  const recorder = new FrameRecorder({ depth: 3, chunkFrames: 2, onChunk: (chunk) => chunks.push(chunk) });
  const engine = new BookEngine();
  for (const event of events) {
    const book = engine.apply(event);
    if (book !== null) recorder.push(book, event.collectorTimestamp, event.isSnapshot, event.exchangeTimestamp);
  }
  expect(recorder.frameCount).toBe(3);
  return { chunks, last: recorder.flush() };
}

describe('playback frames', () => {
  it('fills chunks of a fixed size and hands over the partial last one on flush', () => {
    const { chunks, last } = record();
    expect(chunks.map((chunk) => chunk.count)).toEqual([2, 1]);
    expect(last).toBe(chunks[1]);
    expect(chunks[0]?.buffer.byteLength).toBe(2 * frameBytes(3));
    // Two timestamps, 4 × 3 level values, the metrics and the flag word, 8 bytes each.
    expect(frameBytes(3)).toBe(8 * (2 + 12 + metricCount + 1));
  });

  it('holds timestamps, the top levels best first (NaN past the last), metrics and flags', () => {
    const { chunks } = record();
    const [first, second] = chunks.map(frameViews);
    if (first === undefined || second === undefined) throw new Error('two chunks expected');
    expect([...first.timestamps]).toEqual([1000, 1010]);
    // A null exchange time is unknown: NaN, never the collector time nor 0.
    expect([...first.exchangeTimestamps]).toEqual([998, Number.NaN]);
    expect([...second.exchangeTimestamps.subarray(0, 1)]).toEqual([1021]);
    expect([...first.bidPrices]).toEqual([100, 99, Number.NaN, 100, Number.NaN, Number.NaN]);
    expect([...first.bidSizes.subarray(0, 3)]).toEqual([2, 1, Number.NaN]);
    expect([...first.askPrices.subarray(0, 3)]).toEqual([101, 102, 103]);
    expect([...first.flags]).toEqual([frameFlags.sourceSnapshot, 0]);
    expect(second.flags[0]).toBe(frameFlags.crossed);

    const reference = new BookEngine();
    reference.apply(events[0] as BookEvent);
    const book = reference.book(key);
    if (book === undefined) throw new Error('book expected');
    const expected = Object.values(bookMetrics(book, { imbalanceLevels: 3 }));
    expect([...first.metrics.subarray(0, metricCount)]).toEqual(expected);
  });

  it('moves a chunk to another thread without copying: the sender is left with a detached buffer', () => {
    const { chunks } = record();
    const chunk = chunks[0];
    if (chunk === undefined) throw new Error('chunk expected');
    const received = structuredClone(chunk, { transfer: [chunk.buffer] });
    expect(chunk.buffer.byteLength).toBe(0);
    expect([...frameViews(received).timestamps]).toEqual([1000, 1010]);
  });
});

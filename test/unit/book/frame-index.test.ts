import { describe, expect, it } from 'vitest';
import { frameBytes, frameViews, type FrameChunk } from '../../../shared/book/book-frames.ts';
import { metricCount } from '../../../shared/book/book-metrics.ts';
import { FrameIndex } from '../../../shared/book/frame-index.ts';

/** A chunk of depth 2 whose frame f has collector time `times[f]`, exchange time `exchange[f]` (NaN if none), best bid 100+f and flag f. */
function chunkOf(times: readonly number[], capacity = times.length + 1, exchange: readonly number[] = []): FrameChunk {
  const chunk: FrameChunk = { depth: 2, capacity, count: times.length, buffer: new ArrayBuffer(capacity * frameBytes(2)) };
  const views = frameViews(chunk);
  times.forEach((t, f) => {
    views.timestamps[f] = t;
    views.exchangeTimestamps[f] = exchange[f] ?? Number.NaN;
    views.bidPrices[f * 2] = 100 + f;
    views.metrics[f * metricCount] = 100 + f;
    views.flags[f] = f;
  });
  return chunk;
}

describe('the frame index of one book', () => {
  it('numbers frames across chunks and finds each one\'s levels, metrics and flags', () => {
    const index = new FrameIndex();
    index.append(chunkOf([10, 20]));
    index.append(chunkOf([]));
    index.append(chunkOf([30, 40, 50]));
    expect(index.count).toBe(5);
    expect(index.depth).toBe(2);
    expect(index.collectorTimeAt(3)).toBe(40);
    const at = index.locate(3);
    expect(at?.f).toBe(1);
    if (at === null) throw new Error('frame 3 is indexed');
    expect(at.views.bidPrices[at.f * 2]).toBe(101);
    expect(index.metric(4, 0)).toBe(102);
    expect(index.flags(1)).toBe(1);
    expect(index.locate(5)).toBeNull();
    expect(index.locate(-1)).toBeNull();
  });

  it('keeps a replay clock that never steps back, and seeks on it', () => {
    const index = new FrameIndex();
    // The fourth event's collector time steps back (25 after 30).
    index.append(chunkOf([10, 20, 30]));
    index.append(chunkOf([25, 40]));
    expect([0, 1, 2, 3, 4].map((i) => index.clockAt(i))).toEqual([10, 20, 30, 30, 40]);
    expect(index.collectorTimeAt(3)).toBe(25);
    expect(index.indexAt(5)).toBe(-1);
    expect(index.indexAt(10)).toBe(0);
    expect(index.indexAt(29)).toBe(1);
    // Both frames at clock 30 are in force at 30: the later one.
    expect(index.indexAt(30)).toBe(3);
    expect(index.indexAt(1e15)).toBe(4);
  });

  it("gives each frame's exchange time, NaN where the venue gave none, independent of the replay clock", () => {
    const index = new FrameIndex();
    index.append(chunkOf([10, 20], 3, [7, Number.NaN]));
    index.append(chunkOf([15, 30], 2, [16, 12]));
    expect([0, 1, 2, 3].map((i) => index.exchangeTimeAt(i))).toEqual([7, Number.NaN, 16, 12]);
    expect([0, 1, 2, 3].map((i) => index.collectorTimeAt(i))).toEqual([10, 20, 15, 30]);
    expect(index.exchangeTimeAt(4)).toBeNaN();
    expect(index.exchangeTimeAt(-1)).toBeNaN();
  });

  it('grows past its first allocation, and refuses frames of another depth', () => {
    const index = new FrameIndex();
    const times = Array.from({ length: 5000 }, (_, i) => i);
    index.append(chunkOf(times.slice(0, 3000)));
    index.append(chunkOf(times.slice(3000)));
    expect(index.count).toBe(5000);
    expect(index.indexAt(4321.5)).toBe(4321);
    expect(index.clockAt(4999)).toBe(4999);
    const deeper: FrameChunk = { depth: 3, capacity: 1, count: 1, buffer: new ArrayBuffer(frameBytes(3)) };
    expect(() => index.append(deeper)).toThrow(/depth 3/);
  });
});

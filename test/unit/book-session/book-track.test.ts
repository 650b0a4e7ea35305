import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookEvent } from '../../../shared/book/book-event.ts';
import { frameFlags, frameViews, type FrameChunk } from '../../../shared/book/book-frames.ts';
import { bucketMsOf, tileColumns, tileSpanOf } from '../../../shared/book/replay/liquidity-tiles.ts';
import { BookTrack } from '../../../electron/host/book/session/book-track.ts';
import { FileSegmentStore, MemorySegmentStore } from '../../../electron/host/book/session/segment-store.ts';
import { naiveColumn, type FedBook } from '../../support/naive-liquidity.ts';
import { ReferenceL2Books, type ReferenceLevel, type ReferenceTop } from '../../support/reference-l2-books.ts';
import { eventStreams, streamKeys } from '../book/random-streams.ts';

// A track (log + checkpoints + tiles) against the independent reference model: every frame it
// rebuilds from a checkpoint, in any window, equals the reference's book after that event.

const key = streamKeys[0] ?? { source: 'lighter', market: 'BTC-USD', instrument: null };
const depth = 25;

/** What the reference says frame i shows: the top levels, or null for a cleared book. */
type ExpectedFrame = { clock: number; collector: number; top: ReferenceTop | null };

function pairs(levels: Float64Array): ReferenceLevel[] {
  const out: ReferenceLevel[] = [];
  for (let i = 0; i + 1 < levels.length; i += 2) out.push([levels[i] ?? 0, levels[i + 1] ?? 0]);
  return out;
}

/** Reads frame f of a chunk as the reference's shape. */
function frameTop(chunk: FrameChunk, f: number): ReferenceTop | null {
  const views = frameViews(chunk);
  if (((views.flags[f] ?? 0) & frameFlags.reset) !== 0) return null;
  const side = (prices: Float64Array, sizes: Float64Array): ReferenceLevel[] => {
    const out: ReferenceLevel[] = [];
    for (let k = 0; k < chunk.depth; k++) {
      const price = prices[f * chunk.depth + k] ?? Number.NaN;
      if (Number.isNaN(price)) break;
      out.push([price, sizes[f * chunk.depth + k] ?? 0]);
    }
    return out;
  };
  return { bids: side(views.bidPrices, views.bidSizes), asks: side(views.askPrices, views.askSizes) };
}

/** Feeds a track and the reference the same steps; answers the frames the reference expects. */
function feedBoth(track: BookTrack, steps: readonly ({ event: BookEvent } | { reset: true; collectorTimestamp: number })[]): ExpectedFrame[] {
  const reference = new ReferenceL2Books();
  const expected: ExpectedFrame[] = [];
  let clock = Number.NEGATIVE_INFINITY;
  let hasBook = false;
  for (const step of steps) {
    if ('reset' in step) {
      const made = track.applyReset(step.collectorTimestamp);
      expect(made).toBe(hasBook);
      if (hasBook) {
        clock = Math.max(clock, step.collectorTimestamp);
        expected.push({ clock, collector: step.collectorTimestamp, top: null });
      }
      reference.clear();
      hasBook = false;
      continue;
    }
    const event = step.event;
    const made = track.applyEvent(event);
    const produced = reference.apply({ ...key, time: event.collectorTimestamp, snapshot: event.isSnapshot, bids: pairs(event.bids), asks: pairs(event.asks) });
    expect(made).toBe(produced);
    if (!produced) continue;
    hasBook = true;
    clock = Math.max(clock, event.collectorTimestamp);
    expected.push({ clock, collector: event.collectorTimestamp, top: reference.top(key, depth) });
  }
  return expected;
}

function expectFrames(track: BookTrack, expected: readonly ExpectedFrame[], first: number, count: number): void {
  const { chunk, indices, clocks } = track.frames(first, count);
  const n = Math.max(0, Math.min(count, expected.length - first));
  expect(chunk.count).toBe(n);
  for (let f = 0; f < n; f++) {
    const want = expected[first + f];
    expect(indices[f]).toBe(first + f);
    expect(clocks[f]).toBe(want?.clock);
    expect(frameViews(chunk).timestamps[f]).toBe(want?.collector);
    const top = frameTop(chunk, f);
    if (JSON.stringify(top) !== JSON.stringify(want?.top ?? null)) expect({ frame: first + f, top }).toEqual({ frame: first + f, top: want?.top ?? null });
  }
}

describe('book track', () => {
  it('every window of frames, rebuilt from the nearest checkpoint, equals the reference (random streams)', () => {
    fc.assert(
      fc.property(eventStreams, fc.integer({ min: 1, max: 6 }), fc.array(fc.tuple(fc.nat(90), fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 6 }), (steps, every, windows) => {
        const track = new BookTrack(key, { depth, bandBps: 10, checkpointEvery: every, priceStep: 0.25 }, new MemorySegmentStore());
        type Step = { event: BookEvent } | { reset: true; collectorTimestamp: number };
        const own = steps.flatMap((step): Step[] => {
          if ('event' in step) return step.event.source === key.source && step.event.market === key.market ? [{ event: step.event }] : [];
          return step.reset === undefined || step.reset.source === key.source ? [{ reset: true as const, collectorTimestamp: step.collectorTimestamp }] : [];
        });
        const expected = feedBoth(track, own);
        expect(track.extent.entries).toBe(expected.length);
        expectFrames(track, expected, 0, expected.length);
        for (const [first, count] of windows) expectFrames(track, expected, Math.min(first, expected.length), count);
        // indexAt: the last frame whose clock is at or before t.
        for (const probe of expected.slice(0, 10)) {
          const last = expected.reduce((at, frame, i) => (frame.clock <= probe.clock ? i : at), -1);
          expect(track.indexAt(probe.clock)).toBe(last);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a long stream spills segments to a file, seeks anywhere exactly, samples by stride, and removes its file on close', () => {
    const store = new FileSegmentStore(2);
    const track = new BookTrack(key, { depth: 10, bandBps: 10, checkpointEvery: 1024 }, store);
    const steps: ({ event: BookEvent } | { reset: true; collectorTimestamp: number })[] = [];
    let time = 1_700_000_000_000;
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 13_000; i++) {
      // Collector time mostly rises; now and then it steps back a little, as real files do.
      time += random() < 0.01 ? -Math.floor(random() * 30) : Math.floor(random() * 20);
      if (i === 6_500) steps.push({ reset: true, collectorTimestamp: time });
      const snapshot = i % 997 === 0 || i === 6_501;
      const levels = (side: 'bid' | 'ask', n: number): number[] => {
        const out: number[] = [];
        for (let k = 0; k < n; k++) out.push(side === 'bid' ? 100 - Math.floor(random() * 30) * 0.5 : 100.5 + Math.floor(random() * 30) * 0.5, random() < 0.2 && !snapshot ? 0 : 1 + Math.floor(random() * 9));
        return out;
      };
      const n = snapshot ? 30 : 1 + Math.floor(random() * 3);
      steps.push({ event: { ...key, collectorTimestamp: time, isSnapshot: snapshot, bids: Float64Array.from(levels('bid', n)), asks: Float64Array.from(levels('ask', n)) } });
    }
    const reference = feedBothDepth(track, steps, 10);
    expect(track.extent.entries).toBe(reference.length);
    for (const first of [0, 4_095, 4_096, 6_480, 9_000, reference.length - 100]) expectFrames(track, reference, first, 300);
    // Sampled: the first frame is the book standing at t0, then the book at the end of each slot.
    const t0 = reference[2_000]?.clock ?? 0;
    const sampled = track.sampledFrames(t0, t0 + 5_000, 250, 100);
    expect(sampled.indices[0]).toBe(reference.findLastIndex((frame) => frame.clock <= t0));
    expect(sampled.indices.length).toBeGreaterThan(15);
    for (let f = 0; f < sampled.indices.length; f++) {
      const index = sampled.indices[f] ?? -1;
      const slot = (clock: number): number => Math.floor((clock - t0) / 250);
      // Each later frame is the last event of its 250 ms slot: the next event falls in a later slot.
      if (f > 0) {
        expect(index).toBeGreaterThan(sampled.indices[f - 1] ?? -1);
        const next = reference[index + 1];
        if (next !== undefined && next.clock <= t0 + 5_000) expect(slot(next.clock)).toBeGreaterThan(slot(reference[index]?.clock ?? 0));
      }
      expect(JSON.stringify(frameTop(sampled.chunk, f))).toBe(JSON.stringify(reference[index]?.top ?? null));
    }
    expect(store.memoryBytes).toBeLessThan(4 * 2 ** 20);
    const folder = store.folder;
    expect(existsSync(folder)).toBe(true);
    track.close();
    store.close();
    expect(existsSync(folder)).toBe(false);
  });

  it('a fine heatmap tile rebuilt from the log equals the naive time-weighted reference of the reference books', () => {
    const track = new BookTrack(key, { depth: 10, bandBps: 10, checkpointEvery: 64, priceStep: 0.5 }, new MemorySegmentStore());
    const steps: { event: BookEvent }[] = [];
    let time = 1_700_000_000_000;
    for (let i = 0; i < 2_000; i++) {
      time += (i * 7) % 13;
      const snapshot = i % 300 === 0;
      const bid = 100 - (i % 5) * 0.5;
      steps.push({ event: { ...key, collectorTimestamp: time, isSnapshot: snapshot, bids: Float64Array.from(snapshot ? [100, 3, 99.5, 2, 99, 5] : [bid, 1 + (i % 4)]), asks: Float64Array.from(snapshot ? [100.5, 4, 101, 1] : [100.5 + (i % 3) * 0.5, (i % 7) + 1]) } });
    }
    const expected = feedBothDepth(track, steps, 10);
    const books: FedBook[] = expected.map((frame) => ({ clock: frame.clock, bids: frame.top?.bids ?? [], asks: frame.top?.asks ?? [], cleared: frame.top === null }));
    const end = expected[expected.length - 1]?.clock ?? 0;
    const level = 2;
    const index = Math.floor((expected[500]?.clock ?? 0) / tileSpanOf(level));
    const tile = track.tile(level, index, 0);
    expect(tile).not.toBeNull();
    if (tile === null) return;
    for (let c = 0; c < tileColumns; c++) {
      const t0 = tile.t0 + c * bucketMsOf(level);
      const want = naiveColumn(books, end, t0, bucketMsOf(level), 0.5);
      for (const [row, value] of want.values) expect(tile.values[c * tile.rows + (row - tile.rowBase)]).toBeCloseTo(value, 4);
    }
  });
});

function feedBothDepth(track: BookTrack, steps: readonly ({ event: BookEvent } | { reset: true; collectorTimestamp: number })[], levels: number): ExpectedFrame[] {
  return feedBoth(track, steps).map((frame) => ({ ...frame, top: frame.top === null ? null : { bids: frame.top.bids.slice(0, levels), asks: frame.top.asks.slice(0, levels) } }));
}

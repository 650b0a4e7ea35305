import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import { BookTimeline } from '../../../shared/book/book-timeline.ts';
import { expectSameBook, flat, plainBook } from './book-helpers.ts';
import { eventStreams, streamKeys, type StreamStep } from './random-streams.ts';

/** The plain definition: replay from the start, stopping at the first entry later than t. */
function replayTo(steps: StreamStep[], t: number): BookEngine {
  const engine = new BookEngine();
  for (const step of steps) {
    const time = 'reset' in step ? step.collectorTimestamp : step.event.collectorTimestamp;
    if (time > t) break;
    if ('reset' in step) engine.reset(step.reset);
    else engine.apply(step.event);
  }
  return engine;
}

function record(steps: StreamStep[], timeline: BookTimeline): void {
  for (const step of steps) {
    if ('reset' in step) timeline.appendReset(step.collectorTimestamp, step.reset);
    else timeline.append(step.event);
  }
}

describe('bookAt(t) seeks through checkpoints', () => {
  it('equals a full replay to t for random t, in random order, over 1000 random streams', () => {
    const withTimes = fc.tuple(eventStreams, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }));
    fc.assert(
      fc.property(withTimes, fc.integer({ min: 1, max: 9 }), ([steps, fractions], every) => {
        const timeline = new BookTimeline({ checkpointEvents: every, checkpointMs: 200 });
        record(steps, timeline);
        const first = 1_717_200_000_000 - 10;
        const last = first + 20 + steps.length * 40;
        for (const fraction of fractions) {
          const t = Math.floor(first + fraction * (last - first));
          const expected = replayTo(steps, t);
          for (const key of streamKeys) expectSameBook(plainBook(timeline.bookAt(t, key)), plainBook(expected.book(key)));
        }
      }),
      { seed: 99, numRuns: 1000 },
    );
  });

  it('returns a detached copy that later seeks do not change', () => {
    const key = streamKeys[0] ?? { source: 's', market: 'm', instrument: null };
    const timeline = new BookTimeline({ checkpointEvents: 2 });
    timeline.append({ ...key, collectorTimestamp: 10, isSnapshot: true, bids: flat([[5, 1]]), asks: flat([]) });
    timeline.append({ ...key, collectorTimestamp: 20, isSnapshot: false, bids: flat([[5, 2]]), asks: flat([]) });
    const early = timeline.bookAt(10, key);
    timeline.bookAt(20, key);
    expect(plainBook(early)).toEqual({ bids: [[5, 1]], asks: [] });
    expect(timeline.bookAt(9, key)).toBeNull();
  });
});

describe('checkpoint memory', () => {
  const key = streamKeys[0] ?? { source: 's', market: 'm', instrument: null };
  const snapshot = (time: number, levels: number): StreamStep => ({
    event: { ...key, collectorTimestamp: time, isSnapshot: true, bids: flat(Array.from({ length: levels }, (_, i): [number, number] => [1000 - i, 1])), asks: flat([]) },
  });

  it('reports 16 bytes per level held, and takes a checkpoint every K events or T ms', () => {
    const timeline = new BookTimeline({ checkpointEvents: 10, checkpointMs: 1_000 });
    record(Array.from({ length: 30 }, (_, i) => snapshot(i, 50)), timeline);
    expect(timeline.checkpointStats()).toMatchObject({ count: 4, totalBytes: 3 * 50 * 16, maxBytes: 50 * 16 });
    record([snapshot(5_000, 50)], timeline);
    expect(timeline.checkpointStats().count).toBe(5);
  });

  it('stays within its byte budget by thinning checkpoints, and still seeks exactly', () => {
    const steps = Array.from({ length: 400 }, (_, i) => snapshot(i * 10, 20 + (i % 7)));
    const timeline = new BookTimeline({ checkpointEvents: 5, maxCheckpointBytes: 20_000 });
    record(steps, timeline);
    const stats = timeline.checkpointStats();
    expect(stats.totalBytes).toBeLessThanOrEqual(20_000);
    expect(stats.checkpointEvents).toBeGreaterThan(5);
    for (const t of [0, 1234, 2501, 3999]) expectSameBook(plainBook(timeline.bookAt(t, key)), plainBook(replayTo(steps, t).book(key)));
  });
});

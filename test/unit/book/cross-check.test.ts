import { describe, expect, it } from 'vitest';
import { BookCrossCheck, compareFrames, type ComparedFrame, type CrossCheckDifference } from '../../../shared/book/cross-check.ts';

/** A frame of 3 levels per side from `[price, size]` pairs, best first; NaN past the last. */
function frame(time: number, bids: [number, number][], asks: [number, number][]): ComparedFrame {
  const slots = (levels: [number, number][], k: 0 | 1): number[] => [0, 1, 2].map((i) => levels[i]?.[k] ?? Number.NaN);
  return { time, bidPrices: slots(bids, 0), bidSizes: slots(bids, 1), askPrices: slots(asks, 0), askSizes: slots(asks, 1) };
}

const book = frame(
  1000,
  [
    [100, 2],
    [99, 1],
    [98, 4],
  ],
  [
    [101, 1],
    [102, 3],
  ],
);

describe('comparing two frames', () => {
  it('finds nothing in equal books', () => {
    expect(compareFrames(book, frame(1000, [[100, 2], [99, 1], [98, 4]], [[101, 1], [102, 3]]), 3)).toBeNull();
  });

  it('names a size off on one level, with both sides and the difference', () => {
    const off = frame(1000, [[100, 2], [99, 1.5], [98, 4]], [[101, 1], [102, 3]]);
    expect(compareFrames(book, off, 3)).toEqual({
      levels: [{ side: 'bid', level: 1, a: { price: 99, size: 1 }, b: { price: 99, size: 1.5 } }],
      largest: { side: 'bid', price: 99, a: 1, b: 1.5, difference: 0.5 },
    });
  });

  it('names a missing level: every level below it shifts, and the largest difference is the missing size', () => {
    const missing = frame(1000, [[100, 2], [98, 4]], [[101, 1], [102, 3]]);
    expect(compareFrames(book, missing, 3)).toEqual({
      levels: [
        { side: 'bid', level: 1, a: { price: 99, size: 1 }, b: { price: 98, size: 4 } },
        { side: 'bid', level: 2, a: { price: 98, size: 4 }, b: null },
      ],
      largest: { side: 'bid', price: 99, a: 1, b: 0, difference: 1 },
    });
  });

  it('compares only the top levels asked for', () => {
    const deeper = frame(1000, [[100, 2], [99, 1], [97, 9]], [[101, 1], [102, 3]]);
    expect(compareFrames(book, deeper, 2)).toBeNull();
    expect(compareFrames(book, deeper, 3)?.largest).toEqual({ side: 'bid', price: 97, a: 0, b: 9, difference: 9 });
  });

  it('takes the largest difference over both sides', () => {
    const both = frame(1000, [[100, 2.5], [99, 1], [98, 4]], [[101, 1], [102, 1]]);
    const found = compareFrames(book, both, 3);
    expect(found?.levels.map((level) => `${level.side}${level.level}`)).toEqual(['bid0', 'ask1']);
    expect(found?.largest).toEqual({ side: 'ask', price: 102, a: 3, b: 1, difference: 2 });
  });
});

describe('aligning two streams of one book', () => {
  function run(a: ComparedFrame[], b: ComparedFrame[], order: ('a' | 'b')[] = []): { differences: CrossCheckDifference[]; check: BookCrossCheck } {
    const differences: CrossCheckDifference[] = [];
    const check = new BookCrossCheck(3, (difference) => differences.push(difference));
    const queues = { a: [...a], b: [...b] };
    // Interleave as given, then the rest of a, then the rest of b.
    for (const side of order) {
      const next = queues[side].shift();
      if (next !== undefined) check.push(side, next);
    }
    for (const next of queues.a) check.push('a', next);
    for (const next of queues.b) check.push('b', next);
    check.end('a');
    check.end('b');
    return { differences, check };
  }

  const at = (time: number, size = 1): ComparedFrame => frame(time, [[100, size]], [[101, 1]]);

  it('pairs equal streams event by event, whatever order they arrive in', () => {
    const { differences, check } = run([at(1), at(2), at(2), at(3)], [at(1), at(2), at(2), at(3)], ['b', 'b', 'a']);
    expect(differences).toEqual([]);
    expect(check.counts).toEqual({ compared: 4, differing: 0, onlyA: 0, onlyB: 0, leadingA: 0, leadingB: 0 });
  });

  it('flags the event whose book differs, with each stream\'s frame index', () => {
    const { differences, check } = run([at(1), at(2), at(3)], [at(1), at(2, 7), at(3)]);
    expect(differences).toEqual([
      {
        kind: 'levels',
        time: 2,
        indexA: 1,
        indexB: 1,
        levels: [{ side: 'bid', level: 0, a: { price: 100, size: 1 }, b: { price: 100, size: 7 } }],
        largest: { side: 'bid', price: 100, a: 1, b: 7, difference: 6 },
      },
    ]);
    expect(check.counts).toMatchObject({ compared: 3, differing: 1 });
  });

  it('reports the events of a longer stream as only on that side, at the end and between two shared events', () => {
    const { differences, check } = run([at(1), at(2), at(2), at(4), at(5)], [at(1), at(2), at(4)]);
    expect(differences.map((d) => [d.kind, d.time, d.indexA, d.indexB])).toEqual([
      ['only-a', 2, 2, null],
      ['only-a', 5, 4, null],
    ]);
    expect(check.counts).toEqual({ compared: 3, differing: 0, onlyA: 2, onlyB: 0, leadingA: 0, leadingB: 0 });
  });

  it('counts the events before the other stream\'s first frame as leading, not as differences', () => {
    const { differences, check } = run([at(1), at(2), at(3), at(4)], [at(3), at(4)]);
    expect(differences).toEqual([]);
    expect(check.counts).toEqual({ compared: 2, differing: 0, onlyA: 0, onlyB: 0, leadingA: 2, leadingB: 0 });
  });

  it('counts the extra events in the millisecond of the other stream\'s first frame as leading: that frame (a snapshot) came after them', () => {
    // The service's stream has two deltas and then the snapshot at t = 3; a reconstruction from the
    // file starts at the snapshot: the last of the three pairs with it.
    const snapshot = frame(3, [[100, 5]], [[101, 5]]);
    const { differences, check } = run([at(1), at(3), at(3), snapshot, at(4)], [snapshot, at(4)]);
    expect(differences).toEqual([]);
    expect(check.counts).toEqual({ compared: 2, differing: 0, onlyA: 0, onlyB: 0, leadingA: 3, leadingB: 0 });
    // The same with the frames arriving one by one: the instant is settled only once it is whole.
    const streamed = run([at(1), at(3), at(3), snapshot, at(4)], [snapshot, at(4)], ['a', 'a', 'b', 'a', 'a', 'b', 'a']);
    expect(streamed.differences).toEqual([]);
    expect(streamed.check.counts).toEqual(check.counts);
    // Either way round.
    expect(run([snapshot], [at(3), snapshot]).check.counts).toMatchObject({ compared: 1, leadingB: 1, onlyB: 0 });
  });

  it('still reports an extra event in a later millisecond both streams have as only on its side', () => {
    const { differences, check } = run([at(1), at(2), at(2)], [at(1), at(2)]);
    expect(differences.map((d) => [d.kind, d.time, d.indexA])).toEqual([['only-a', 2, 2]]);
    expect(check.counts).toMatchObject({ compared: 2, onlyA: 1, leadingA: 0 });
  });

  it('reports every event as only on one side when the other stream has none at all', () => {
    const { differences, check } = run([], [at(1), at(2)]);
    expect(differences.map((d) => [d.kind, d.indexB])).toEqual([
      ['only-b', 0],
      ['only-b', 1],
    ]);
    expect(check.counts).toMatchObject({ onlyB: 2, compared: 0 });
  });

  it('pairs streams whose times step back (arrival order) event by event, by replay clock, and flags the stepped-back event that differs', () => {
    // Both replays give the events in arrival order: 5 arrives after 7, 6 after 9.
    const times = [1, 3, 7, 5, 8, 9, 6, 10];
    const { differences, check } = run(
      times.map((time) => at(time)),
      times.map((time) => at(time, time === 6 ? 4 : 1)),
      ['a', 'a', 'a', 'b', 'a', 'b', 'b'],
    );
    expect(differences.map((d) => [d.kind, d.time, d.indexA, d.indexB])).toEqual([['levels', 6, 6, 6]]);
    expect(check.counts).toEqual({ compared: 8, differing: 1, onlyA: 0, onlyB: 0, leadingA: 0, leadingB: 0 });
  });

  it('reports a stepped-back event only one replay has as only on that side, and pairs the events after it in the same step', () => {
    // Both replays are at clock 9 when 4 (only in a) and 6 arrive.
    const { differences, check } = run([at(5), at(9), at(4), at(6), at(10)], [at(5), at(9), at(6), at(10)]);
    expect(differences.map((d) => [d.kind, d.time, d.indexA, d.indexB])).toEqual([['only-a', 4, 2, null]]);
    expect(check.counts).toMatchObject({ compared: 4, differing: 0, onlyA: 1, onlyB: 0 });
  });

  it('waits for the other stream before settling an event it may still match', () => {
    const differences: CrossCheckDifference[] = [];
    const check = new BookCrossCheck(3, (difference) => differences.push(difference));
    check.push('a', at(1));
    check.push('a', at(2));
    expect(check.counts.compared).toBe(0);
    check.push('b', at(1));
    // Both streams' first millisecond: b may still have more frames in it (then its first ones would be leading).
    expect(check.counts.compared).toBe(0);
    check.push('b', at(3));
    expect(check.counts.compared).toBe(1);
    // a@2 is now known to be only in a: b went on to 3.
    expect(differences.map((d) => [d.kind, d.time])).toEqual([['only-a', 2]]);
    check.end('a');
    expect(differences.map((d) => [d.kind, d.time])).toEqual([
      ['only-a', 2],
      ['only-b', 3],
    ]);
  });
});

import fc from 'fast-check';
import type { BookEvent } from '../../../shared/book/book-event.ts';
import type { BookKey } from '../../../shared/book/book-key.ts';

/** One step of a random stream: an event, or a coverage-gap reset of one book or all. */
export type StreamStep = { event: BookEvent } | { reset: BookKey | undefined; collectorTimestamp: number };

/** The two books the random streams touch; the second is keyed by instrument. */
export const streamKeys: readonly BookKey[] = [
  { source: 'lighter', market: 'BTC-USD', instrument: null },
  { source: 'deribit', market: 'BTC', instrument: 'BTC-28JUN24-60000-C' },
];

// Prices on a coarse grid so that deltas hit existing levels, bids and asks overlap (crossed
// books happen), and quantities include 0 (deletions).
const level = fc.tuple(fc.integer({ min: 1, max: 100 }), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 9 })));

// `size: 'max'` spreads lengths over the whole range (fast-check's default keeps arrays short).
const levelList = (maxLength: number): fc.Arbitrary<[number, number][]> =>
  fc.array(level, { maxLength, size: 'max' }).map((pairs) => pairs.map(([tick, lots]): [number, number] => [tick * 0.25, lots * 0.5]));

/** Snapshot levels best first with no repeats or zeros: the venue's usual order. */
function bestFirst(levels: [number, number][], side: 'bids' | 'asks'): [number, number][] {
  const byPrice = new Map(levels.filter(([, quantity]) => quantity > 0));
  return [...byPrice.entries()].sort((a, b) => (side === 'bids' ? b[0] - a[0] : a[0] - b[0]));
}

const stepKind = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('snapshot' as const), book: fc.nat(1), bids: levelList(120), asks: levelList(120), ordered: fc.boolean() }) },
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('delta' as const), book: fc.nat(1), bids: levelList(6), asks: levelList(6), ordered: fc.constant(false) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), book: fc.integer({ min: -1, max: 1 }), bids: fc.constant([]), asks: fc.constant([]), ordered: fc.constant(false) }) },
);

/**
 * Random event streams over two books: snapshots of 0–120 levels (deep enough to grow the arrays) (in venue order or shuffled with
 * repeats and zeros), sparse deltas with deletions, deltas before any snapshot, resets of one
 * book or all. Timestamps mostly rise but sometimes step back, as in real files.
 */
export const eventStreams: fc.Arbitrary<StreamStep[]> = fc
  .array(fc.tuple(stepKind, fc.integer({ min: -5, max: 40 })), { maxLength: 80, size: 'max' })
  .map((raw) => {
    let time = 1_717_200_000_000;
    return raw.map(([step, advance], i): StreamStep => {
      time += advance;
      const key = streamKeys[step.book] ?? undefined;
      if (step.kind === 'reset') return { reset: key, collectorTimestamp: time };
      const bids = step.ordered ? bestFirst(step.bids, 'bids') : step.bids;
      const asks = step.ordered ? bestFirst(step.asks, 'asks') : step.asks;
      const { source, market, instrument } = key ?? streamKeys[0] ?? { source: '', market: '', instrument: null };
      return {
        event: {
          source,
          market,
          instrument,
          collectorTimestamp: time,
          isSnapshot: step.kind === 'snapshot',
          bids: Float64Array.from(bids.flat()),
          asks: Float64Array.from(asks.flat()),
          line: i + 1,
        },
      };
    });
  });

import type { HandBook, HandHour, HandRow } from './capture-fixture.ts';
import type { ReferenceLevel } from './reference-l2-books.ts';

// Four contiguous hand-made hours of one market (two books: the market's own and a perpetual)
// and one hour of a second market, laid out so that every part of the capture-stream rule has
// something to bite on. Hour 0: deltas before the first snapshot, backward steps, and two rows
// past the hour's end (one stamped in hour 1, arriving before a row stamped back in hour 0). Hour
// 1: rows stamped in hour 0 (one 72 s back), then a restart in mid-file on a trade line, followed by deltas that
// would cross the old books if they were applied. Hour 2 continues the new session. Hour 3 starts
// a session at its first row (its sequence equals hour 2's last: not above it).

const hourMs = 3_600_000;
const minute = 60_000;

/** The venue and market of the fixture. */
export const captureSource = 'testvenue';
/** The main market (four hours); `otherMarket` has one hour inside them. */
export const captureMarket = 'ABC-USD';
/** A second market of the same venue, for merges across streams. */
export const otherMarket = 'XYZ-USD';
/** The perpetual's book of the main market. */
export const perp = 'ABC-PERP';
/** Start of hour 0. */
export const captureHour0 = Date.UTC(2026, 10, 19, 10);

const levels = (...pairs: ReferenceLevel[]): ReferenceLevel[] => pairs;
const snap = (instrument: string | null, bids: ReferenceLevel[], asks: ReferenceLevel[]): HandBook => ({ instrument, snapshot: true, bids, asks });
const delta = (instrument: string | null, bids: ReferenceLevel[], asks: ReferenceLevel[]): HandBook => ({ instrument, snapshot: false, bids, asks });

/** Rows from `[offset ms, book or 'trade']`, with sequences rising by one from `firstSequence`. */
function rowsOf(hourStart: number, firstSequence: number, entries: readonly [number, HandBook | 'trade'][]): HandRow[] {
  return entries.map(([offset, line], i) => {
    const row = { sequence: firstSequence + i, time: hourStart + offset };
    return line === 'trade' ? { ...row, trade: { price: 100 + (i % 7) / 4, quantity: 0.5 } } : { ...row, book: line };
  });
}

const h0 = captureHour0;
const h1 = h0 + hourMs;
const h2 = h1 + hourMs;
const h3 = h2 + hourMs;

const hour0: HandRow[] = rowsOf(h0, 100, [
  [1000, delta(null, levels([100, 5]), [])], // before any snapshot: no book
  [2000, snap(null, levels([100, 1], [99.5, 2], [99, 3]), levels([101, 1], [101.5, 2], [102, 3]))],
  [2500, 'trade'],
  [3000, snap(perp, levels([200, 1], [199, 2]), levels([201, 1], [202, 2]))],
  [10 * minute, delta(null, levels([100, 0]), [])],
  [10 * minute - 10, delta(null, [], levels([101, 5]))], // steps back 10 ms
  [20 * minute, delta(perp, levels([200.5, 1]), [])],
  [25 * minute, 'trade'],
  [30 * minute + 5, delta(null, levels([99.75, 2]), levels([101.5, 0]))],
  [30 * minute, delta(perp, [], levels([201, 3]))], // steps back 5 ms
  [40 * minute, snap(null, levels([100, 2], [99.5, 1]), levels([101, 2], [101.25, 1], [102, 1]))],
  [45 * minute, delta(null, levels([99.5, 0], [99, 4]), [])],
  [59 * minute, delta(perp, levels([199, 0]), levels([201.5, 1]))],
  [hourMs - 1000, delta(null, [], levels([101.25, 3]))],
  [hourMs + 20, delta(null, levels([99.9, 1]), [])], // stamped in hour 1, written in hour 0's file
  [hourMs - 500, delta(null, [], levels([102, 0]))], // steps back into hour 0 after it
]);

const hour1: HandRow[] = [
  ...rowsOf(h1, 200, [
    [-3, delta(null, levels([99.9, 4]), [])], // stamped in hour 0, written in hour 1's file
    [70_000, delta(perp, [], levels([201.75, 1]))],
    [-2000, delta(null, levels([99.8, 1]), [])], // 72 s back: stamped in hour 0, beyond a range's slack there
    [1000, 'trade'],
    [10 * minute, delta(perp, levels([200.5, 0]), levels([201.5, 2]))],
    [20 * minute, snap(null, levels([100.5, 1], [100, 2]), levels([101, 1], [101.5, 2]))],
    [25 * minute, delta(null, [], levels([101, 0]))],
    [25 * minute - 7, delta(null, levels([100.25, 1]), [])], // steps back 7 ms
  ]),
  // The collector restarts: the sequence starts again, on a trade line.
  ...rowsOf(h1, 1, [
    [30 * minute, 'trade'],
    [30 * minute + 100, delta(null, levels([150, 1]), [])], // would cross the old book (best ask 101.5)
    [30 * minute + 200, delta(perp, [], levels([150, 1]))], // would cross the old perp book (best bid 200)
    [30 * minute + 1000, snap(null, levels([110, 1], [109, 1]), levels([111, 1], [112, 1]))],
    [30 * minute + 900, delta(null, levels([110, 3]), [])], // steps back 100 ms
    [31 * minute, delta(perp, levels([210, 1]), [])], // the perp has had no snapshot in this session
    [33 * minute, snap(perp, levels([210, 1], [209, 1]), levels([211, 1]))],
    [40 * minute, delta(null, [], levels([111, 0], [111.5, 2]))],
    [50 * minute, 'trade'],
    [59 * minute, delta(perp, levels([209, 0]), [])],
  ]),
];

// Sequences 20 to 27.
const hour2: HandRow[] = rowsOf(h2, 20, [
  [500, delta(null, levels([109.5, 1]), [])], // carries on from the session's books of hour 1
  [5 * minute, delta(perp, [], levels([211, 4]))],
  [5 * minute - 2, 'trade'],
  [15 * minute, snap(null, levels([110, 1]), levels([111.5, 1], [112, 1]))],
  [15 * minute - 20, delta(perp, levels([209.5, 1]), [])], // steps back 20 ms
  [30 * minute, delta(null, levels([110, 0], [109.75, 1]), [])],
  [45 * minute, 'trade'],
  [59 * minute, delta(null, [], levels([111.5, 3]))],
]);

const hour3: HandRow[] = rowsOf(h3, 27, [
  [500, delta(null, levels([500, 1]), [])], // a new session from the file's first row: no book yet
  [1000, snap(null, levels([120, 1], [119, 1]), levels([121, 1]))],
  [2000, delta(perp, levels([300, 1]), [])], // the perp starts again too: no book
  [3000, snap(perp, levels([220, 1]), levels([221, 1], [222, 1]))],
  [10 * minute, delta(null, [], levels([121, 0], [121.5, 1]))],
  [10 * minute - 4, delta(perp, levels([219, 2]), [])], // steps back 4 ms
  [20 * minute, 'trade'],
  [50 * minute, delta(null, levels([119.5, 2]), [])],
]);

const otherHour1: HandRow[] = rowsOf(h1, 5000, [
  [5 * minute, snap(null, levels([10, 1]), levels([11, 1]))],
  [10 * minute, delta(null, levels([10.5, 1]), [])],
  [10 * minute - 30_000, 'trade'], // steps back 30 s: its clock stays at the 10-minute mark
  [25 * minute, delta(null, [], levels([11, 0], [11.5, 1]))],
  [30 * minute + 500, 'trade'], // half a second after the main market's restart
  [45 * minute, delta(null, levels([10.25, 2]), [])],
]);

/** The main market's four hours, in hour order. */
export const captureHours: readonly HandHour[] = [hour0, hour1, hour2, hour3].map((rows, i) => ({ source: captureSource, market: captureMarket, hourStart: h0 + i * hourMs, rows }));

/** The second market's one hour (hour 1). */
export const otherHours: readonly HandHour[] = [{ source: captureSource, market: otherMarket, hourStart: h1, rows: otherHour1 }];

import type { BookEvent } from '../../shared/book/book-event.ts';
import { seededRandom } from '../bench/book-stream.ts';

/** What an interleaved stream looks like: where it is, how long, which books. */
export interface InterleavedBooksOptions {
  seed: number;
  source: string;
  market: string;
  /** One book per instrument (null: the market's own book). */
  instruments: readonly (string | null)[];
  /** Start of the hour the events fall in, Unix ms. */
  hourStart: number;
  events: number;
  /** Roughly one snapshot in this many events of a book (default 40). */
  snapshotEvery?: number;
  /** Deltas a book gets before its first snapshot: 1 to this many (default 3). */
  leadingDeltas?: number;
}

const tick = 0.25;

/**
 * A seeded stream of several books of one (source, market) interleaved at random, inside one
 * hour. Each book opens with at least one delta before its first snapshot (in a first file or
 * after a gap, those make no book). Snapshots are 0–32 levels, so they shrink and grow the
 * book, sometimes past 25 levels. Deltas touch 0–4 levels near the top of a small price grid, a
 * third of them quantity 0, so levels are deleted and later re-added. Collector times mostly
 * rise but now and then step back a few ms, as in real files.
 */
export function interleavedBookEvents(options: InterleavedBooksOptions): BookEvent[] {
  const random = seededRandom(options.seed);
  const int = (n: number): number => Math.floor(random() * n);
  const size = (): number => (1 + int(5000)) / 1000;
  const snapshotEvery = options.snapshotEvery ?? 40;
  const leading = options.leadingDeltas ?? 3;
  const books = options.instruments.map((instrument, i) => ({ instrument, mid: 4000 + 200 * i, deltasBeforeSnapshot: 1 + int(Math.max(1, leading)), started: false }));
  const step = Math.max(1, Math.floor(3_500_000 / Math.max(1, options.events)));
  const lastMs = options.hourStart + 3_599_999;
  let time = options.hourStart + 500;
  const events: BookEvent[] = [];
  for (let i = 0; i < options.events; i++) {
    const book = books[int(books.length)];
    if (book === undefined) break;
    time = random() < 0.05 ? Math.max(options.hourStart, time - 1 - int(5)) : Math.min(lastMs, time + int(2 * step));
    if (random() < 0.1) book.mid += random() < 0.5 ? -1 : 1;
    const isSnapshot = book.started ? int(snapshotEvery) === 0 : book.deltasBeforeSnapshot-- <= 0;
    if (isSnapshot) book.started = true;
    const side = (direction: 1 | -1): number[] => {
      const levels: number[] = [];
      if (isSnapshot) {
        const count = random() < 0.05 ? 0 : 1 + int(32);
        let offset = 0;
        for (let l = 0; l < count; l++) {
          offset += 1 + (random() < 0.2 ? 1 : 0);
          levels.push((book.mid + direction * offset) * tick, size());
        }
      } else {
        const count = int(5);
        for (let l = 0; l < count; l++) levels.push((book.mid + direction * (1 + int(12))) * tick, random() < 0.35 ? 0 : size());
      }
      return levels;
    };
    events.push({
      source: options.source,
      market: options.market,
      instrument: book.instrument,
      collectorTimestamp: time,
      isSnapshot,
      bids: Float64Array.from(side(-1)),
      asks: Float64Array.from(side(1)),
      line: i + 2,
    });
  }
  return events;
}

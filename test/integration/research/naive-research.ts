import { l2Slots, type L2Row } from '../../../shared/rows/l2-row.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import type { PlainTrade } from '../../unit/research/research-reference.ts';
import type { ReferenceLevel, ReferenceTop } from '../../support/reference-l2-books.ts';

// Naive references of the research channels, written from the definitions over rows fetched by
// hand. Nothing here shares code with shared/research or electron/host/research.

/** One book of `/l2-orderbooks` at its replay-clock time; null after a new capture session cleared it (until the next row). */
export interface NaiveBook {
  time: number;
  top: ReferenceTop | null;
}

/** The levels of an `/l2-orderbooks` row, best first. */
function levelsOf(row: L2Row, side: 'bid' | 'ask'): ReferenceLevel[] {
  const levels: ReferenceLevel[] = [];
  for (const slot of l2Slots) {
    const price = row[side === 'bid' ? slot.bidPx : slot.askPx];
    const size = row[side === 'bid' ? slot.bidSz : slot.askSz];
    if (price === null || size === null) continue;
    levels.push([price, size]);
  }
  return levels;
}

/**
 * Each `/l2-orderbooks` row of one stream as a whole book, on the replay clock (the running maximum
 * of collector times); a change of `source_capture_id` first puts an empty book (the session's
 * books are cleared) at that clock.
 */
export function naiveBooks(rows: readonly L2Row[]): NaiveBook[] {
  const books: NaiveBook[] = [];
  let clock = Number.NEGATIVE_INFINITY;
  let session: string | null = null;
  for (const row of rows) {
    clock = Math.max(clock, row.collector_timestamp);
    if (session !== null && row.source_capture_id !== session) books.push({ time: clock, top: null });
    session = row.source_capture_id;
    books.push({ time: clock, top: { bids: levelsOf(row, 'bid'), asks: levelsOf(row, 'ask') } });
  }
  return books;
}

/** The mid of a book: null without one, or with a side empty. */
export function naiveMid(top: ReferenceTop | null): number | null {
  const bid = top?.bids[0]?.[0];
  const ask = top?.asks[0]?.[0];
  return bid === undefined || ask === undefined ? null : (bid + ask) / 2;
}

/** The spread of a book in bps of its mid; null without a mid. */
export function naiveSpreadBps(top: ReferenceTop | null): number | null {
  const mid = naiveMid(top);
  const bid = top?.bids[0]?.[0];
  const ask = top?.asks[0]?.[0];
  return mid === null || bid === undefined || ask === undefined ? null : ((ask - bid) / mid) * 10_000;
}

/** The book at time t: the last one at or before it (a linear scan); undefined before the first. */
export function bookAt(books: readonly NaiveBook[], t: number): NaiveBook | undefined {
  let found: NaiveBook | undefined;
  for (const book of books) if (book.time <= t) found = book;
  return found;
}

/** Trade rows as plain trades. */
export function plainTrades(rows: readonly TradeRow[]): PlainTrade[] {
  return rows.map((row) => ({ time: row.collector_timestamp, price: row.price, quantity: row.quantity, side: row.side }));
}

/** The q-quantile by linear interpolation between order statistics (type 7), of values sorted here. */
export function naiveQuantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * q;
  const low = sorted[Math.floor(h)] ?? 0;
  const high = sorted[Math.ceil(h)] ?? low;
  return low + (h - Math.floor(h)) * (high - low);
}

/** Mean, sample standard deviation and the 95 % normal band of some values (nulls where undefined). */
export function naiveMeanBand(values: readonly number[]): { count: number; mean: number | null; sd: number | null; low: number | null; high: number | null } {
  const n = values.length;
  if (n === 0) return { count: 0, mean: null, sd: null, low: null, high: null };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { count: n, mean, sd: null, low: null, high: null };
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  return { count: n, mean, sd, low: mean - half, high: mean + half };
}

/** Pearson correlation of pairs; null with fewer than 3 or no variance. */
export function naiveCorrelation(pairs: readonly [number, number][]): number | null {
  if (pairs.length < 3) return null;
  const mx = pairs.reduce((a, [x]) => a + x, 0) / pairs.length;
  const my = pairs.reduce((a, [, y]) => a + y, 0) / pairs.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

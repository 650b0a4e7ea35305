import { describe, expect, it } from 'vitest';
import { isBookReset } from '../../../electron/host/book/book-input.ts';
import { PageBookInputs } from '../../../electron/host/book/page-book-inputs.ts';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import type { BookReset } from '../../../shared/book/book-event.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import { l2RowFromBook } from '../../../shared/book/book-row.ts';
import { l2UpdateRow } from '../../support/book-files.ts';
import { observationOfFlatRow, referenceUpdateOfFlatRow } from '../../support/book-observations.ts';
import { interleavedBookEvents } from '../../support/interleaved-books.ts';
import { ReferenceL2Books, type ReferenceObservation } from '../../support/reference-l2-books.ts';

// Pages of rows as the worker's page source reads them: a reader clears a market's books where its
// source_capture_id changes, and every book where the rows skip an hour. The oracle is the
// reference model fed the same rows with those two rules written out plainly.

const hourMs = 3_600_000;
const hour = Date.UTC(2026, 10, 19, 10);

/** Rows of two markets interleaved; market A's collector restarts at `restartAt` (its rows from then on carry another session). */
function twoMarkets(restartAt: number): L2Row[] {
  const a = interleavedBookEvents({ seed: 71, source: 'venue', market: 'A', instruments: [null, 'A-PERP'], hourStart: hour, events: 600, snapshotEvery: 25 });
  const b = interleavedBookEvents({ seed: 72, source: 'venue', market: 'B', instruments: [null], hourStart: hour, events: 400, snapshotEvery: 25 });
  const rows: L2Row[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const takeA = j >= b.length || (i < a.length && i * 2 <= j * 3);
    const event = takeA ? a[i++] : b[j++];
    if (event === undefined) break;
    const row = l2UpdateRow(event, rows.length);
    row.source_capture_id = takeA ? (i - 1 >= restartAt ? 'A-second' : 'A-first') : 'B-only';
    rows.push(row);
  }
  return rows;
}

/** The reference: a market's books cleared where its session changes, every book where the rows jump past the next hour. */
function referenceOf(rows: readonly L2Row[]): ReferenceObservation[] {
  const books = new ReferenceL2Books();
  const sessions = new Map<string, string>();
  const booksOf = new Map<string, Set<string | null>>();
  let latestHour: number | null = null;
  const seen: ReferenceObservation[] = [];
  for (const row of rows) {
    const rowHour = Math.floor(row.collector_timestamp / hourMs) * hourMs;
    if (latestHour !== null && rowHour > latestHour + hourMs) books.clear();
    latestHour = latestHour === null ? rowHour : Math.max(latestHour, rowHour);
    const market = `${row.source}/${row.market}`;
    const before = sessions.get(market);
    if (before !== undefined && before !== row.source_capture_id) {
      for (const instrument of booksOf.get(market) ?? []) books.clear({ source: row.source, market: row.market, instrument });
    }
    sessions.set(market, row.source_capture_id);
    booksOf.set(market, (booksOf.get(market) ?? new Set()).add(row.instrument));
    const update = referenceUpdateOfFlatRow(row);
    if (!books.apply(update)) continue;
    const observed = books.observe(update, 25);
    if (observed !== null) seen.push(observed);
  }
  return seen;
}

/** The pages through `PageBookInputs` and the book engine, a book after each event. */
function replayed(pages: readonly (readonly L2Row[])[]): { books: ReferenceObservation[]; resets: BookReset[] } {
  const inputs = new PageBookInputs('l2-updates');
  const engine = new BookEngine();
  const books: ReferenceObservation[] = [];
  const resets: BookReset[] = [];
  for (const page of pages) {
    for (const input of inputs.inputsOf(page)) {
      if (isBookReset(input)) {
        resets.push(input);
        engine.reset(input.key);
        continue;
      }
      const book = engine.apply(input);
      if (book === null) continue;
      const envelope = { event_id: '', source: input.source, market: input.market, instrument: input.instrument, collector_timestamp: input.collectorTimestamp, exchange_timestamp: null, source_capture_id: '', schema_version: 2 };
      books.push(observationOfFlatRow(l2RowFromBook(envelope, book, input.isSnapshot)));
    }
  }
  return { books, resets };
}

describe('the page source’s rules', () => {
  it('clears the restarted market’s books (every instrument) where its source_capture_id changes, and no other market’s', () => {
    const rows = twoMarkets(300);
    const expected = referenceOf(rows);
    const { books, resets } = replayed([rows.slice(0, 211), rows.slice(211, 523), rows.slice(523)]);
    expect(books).toEqual(expected);
    expect(resets.map((reset) => [reset.cause, reset.key?.market, reset.key?.instrument ?? '-']).sort()).toEqual([
      ['session-restart', 'A', '-'],
      ['session-restart', 'A', 'A-PERP'],
    ]);
    // Market B's books live on through A's restart.
    expect(expected.some((book, index) => book.book.startsWith('venue/B') && index > books.length / 2)).toBe(true);
  });

  it('clears every book where the rows skip an hour, but not where a row is stamped back into the previous hour', () => {
    const rows = twoMarkets(Number.POSITIVE_INFINITY);
    const later = rows.slice(500).map((row) => ({ ...row, collector_timestamp: row.collector_timestamp + 2 * hourMs }));
    const steppedBack = { ...rows[499], collector_timestamp: hour + 2 * hourMs - 5 } as L2Row;
    const pages = [rows.slice(0, 500), [later[0] as L2Row, steppedBack, ...later.slice(1)]];
    const { books, resets } = replayed(pages);
    expect(resets.map((reset) => reset.cause)).toEqual(['page-gap']);
    expect(books).toEqual(referenceOf(pages.flat()));
  });
});

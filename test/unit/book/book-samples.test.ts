import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BookDataError } from '../../../shared/book/book-data-error.ts';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import { plainBook, type PlainBook } from './book-helpers.ts';
import { orderbookRecords } from './orderbook-records.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const fixture = (name: string): string => readFileSync(join(root, 'test', 'fixtures', 'books', name), 'utf8');

/** Applies every order-book record of a file and returns the book after each, by file line. */
function booksByLine(text: string): Map<number, PlainBook | null> {
  const engine = new BookEngine();
  return new Map(orderbookRecords(text).map((record) => [record.line, plainBook(engine.apply(record))]));
}

describe('v2 file records (own fixture v2-book-lifecycle.jsonl)', () => {
  const books = booksByLine(fixture('v2-book-lifecycle.jsonl'));

  it('produces no book for a delta before the first snapshot', () => {
    expect(books.get(2)).toBeNull();
  });

  it('takes the snapshot, then applies absolute quantities and deletes at 0', () => {
    expect(books.get(3)).toEqual({ bids: [[2500, 1.5], [2499.5, 2]], asks: [[2501, 0.75], [2502, 4]] });
    expect(books.get(5)).toEqual({ bids: [[2500.25, 3], [2499.5, 2]], asks: [[2501, 1.25], [2502, 4]] });
  });

  it('replays in file order even when a row carries an earlier timestamp', () => {
    expect(books.get(6)).toEqual({ bids: [[2500.25, 3], [2499.5, 2]], asks: [[2502, 4]] });
  });

  it('lets a later snapshot replace the book, sorting its levels and dropping zero quantities', () => {
    expect(books.get(7)).toEqual({ bids: [[2499, 2], [2498, 1]], asks: [[2503, 1]] });
  });

  it('keeps a locked or crossed book as the data says', () => {
    expect(books.get(8)?.bids[0]).toEqual([2503, 0.5]);
    expect(books.get(9)?.bids.slice(0, 2)).toEqual([[2503.5, 1], [2503, 0.5]]);
  });

  it('keeps one book per market: a second market waits for its own snapshot', () => {
    expect(books.get(10)).toBeNull();
    expect(books.get(11)).toEqual({ bids: [[67000, 0.2]], asks: [[67001, 0.3]] });
  });
});

describe('legacy file records (own fixture legacy-microseconds.jsonl)', () => {
  const records = orderbookRecords(fixture('legacy-microseconds.jsonl'));
  const books = booksByLine(fixture('legacy-microseconds.jsonl'));

  it('rebuilds the book from orderbook and orderbook_delta rows', () => {
    expect(books.get(1)).toBeNull();
    expect(books.get(2)).toEqual({ bids: [[160.1, 10], [160, 20]], asks: [[160.2, 7], [160.3, 8]] });
    expect(books.get(3)).toEqual({ bids: [[160.1, 10]], asks: [[160.15, 2], [160.2, 7]] });
    expect(books.get(5)).toEqual({ bids: [[160.1, 10], [159.9, 4]], asks: [[160.2, 7]] });
  });

  it('stamps the book with the record collector time', () => {
    const engine = new BookEngine();
    const snapshot = records.find((record) => record.line === 2);
    expect(snapshot && engine.apply(snapshot)?.collectorTimestamp).toBe(1717200000100);
  });
});

describe('a bad level in a file (own fixture v2-negative-quantity.jsonl)', () => {
  it('raises a typed error naming the file line and leaves the book as it was', () => {
    const engine = new BookEngine();
    const [snapshot, bad] = orderbookRecords(fixture('v2-negative-quantity.jsonl'));
    if (snapshot === undefined || bad === undefined) throw new Error('fixture has two order-book rows');
    engine.apply(snapshot);
    const error = (() => {
      try {
        engine.apply(bad);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(BookDataError);
    expect(error).toMatchObject({ kind: 'invalid-quantity', side: 'bids', level: 1, value: -2, origin: { source: 'lighter', market: 'ETH-USD', line: 3, collectorTimestamp: 1717200000200 } });
    expect((error as Error).message).toMatch(/line 3/);
    expect(plainBook(engine.book(snapshot))).toEqual({ bids: [[3000, 1]], asks: [[3001, 1]] });
  });
});

const sharedSamples = join(root, '..', 'shared', 'samples', 'sdk-fixtures');

describe.runIf(existsSync(sharedSamples))('the service client samples in ../shared/samples/sdk-fixtures', () => {
  const sample = (name: string): Map<number, PlainBook | null> => booksByLine(readFileSync(join(sharedSamples, name), 'utf8'));

  it('schema-v2.jsonl: snapshot, delta with a deletion, then two more deltas in file order', () => {
    const books = sample('schema-v2.jsonl');
    expect([...books.values()]).toEqual([
      { bids: [[100, 2]], asks: [[101, 3]] },
      { bids: [[100, 4]], asks: [[102, 5]] },
      { bids: [[100, 6]], asks: [[102, 5]] },
      { bids: [[100, 7]], asks: [[102, 5]] },
    ]);
  });

  it('legacy-v1.jsonl: orderbook then orderbook_delta', () => {
    expect([...sample('legacy-v1.jsonl').values()]).toEqual([
      { bids: [[100, 2]], asks: [[101, 3]] },
      { bids: [[100, 4]], asks: [[102, 5]] },
    ]);
  });
});

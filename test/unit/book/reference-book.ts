import type { BookEvent } from '../../../shared/book/book-event.ts';
import type { BookKey } from '../../../shared/book/book-key.ts';

/** A book as plain sorted pairs, best first: what the tests compare. */
export interface PlainBook {
  bids: [number, number][];
  asks: [number, number][];
}

interface ReferenceSides {
  bids: Map<number, number>;
  asks: Map<number, number>;
}

const keyOf = (key: BookKey): string => JSON.stringify([key.source, key.market, key.instrument]);

function applyLevels(side: Map<number, number>, flat: Float64Array): void {
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const price = flat[i] ?? 0;
    const quantity = flat[i + 1] ?? 0;
    if (quantity === 0) side.delete(price);
    else side.set(price, quantity);
  }
}

/**
 * The deliberately simple reference for the engine: a map per side, sorted only when read, the
 * rules written out as the field notes state them.
 */
export class ReferenceBooks {
  private readonly books = new Map<string, ReferenceSides>();

  /** Applies an event; returns the book it produced, or null for a delta before a snapshot. */
  apply(event: BookEvent): PlainBook | null {
    const id = keyOf(event);
    if (event.isSnapshot || event.completeBook === true) {
      this.books.set(id, { bids: new Map(), asks: new Map() });
    }
    const book = this.books.get(id);
    if (book === undefined) return null;
    applyLevels(book.bids, event.bids);
    applyLevels(book.asks, event.asks);
    return this.book(event);
  }

  /** Drops one book, or all. */
  reset(key?: BookKey): void {
    if (key === undefined) this.books.clear();
    else this.books.delete(keyOf(key));
  }

  /** The book for a key, sorted best first, or null. */
  book(key: BookKey): PlainBook | null {
    const book = this.books.get(keyOf(key));
    if (book === undefined) return null;
    return {
      bids: [...book.bids.entries()].sort((a, b) => b[0] - a[0]),
      asks: [...book.asks.entries()].sort((a, b) => a[0] - b[0]),
    };
  }
}

import { applyBookEvent } from './apply-book-event.ts';
import type { BookEvent } from './book-event.ts';
import { bookKeyId, type BookKey } from './book-key.ts';
import { OrderBook, type OrderBookState } from './order-book.ts';

/** Counters over everything an engine has applied, kept across resets. */
export interface EngineCounters {
  /** Events that updated or created a book. */
  applied: number;
  /** Deltas that arrived before their book's first snapshot and produced no book. */
  withoutBook: number;
  /** Applied events that left their book crossed. */
  crossed: number;
  /** Applied events that left their book locked. */
  locked: number;
}

/** A saved engine: every book at full depth plus the counters. */
export interface EngineState {
  books: OrderBookState[];
  counters: EngineCounters;
}

/**
 * Rebuilds one book per (source, market, instrument) from snapshots and deltas, each applied by
 * the service's rule (`applyBookEvent`), and counts what it applied.
 */
export class BookEngine {
  private readonly bookMap = new Map<string, OrderBook>();
  private readonly countersState: EngineCounters = { applied: 0, withoutBook: 0, crossed: 0, locked: 0 };
  // The last book touched: consecutive events of one instrument skip the key lookup.
  private lastBook: OrderBook | undefined;

  /**
   * Applies one event and returns the book it produced (live; it changes with the next event),
   * or null for a delta before its book's first snapshot. Throws `BookDataError` on bad levels.
   */
  apply(event: BookEvent): OrderBook | null {
    const existing = this.find(event) ?? null;
    const book = applyBookEvent(existing, event, event);
    if (book === null) {
      this.countersState.withoutBook++;
      return null;
    }
    if (existing === null) {
      this.bookMap.set(book.id, book);
      this.lastBook = book;
    }
    const counters = this.countersState;
    counters.applied++;
    const crossing = book.health.crossing;
    if (crossing === 'crossed') counters.crossed++;
    else if (crossing === 'locked') counters.locked++;
    return book;
  }

  /** Clears one book (or every book) for a coverage gap: it resumes at its next snapshot. */
  reset(key?: BookKey): void {
    this.lastBook = undefined;
    if (key === undefined) this.bookMap.clear();
    else this.bookMap.delete(bookKeyId(key));
  }

  /** The current book for a key, if it has one. */
  book(key: BookKey): OrderBook | undefined {
    return this.bookMap.get(bookKeyId(key));
  }

  /** Every book that currently exists. */
  books(): IterableIterator<OrderBook> {
    return this.bookMap.values();
  }

  /** Counters over everything applied so far. */
  get counters(): Readonly<EngineCounters> {
    return this.countersState;
  }

  /** A full-depth copy of every book and the counters. */
  saveState(): EngineState {
    return { books: Array.from(this.bookMap.values(), (book) => book.saveState()), counters: { ...this.countersState } };
  }

  /** Replaces everything with a saved state. */
  restoreState(state: EngineState): void {
    this.reset();
    for (const saved of state.books) {
      const book = OrderBook.fromState(saved);
      this.bookMap.set(book.id, book);
    }
    Object.assign(this.countersState, state.counters);
  }

  private find(key: BookKey): OrderBook | undefined {
    const last = this.lastBook;
    if (
      last !== undefined &&
      last.key.source === key.source &&
      last.key.market === key.market &&
      last.key.instrument === key.instrument
    ) {
      return last;
    }
    const book = this.bookMap.get(bookKeyId(key));
    if (book !== undefined) this.lastBook = book;
    return book;
  }
}

import { BookEngine } from '../book/book-engine.ts';
import type { BookEvent, BookReset } from '../book/book-event.ts';
import type { BookKey } from '../book/book-key.ts';
import type { OrderBook } from '../book/order-book.ts';

/** Which book to follow; an absent field matches any value, and the first event that matches picks the book. */
export interface BookChoice {
  source?: string;
  market?: string;
  /** null follows the book without an instrument. */
  instrument?: string | null;
}

/** What a replay tells its observers around each event of the chosen book. */
export interface BookObserver {
  /** Before an event (or reset) at replay-clock time `clock` is applied: the book still stands as before. */
  before?: (clock: number) => void;
  /**
   * After it: the book (live; it changes with the next event), or null when there is none (cleared,
   * or a delta before the first snapshot); and the event applied (null for a reset).
   */
  after: (book: OrderBook | null, clock: number, event: BookEvent | null) => void;
}

/**
 * Replays one book out of a stream of book inputs (file records or service rows, in stream order)
 * and tells observers about each of its events on the replay clock: the running maximum of the
 * collector times seen, so the times observers get never fall even where the stream steps back.
 * Resets that clear every book, or this one, clear it (a coverage gap, a new capture session).
 * Events of other books are counted and left out. A bad level throws `BookDataError`.
 */
export class ChosenBookReplay {
  private readonly engine = new BookEngine();
  private chosen: BookKey | null = null;
  private clockTime = Number.NEGATIVE_INFINITY;
  /** Events of other books, left out. */
  otherEvents = 0;

  constructor(
    private readonly choice: BookChoice,
    private readonly observers: readonly BookObserver[],
  ) {}

  /** The book followed, once an event picked it. */
  get key(): BookKey | null {
    return this.chosen;
  }

  /** The replay clock: the latest collector time of the chosen book's inputs (−∞ before any). */
  get clock(): number {
    return this.clockTime;
  }

  /** Applies one input of the stream. */
  apply(input: BookEvent | BookReset): void {
    if ('reset' in input) {
      const chosen = this.chosen;
      if (chosen === null) return;
      const key = input.key;
      if (key !== undefined && (key.source !== chosen.source || key.market !== chosen.market || key.instrument !== chosen.instrument)) return;
      const clock = this.tick(input.collectorTimestamp);
      for (const observer of this.observers) observer.before?.(clock);
      this.engine.reset();
      for (const observer of this.observers) observer.after(null, clock, null);
      return;
    }
    if (!this.follows(input)) {
      this.otherEvents++;
      return;
    }
    const clock = this.tick(input.collectorTimestamp);
    for (const observer of this.observers) observer.before?.(clock);
    const book = this.engine.apply(input);
    for (const observer of this.observers) observer.after(book, clock, input);
  }

  private tick(time: number): number {
    if (time > this.clockTime) this.clockTime = time;
    return this.clockTime;
  }

  private follows(event: BookEvent): boolean {
    const chosen = this.chosen;
    if (chosen !== null) return event.source === chosen.source && event.market === chosen.market && event.instrument === chosen.instrument;
    const { source, market, instrument } = this.choice;
    if (source !== undefined && event.source !== source) return false;
    if (market !== undefined && event.market !== market) return false;
    if (instrument !== undefined && event.instrument !== instrument) return false;
    this.chosen = { source: event.source, market: event.market, instrument: event.instrument };
    return true;
  }
}

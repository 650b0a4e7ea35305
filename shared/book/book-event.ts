import type { FlatLevels } from '../snapshot/records.ts';
import type { BookKey } from './book-key.ts';

/**
 * One order-book event as the engine applies it. An `OrderbookRecord` from the file decoder is
 * one as it is; flat L2 rows are converted by `bookEventFromL2Row`.
 */
export interface BookEvent extends BookKey {
  /** Collector time in Unix milliseconds. */
  collectorTimestamp: number;
  /** The venue's time in Unix milliseconds; null or absent when the venue gave none (never guessed). */
  exchangeTimestamp?: number | null;
  /** The source event was a complete snapshot (it replaces the book). */
  isSnapshot: boolean;
  /**
   * The event holds a complete book even though its source event was a delta (an
   * `/l2-orderbooks` row): it replaces the book, and `isSnapshot` is still reported as is.
   */
  completeBook?: boolean;
  /** Bid levels, flat `[price0, qty0, price1, qty1, ...]` in any order. */
  bids: FlatLevels;
  /** Ask levels, flat like `bids`. */
  asks: FlatLevels;
  /** 1-based line in the source file, for error messages. */
  line?: number;
  /** Index of the row in the stream of rows it came from, for error messages. */
  row?: number;
  /** The row's `event_id`, when it came from the service. */
  eventId?: string;
}

/** A break in a recorded stream: the named book (or every book) is cleared and resumes at its next snapshot. */
export interface BookReset {
  reset: true;
  collectorTimestamp: number;
  /**
   * An hour with no file (the default), an hour with no rows between two pages' rows, or a new
   * capture session (the collector restarted: `collector_sequence` fell back, or the rows'
   * `source_capture_id` changed).
   */
  cause?: 'coverage-gap' | 'page-gap' | 'session-restart';
  /** The book to clear; every book when absent. */
  key?: BookKey;
}

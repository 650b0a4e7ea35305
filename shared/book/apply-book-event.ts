import { checkBookEvent } from './book-data-error.ts';
import type { BookEvent } from './book-event.ts';
import type { BookKey } from './book-key.ts';
import { OrderBook } from './order-book.ts';

// The service's rule for one order-book event, in one place: every replay (the engine behind
// `mde book` and `/l2-orderbooks`, the replay worker's tracks) applies events through it.

/** Whether an event replaces its book whole: a snapshot, or a row that carries the complete book. */
export function replacesBook(event: BookEvent): boolean {
  return event.isSnapshot || event.completeBook === true;
}

/**
 * Applies one event to its book: a snapshot replaces the book (making it when there is none), a
 * delta sets absolute quantities (0 deletes a level), and a delta before the first snapshot makes
 * no book. Answers the book after the event (`book` itself, or a new one for `key`), or null when
 * the event made no book. A bad level throws `BookDataError` before anything changes.
 */
export function applyBookEvent(book: OrderBook | null, event: BookEvent, key: BookKey): OrderBook | null {
  checkBookEvent(event);
  const replaces = replacesBook(event);
  if (book === null && !replaces) return null;
  const target = book ?? new OrderBook(key);
  if (replaces) target.applySnapshot(event.bids, event.asks);
  else target.applyDelta(event.bids, event.asks);
  target.noteApplied(event.collectorTimestamp, event.isSnapshot);
  return target;
}

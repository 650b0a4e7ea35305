import type { BookEvent } from './book-event.ts';

/** What is wrong with an order-book event. */
export type BookDataErrorKind = 'invalid-price' | 'invalid-quantity' | 'odd-level-array';

/** Where a bad event came from, so a user can find it in the file or the page. */
export interface BookDataOrigin {
  source: string;
  market: string;
  instrument: string | null;
  collectorTimestamp: number;
  /** 1-based file line, when the event came from a file. */
  line: number | null;
  /** Row index in its stream, when the event came from service rows. */
  row: number | null;
  eventId: string | null;
}

/** A data error in an order-book event: a price ≤ 0, a negative or non-finite quantity, NaN. */
export class BookDataError extends Error {
  override readonly name = 'BookDataError';
  readonly kind: BookDataErrorKind;
  readonly origin: BookDataOrigin;
  readonly side: 'bids' | 'asks';
  /** Index of the level within its side, in the event's order. */
  readonly level: number;
  /** The offending value (the price, the quantity, or the array length). */
  readonly value: number;

  constructor(kind: BookDataErrorKind, event: BookEvent, side: 'bids' | 'asks', level: number, value: number) {
    const origin: BookDataOrigin = {
      source: event.source,
      market: event.market,
      instrument: event.instrument,
      collectorTimestamp: event.collectorTimestamp,
      line: event.line ?? null,
      row: event.row ?? null,
      eventId: event.eventId ?? null,
    };
    super(`${describeProblem(kind, side, level, value)} in ${describeOrigin(origin)}`);
    this.kind = kind;
    this.origin = origin;
    this.side = side;
    this.level = level;
    this.value = value;
  }
}

function describeProblem(kind: BookDataErrorKind, side: string, level: number, value: number): string {
  switch (kind) {
    case 'invalid-price':
      return `Invalid price ${value} at ${side} level ${level} (prices must be > 0)`;
    case 'invalid-quantity':
      return `Invalid quantity ${value} at ${side} level ${level} (quantities must be finite and >= 0)`;
    case 'odd-level-array':
      return `The ${side} level array has an odd length ${value}`;
  }
}

function describeOrigin(origin: BookDataOrigin): string {
  const where = [
    `${origin.source}/${origin.market}${origin.instrument === null ? '' : `/${origin.instrument}`}`,
    origin.line === null ? null : `line ${origin.line}`,
    origin.row === null ? null : `row ${origin.row}`,
    origin.eventId === null ? null : `event ${origin.eventId}`,
    `collector_timestamp ${origin.collectorTimestamp}`,
  ];
  return where.filter((part) => part !== null).join(', ');
}

function checkSide(event: BookEvent, side: 'bids' | 'asks'): void {
  const levels = event[side];
  const length = levels.length;
  if (length % 2 !== 0) throw new BookDataError('odd-level-array', event, side, 0, length);
  for (let i = 0; i < length; i += 2) {
    const price = levels[i] ?? Number.NaN;
    const quantity = levels[i + 1] ?? Number.NaN;
    // Written so that NaN fails both tests.
    if (!(price > 0 && price < Number.POSITIVE_INFINITY)) throw new BookDataError('invalid-price', event, side, i / 2, price);
    if (!(quantity >= 0 && quantity < Number.POSITIVE_INFINITY)) throw new BookDataError('invalid-quantity', event, side, i / 2, quantity);
  }
}

/** Throws a `BookDataError` naming the first bad level of the event; the book is untouched. */
export function checkBookEvent(event: BookEvent): void {
  checkSide(event, 'bids');
  checkSide(event, 'asks');
}

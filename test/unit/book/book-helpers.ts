import { expect } from 'vitest';
import type { OrderBook } from '../../../shared/book/order-book.ts';
import type { BookSide } from '../../../shared/book/book-side.ts';
import type { ReferenceTop } from '../../support/reference-l2-books.ts';

/** A book as plain sorted pairs, best first: the reference model's shape, what the tests compare. */
export type PlainBook = ReferenceTop;

function pairs(side: BookSide): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < side.depth; i++) out.push([side.priceAt(i), side.sizeAt(i)]);
  return out;
}

/** The engine's book (full depth) as plain pairs, or null. */
export function plainBook(book: OrderBook | null | undefined): PlainBook | null {
  return book === null || book === undefined ? null : { bids: pairs(book.bids), asks: pairs(book.asks) };
}

/** Flat `[p, q, p, q, ...]` levels from pairs. */
export function flat(levels: readonly (readonly [number, number])[]): Float64Array {
  return Float64Array.from(levels.flat());
}

function sameSide(a: readonly [number, number][], b: readonly [number, number][]): boolean {
  return (
    a.length === b.length &&
    a.every(([price, size], i) => {
      const other = b[i];
      return other !== undefined && other[0] === price && other[1] === size;
    })
  );
}

/** Asserts two books are equal; compares by hand first because `toEqual` is slow in hot loops. */
export function expectSameBook(actual: PlainBook | null, expected: PlainBook | null): void {
  const same =
    actual === null || expected === null
      ? actual === expected
      : sameSide(actual.bids, expected.bids) && sameSide(actual.asks, expected.asks);
  if (!same) expect(actual).toEqual(expected);
}

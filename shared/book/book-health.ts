import type { BookSide } from './book-side.ts';

/** Whether the best bid is above the best ask (crossed), equal to it (locked), or neither. */
export type BookCrossing = 'none' | 'locked' | 'crossed';

/** Data health of a book: its state now and how many applied events left it crossed or locked. */
export interface BookHealth {
  crossing: BookCrossing;
  /** Events after which the book was crossed. */
  crossedCount: number;
  /** Events after which the book was locked. */
  lockedCount: number;
}

/** The crossing state of two sides; a book with an empty side is never crossed. */
export function bookCrossing(bids: BookSide, asks: BookSide): BookCrossing {
  if (bids.depth === 0 || asks.depth === 0) return 'none';
  const bestBid = bids.priceAt(0);
  const bestAsk = asks.priceAt(0);
  if (bestBid > bestAsk) return 'crossed';
  return bestBid === bestAsk ? 'locked' : 'none';
}

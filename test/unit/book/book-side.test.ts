import { describe, expect, it } from 'vitest';
import { BookSide } from '../../../shared/book/book-side.ts';
import { flat } from './book-helpers.ts';

const levels = (side: BookSide): number[][] => Array.from({ length: side.depth }, (_, i) => [side.priceAt(i), side.sizeAt(i)]);

describe('one side of a book', () => {
  it('grows past its initial room when deltas add many levels, in any order', () => {
    const bids = new BookSide('bids', 4);
    const prices = Array.from({ length: 300 }, (_, i) => ((i * 37) % 300) + 1);
    for (const price of prices) bids.setLevel(price, price / 10);
    expect(bids.depth).toBe(300);
    expect(levels(bids)).toEqual(Array.from({ length: 300 }, (_, i) => [300 - i, (300 - i) / 10]));
  });

  it('keeps the last size of a price repeated in a snapshot, and a later 0 removes it', () => {
    const asks = new BookSide('asks');
    asks.loadLevels(flat([[11, 1], [10, 2], [11, 3], [12, 4], [12, 0], [9, 0]]));
    expect(levels(asks)).toEqual([[10, 2], [11, 3]]);
  });

  it('reads the top N best first and fills the slots past the last level with NaN', () => {
    const asks = new BookSide('asks');
    asks.loadLevels(flat([[101, 1], [102, 2]]));
    const prices = new Float64Array(4);
    const sizes = new Float64Array(4);
    expect(asks.readTop(3, prices, sizes, 1)).toBe(2);
    expect([...prices]).toEqual([0, 101, 102, Number.NaN]);
    expect([...sizes]).toEqual([0, 1, 2, Number.NaN]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveColumn, type FedBook } from '../../support/naive-liquidity.ts';
import { bestsPerColumn, bucketMsOf, LiquidityPyramid, tileColumns, tileSpanOf, type TilePayload } from '../../../shared/book/replay/liquidity-tiles.ts';

// The tile pyramid against the naive reference in test/support/naive-liquidity.ts.

const step = 0.5;

function payloadColumn(tile: TilePayload, column: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let r = 0; r < tile.rows; r++) {
    const value = tile.values[column * tile.rows + r] ?? 0;
    if (value !== 0) out.set(tile.rowBase + r, value);
  }
  return out;
}

function feed(pyramid: LiquidityPyramid, books: readonly FedBook[], end: number): void {
  for (const book of books) {
    if (book.cleared) pyramid.clearBook(book.clock);
    else {
      const bids = book.bids;
      const asks = book.asks;
      pyramid.setBook(
        book.clock,
        bids.map(([price]) => price),
        bids.map(([, size]) => size),
        asks.map(([price]) => price),
        asks.map(([, size]) => size),
      );
    }
  }
  pyramid.advance(end);
  pyramid.finish();
}

function expectClose(actual: Map<number, number>, expected: Map<number, number>, where: string): void {
  const rows = new Set([...actual.keys(), ...expected.keys()]);
  for (const row of rows) {
    const a = actual.get(row) ?? 0;
    const e = expected.get(row) ?? 0;
    // Float32 storage: relative precision ~6e-8 per value, summed over a few folds.
    if (Math.abs(a - e) > 1e-5 * Math.max(1, Math.abs(e))) expect({ where, row, actual: a }).toEqual({ where, row, actual: e });
  }
}

function sameNumber(a: number, b: number): boolean {
  return (Number.isNaN(a) && Number.isNaN(b)) || a === b;
}

/** Compares every column of every tile of every level against the naive reference. */
function checkPyramid(books: readonly FedBook[], end: number, from: number, to: number): number {
  const pyramid = new LiquidityPyramid(step, 8, { from, to });
  feed(pyramid, books, end);
  let checked = 0;
  for (let level = from; level <= to; level++) {
    const width = bucketMsOf(level);
    const first = Math.floor((books[0]?.clock ?? 0) / tileSpanOf(level));
    const last = Math.floor(end / tileSpanOf(level));
    for (let index = first; index <= last; index++) {
      const tile = pyramid.tile(level, index);
      if (tile === null) throw new Error(`no tile ${level}/${index}`);
      for (let c = 0; c < tileColumns; c++) {
        const t0 = tile.t0 + c * width;
        if (t0 >= end) break;
        const expected = naiveColumn(books, end, t0, width, step);
        expectClose(payloadColumn(tile, c), expected.values, `level ${level} tile ${index} column ${c}`);
        const bests = Array.from(tile.bests.subarray(c * bestsPerColumn, (c + 1) * bestsPerColumn));
        if (!bests.every((value, k) => sameNumber(value, expected.bests[k] ?? Number.NaN))) expect({ level, index, c, bests }).toEqual({ level, index, c, bests: expected.bests });
        checked++;
      }
    }
  }
  return checked;
}

const levelArb = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 20 }));
const bookArb = fc.record({
  advance: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 400 }), fc.constant(0)),
  cleared: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 12, arbitrary: fc.constant(false) }),
  bids: fc.array(levelArb, { maxLength: 6 }),
  asks: fc.array(levelArb, { maxLength: 6 }),
});

describe('liquidity pyramid', () => {
  it('a book standing over whole buckets gives its sizes as the means, and a book standing half a bucket half of them', () => {
    const pyramid = new LiquidityPyramid(1, 4, { from: 2, to: 3 });
    // Bucket width 16 ms at level 2: the book stands [0, 24): all of bucket 0, half of bucket 1.
    pyramid.setBook(0, [100, 99], [2, 4], [101], [6]);
    pyramid.clearBook(24);
    pyramid.advance(64);
    pyramid.finish();
    const tile = pyramid.tile(2, 0);
    expect(tile).not.toBeNull();
    if (tile === null) return;
    expect(tile.rowBase).toBe(99);
    expect(tile.rows).toBe(3);
    expect(Array.from(tile.values.subarray(0, 3))).toEqual([4, 2, 6]);
    expect(Array.from(tile.values.subarray(3, 6))).toEqual([2, 1, 3]);
    expect(Array.from(tile.bests.subarray(0, 8))).toEqual([100, 101, 100, 101, Number.NaN, Number.NaN, 100, 101]);
    // Level 3 (64 ms): the book stood 24 of 64 ms.
    const coarse = pyramid.tile(3, 0);
    expect(Array.from(coarse?.values.subarray(0, 3) ?? [])).toEqual([4 * 0.375, 2 * 0.375, 6 * 0.375]);
  });

  it('rows in bands of 2^shift steps sum, and a clip keeps only the rows asked for', () => {
    const pyramid = new LiquidityPyramid(1, 4, { from: 0, to: 0 });
    pyramid.setBook(0, [100, 99, 98], [1, 2, 4], [101, 102], [8, 16]);
    pyramid.advance(1);
    pyramid.finish();
    const banded = pyramid.tile(0, 0, 1);
    // Bands of 2: [98,99] → 49, [100,101] → 50, [102,103] → 51.
    expect(banded?.rowBase).toBe(49);
    expect(Array.from(banded?.values.subarray(0, 3) ?? [])).toEqual([6, 9, 16]);
    const clipped = pyramid.tile(0, 0, 0, 100, 101);
    expect(clipped?.rowBase).toBe(100);
    expect(Array.from(clipped?.values.subarray(0, 2) ?? [])).toEqual([1, 8]);
  });

  it('every column of every level equals the naive time-weighted reference (random books)', () => {
    fc.assert(
      fc.property(fc.array(bookArb, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 3000 }), (raw, tail) => {
        let clock = 1_000_000;
        const books: FedBook[] = raw.map((book) => {
          clock += book.advance;
          const bids = [...new Map(book.bids.map(([tick, size]) => [50 - tick * step, size])).entries()].sort((a, b) => b[0] - a[0]);
          const asks = [...new Map(book.asks.map(([tick, size]) => [51 + tick * step, size])).entries()].sort((a, b) => a[0] - b[0]);
          return { clock, bids, asks, cleared: book.cleared };
        });
        checkPyramid(books, clock + tail, 1, 4);
      }),
      { numRuns: 60 },
    );
  });

  it('a long quiet stretch and a cleared book across many buckets stay exact, and the pyramid stays small', () => {
    const books: FedBook[] = [
      { clock: 5_000, bids: [[10, 1]], asks: [[11, 2]], cleared: false },
      { clock: 95_000, bids: [], asks: [], cleared: true },
      { clock: 400_000, bids: [[12, 3]], asks: [[13, 1]], cleared: false },
    ];
    expect(checkPyramid(books, 410_000, 3, 6)).toBeGreaterThan(1000);
  });
});

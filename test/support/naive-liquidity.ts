// A naive reference for the liquidity heatmap's tiles, sharing no code with shared/book: for one
// bucket, the time-weighted mean size per price row is Σ over the standing books of size ×
// (overlap of the interval it stood with the bucket) / bucket width, computed from scratch; the
// bests are those of the books that stood for a positive time in the bucket (the last one for
// the end; an empty or cleared book has none).

/** One book as the test feeds it: levels best first, or null for a cleared book. */
export interface FedBook {
  clock: number;
  bids: [number, number][];
  asks: [number, number][];
  cleared: boolean;
}

/** The naive column [t0, t0 + width) of books standing until `end`, rows of `step`. */
export function naiveColumn(books: readonly FedBook[], end: number, t0: number, width: number, step: number): { values: Map<number, number>; bests: number[] } {
  const values = new Map<number, number>();
  let bidEnd = Number.NaN;
  let askEnd = Number.NaN;
  let bidLow = Number.NaN;
  let askHigh = Number.NaN;
  for (let k = 0; k < books.length; k++) {
    const book = books[k];
    if (book === undefined) continue;
    const from = Math.max(book.clock, t0);
    const until = Math.min(books[k + 1]?.clock ?? end, t0 + width);
    const overlap = until - from;
    if (!(overlap > 0)) continue;
    const levels = book.cleared ? [] : [...book.bids, ...book.asks];
    for (const [price, size] of levels) {
      const row = Math.round(price / step);
      values.set(row, (values.get(row) ?? 0) + (size * overlap) / width);
    }
    const bid = book.cleared ? Number.NaN : (book.bids[0]?.[0] ?? Number.NaN);
    const ask = book.cleared ? Number.NaN : (book.asks[0]?.[0] ?? Number.NaN);
    if (!book.cleared && levels.length === 0) {
      // An empty book stands like a cleared one.
      bidEnd = Number.NaN;
      askEnd = Number.NaN;
      continue;
    }
    bidEnd = bid;
    askEnd = ask;
    if (!Number.isNaN(bid) && !(bid >= bidLow)) bidLow = bid;
    if (!Number.isNaN(ask) && !(ask <= askHigh)) askHigh = ask;
  }
  return { values, bests: [bidEnd, askEnd, bidLow, askHigh] };
}


import { describe, expect, it } from 'vitest';
import { bookMetrics, metricFields } from '../../../shared/book/book-metrics.ts';
import { OrderBook } from '../../../shared/book/order-book.ts';
import { flat } from './book-helpers.ts';

function bookOf(bids: [number, number][], asks: [number, number][]): OrderBook {
  const book = new OrderBook({ source: 'lighter', market: 'BTC-USD', instrument: null });
  book.applySnapshot(flat(bids), flat(asks));
  return book;
}

const book = bookOf([[100, 2], [99, 1], [98, 4]], [[101, 1], [102, 3], [110, 5]]);

describe('per-book metrics', () => {
  it('computes best prices, mid, spread, microprice, imbalance and band depth', () => {
    const metrics = bookMetrics(book, { bandBps: 100 });
    expect(metrics).toMatchObject({ bestBid: 100, bestAsk: 101, mid: 100.5, spread: 1, bidDepth: 2, askDepth: 1 });
    expect(metrics.spreadBps).toBeCloseTo(99.5025, 4);
    // Heavier bids push the microprice toward the ask.
    expect(metrics.microprice).toBeCloseTo((100 * 1 + 101 * 2) / 3, 12);
    expect(metrics.imbalance).toBeCloseTo((7 - 9) / 16, 12);
  });

  it('counts depth within a wider band and imbalance over fewer levels', () => {
    const metrics = bookMetrics(book, { bandBps: 200, imbalanceLevels: 1 });
    expect(metrics).toMatchObject({ bidDepth: 3, askDepth: 4 });
    expect(metrics.imbalance).toBeCloseTo(1 / 3, 12);
  });

  it('reports null, not zero, for what an empty side leaves undefined', () => {
    expect(bookMetrics(bookOf([[100, 2]], []))).toEqual({
      bestBid: 100,
      bestAsk: null,
      mid: null,
      spread: null,
      spreadBps: null,
      microprice: null,
      imbalance: null,
      bidDepth: null,
      askDepth: null,
    });
  });

  it('gives the object fields in the order of the frame metric block', () => {
    expect(Object.keys(bookMetrics(book))).toEqual([...metricFields]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import { l2BookFields, l2RowFromBook } from '../../../shared/book/book-row.ts';
import type { L2Row, TypedRowEnvelope } from '../../../shared/rows/l2-row.ts';
import { bookEventFromBookRow, bookEventFromL2Row } from '../../../shared/book/l2-row-events.ts';
import { OrderBook } from '../../../shared/book/order-book.ts';
import { flat, plainBook } from './book-helpers.ts';
import { eventStreams } from './random-streams.ts';

const key = { source: 'binance', market: 'BTC-USDT', instrument: 'BTCUSDT' };

function envelope(collectorTimestamp: number, eventId = `evt-${collectorTimestamp}`): TypedRowEnvelope {
  return { event_id: eventId, ...key, collector_timestamp: collectorTimestamp, exchange_timestamp: null, source_capture_id: 'cap-1', schema_version: 2 };
}

function bookOf(bids: [number, number][], asks: [number, number][]): OrderBook {
  const book = new OrderBook(key);
  book.applySnapshot(flat(bids), flat(asks));
  return book;
}

/** An L2 row with every slot null, then the given slots filled. */
function l2Row(isSnapshot: boolean, slots: Partial<L2Row>): L2Row {
  const empty = l2BookFields(new OrderBook(key), isSnapshot);
  return { ...envelope(1_717_200_000_000, 'row-evt'), ...empty, ...slots };
}

describe('books as spec 2.3 flat rows', () => {
  it('has the 2.1 envelope, the snapshot flag and the 100 level fields in spec order', () => {
    const row = l2RowFromBook(envelope(5), bookOf([[10, 1]], [[11, 2]]), true);
    const levelKeys = ['bid_px', 'bid_sz', 'ask_px', 'ask_sz'].flatMap((prefix) => Array.from({ length: 25 }, (_, i) => `${prefix}_${String(i).padStart(2, '0')}`));
    expect(Object.keys(row)).toEqual(['event_id', 'source', 'market', 'instrument', 'collector_timestamp', 'exchange_timestamp', 'source_capture_id', 'schema_version', 'source_event_is_snapshot', ...levelKeys]);
  });

  it('sorts bids down and asks up, with null in every slot past the last level', () => {
    const fields = l2BookFields(bookOf([[10, 1], [12, 3]], [[14, 4], [13, 2]]), false);
    expect(fields).toMatchObject({ source_event_is_snapshot: false, bid_px_00: 12, bid_sz_00: 3, bid_px_01: 10, bid_sz_01: 1, ask_px_00: 13, ask_sz_00: 2, ask_px_01: 14, ask_sz_01: 4 });
    expect(fields.bid_px_02).toBeNull();
    expect(fields.bid_sz_24).toBeNull();
    expect(fields.ask_px_24).toBeNull();
  });

  it('keeps only the top 25 of a deeper book, or the top N when asked', () => {
    const deep = bookOf(Array.from({ length: 40 }, (_, i): [number, number] => [100 - i, 1]), []);
    expect(l2BookFields(deep).bid_px_24).toBe(76);
    const three = l2BookFields(deep, true, 3);
    expect([three.bid_px_00, three.bid_px_02, three.bid_px_03]).toEqual([100, 98, null]);
    expect(() => l2BookFields(deep, true, 26)).toThrow(RangeError);
  });

  it('marks each book with the kind of event that produced it', () => {
    const engine = new BookEngine();
    const snapshotBook = engine.apply({ ...key, collectorTimestamp: 1, isSnapshot: true, bids: flat([[10, 1]]), asks: flat([]) });
    expect(snapshotBook && l2BookFields(snapshotBook).source_event_is_snapshot).toBe(true);
    const deltaBook = engine.apply({ ...key, collectorTimestamp: 2, isSnapshot: false, bids: flat([[9, 1]]), asks: flat([]) });
    expect(deltaBook && l2BookFields(deltaBook).source_event_is_snapshot).toBe(false);
  });
});

describe('flat-row round trip', () => {
  it('reproduces every book of 500 random streams when its rows are fed back as snapshots', () => {
    fc.assert(
      fc.property(eventStreams, (steps) => {
        const engine = new BookEngine();
        steps.forEach((step, i) => {
          if ('reset' in step) return;
          const book = engine.apply(step.event);
          if (book === null) return;
          const row = l2RowFromBook(envelope(step.event.collectorTimestamp, `e${i}`), book);
          for (const event of [bookEventFromBookRow(row, i), bookEventFromL2Row({ ...row, source_event_is_snapshot: true }, i)]) {
            const again = new BookEngine().apply(event);
            const back = again && l2RowFromBook(envelope(step.event.collectorTimestamp, `e${i}`), again, row.source_event_is_snapshot);
            // Compared as text first: toEqual on 109-field rows is slow in a loop this long.
            if (JSON.stringify(back) !== JSON.stringify(row)) expect(back).toEqual(row);
          }
        });
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});

describe('service rows as input', () => {
  it('reads an /l2-updates delta row: nulls carry no information and 0 deletes', () => {
    const engine = new BookEngine();
    engine.apply(bookEventFromL2Row(l2Row(true, { bid_px_00: 100, bid_sz_00: 1, bid_px_01: 99, bid_sz_01: 2, ask_px_00: 101, ask_sz_00: 3 }), 0));
    const book = engine.apply(bookEventFromL2Row(l2Row(false, { bid_px_00: 99, bid_sz_00: 0, bid_px_03: 98, bid_sz_03: 5, ask_px_01: 102, ask_sz_01: null }), 1));
    expect(plainBook(book)).toEqual({ bids: [[100, 1], [98, 5]], asks: [[101, 3]] });
  });

  it('ignores /l2-updates deltas before their first snapshot row', () => {
    expect(new BookEngine().apply(bookEventFromL2Row(l2Row(false, { bid_px_00: 99, bid_sz_00: 1 }), 0))).toBeNull();
  });

  it('takes an /l2-orderbooks row as a complete book even when a delta produced it', () => {
    const engine = new BookEngine();
    engine.apply(bookEventFromBookRow(l2Row(true, { bid_px_00: 100, bid_sz_00: 1, bid_px_01: 99, bid_sz_01: 1 }), 0));
    const book = engine.apply(bookEventFromBookRow(l2Row(false, { bid_px_00: 100, bid_sz_00: 2, ask_px_00: 101, ask_sz_00: 1 }), 1));
    expect(plainBook(book)).toEqual({ bids: [[100, 2]], asks: [[101, 1]] });
    expect(book && l2BookFields(book).source_event_is_snapshot).toBe(false);
    const fresh = new BookEngine().apply(bookEventFromBookRow(l2Row(false, { ask_px_00: 5, ask_sz_00: 1 }), 0));
    expect(plainBook(fresh)).toEqual({ bids: [], asks: [[5, 1]] });
  });

});

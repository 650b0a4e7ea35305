import { describe, expect, it } from 'vitest';
import type { OrderbookRecord, SnapshotRecord, TradeRecord } from '../../../shared/snapshot/records.ts';
import { HourRecords } from '../../../electron/server/store/hour-records.ts';

// How the local service keeps a decoded hour: book rows in columns, other rows as objects, all
// read back by position exactly as they were decoded.

function book(line: number, bids: number[], asks: number[], extra: Partial<OrderbookRecord> = {}): OrderbookRecord {
  return {
    collectorTimestamp: 1_700_000_000_000 + line,
    collectorSequence: line * 10,
    exchangeTimestamp: null,
    exchangeSequence: null,
    source: 'binance',
    market: 'BTCUSDT',
    instrument: null,
    line,
    type: 'orderbook',
    isSnapshot: false,
    bids: Float64Array.from(bids),
    asks: Float64Array.from(asks),
    ...extra,
  };
}

function trade(line: number): TradeRecord {
  return {
    collectorTimestamp: 1_700_000_000_000 + line,
    collectorSequence: line * 10,
    exchangeTimestamp: 1_700_000_000_000,
    exchangeSequence: `t-${line}`,
    source: 'binance',
    market: 'BTCUSDT',
    instrument: null,
    line,
    type: 'trade',
    price: 97_000.5,
    quantity: 0.25,
    side: 'buy',
    orderId: null,
    maker: null,
    taker: null,
    liquidation: null,
  };
}

describe('the records of a decoded hour', () => {
  const records: SnapshotRecord[] = [
    book(2, [97_000, 1.5, 96_999.9, -0], [97_000.1, 2], { exchangeSequence: 'u-1', isSnapshot: true }),
    trade(3),
    book(4, [], [97_000.2, 0.5], { collectorSequence: null, exchangeTimestamp: 1_699_999_999_999, instrument: 'BTC-PERP', source: 'other', market: 'X' }),
    book(5, [1, 2], [], { raw: { u: 7 } }),
  ];
  const kept = HourRecords.of(records);

  it('reads every record back as decoded, in file order', () => {
    expect(kept.length).toBe(4);
    expect([...kept]).toEqual(records);
    // A book row's levels keep a negative zero (a float's sign is data).
    const first = kept.at(0);
    expect(first?.type === 'orderbook' && Object.is(first.bids[3], -0)).toBe(true);
    // A row kept as an object is the object itself.
    expect(kept.at(1)).toBe(records[1]);
    expect(kept.at(3)).toBe(records[3]);
    expect(kept.at(4)).toBeUndefined();
    expect(kept.at(-1)).toBeUndefined();
  });

  it('tells each record type, line, time and instrument without making the record', () => {
    expect([0, 1, 2, 3].map((index) => kept.typeAt(index))).toEqual(['orderbook', 'trade', 'orderbook', 'orderbook']);
    expect([0, 1, 2, 3].map((index) => kept.lineAt(index))).toEqual([2, 3, 4, 5]);
    expect([0, 1, 2, 3].map((index) => kept.timeAt(index))).toEqual(records.map((record) => record.collectorTimestamp));
    expect([0, 1, 2, 3].map((index) => kept.instrumentAt(index))).toEqual([null, null, 'BTC-PERP', null]);
  });

  it('estimates its memory from its columns and objects', () => {
    // Elements of 8 bytes: time, line and kind per record (3 × 4); two objects (the trade, and
    // the book row with `raw`); five columns per book row kept in columns (5 × 2); their levels
    // (6 + 2). One exchange sequence and one instrument mapped (4 elements each). Objects: a
    // trade 340 B, a book row 480 B plus 8 B per level value (2).
    const elements = 3 * 4 + 2 + 5 * 2 + (6 + 2) + 2 * 4;
    expect(kept.bytes).toBe(elements * 8 + 340 + (480 + 2 * 8));
  });

  it('keeps an empty hour', () => {
    const empty = HourRecords.of([]);
    expect(empty.length).toBe(0);
    expect([...empty]).toEqual([]);
    expect(empty.bytes).toBe(0);
  });
});

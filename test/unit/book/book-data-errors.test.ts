import { describe, expect, it } from 'vitest';
import { BookDataError } from '../../../shared/book/book-data-error.ts';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import type { BookEvent } from '../../../shared/book/book-event.ts';
import { expectSameBook, flat, plainBook } from './book-helpers.ts';

const key = { source: 'aster', market: 'BTC-USDT', instrument: 'BTCUSDT' };

type Levels = readonly (readonly [number, number])[];

function event(isSnapshot: boolean, bids: Levels, asks: Levels, extra: Partial<BookEvent> = {}): BookEvent {
  return { ...key, collectorTimestamp: 1_717_200_000_000, isSnapshot, bids: flat(bids), asks: flat(asks), ...extra };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe('data errors', () => {
  it.each([
    ['a zero price', [[0, 1]], 'invalid-price', 0],
    ['a negative price', [[-5, 1]], 'invalid-price', -5],
    ['a NaN price', [[Number.NaN, 1]], 'invalid-price', Number.NaN],
    ['an infinite price', [[Number.POSITIVE_INFINITY, 1]], 'invalid-price', Number.POSITIVE_INFINITY],
    ['a negative quantity', [[100, -1]], 'invalid-quantity', -1],
    ['a NaN quantity', [[100, Number.NaN]], 'invalid-quantity', Number.NaN],
    ['an infinite quantity', [[100, Number.POSITIVE_INFINITY]], 'invalid-quantity', Number.POSITIVE_INFINITY],
  ] as const)('rejects %s with a typed error naming the book, line, time and value', (_name, asks, kind, value) => {
    const engine = new BookEngine();
    engine.apply(event(true, [[99, 1]], [[100, 1]]));
    const error = thrown(() => engine.apply(event(false, [], [[101, 2], ...asks], { line: 42, collectorTimestamp: 1_717_200_000_123 })));
    expect(error).toBeInstanceOf(BookDataError);
    expect(error).toMatchObject({ kind, side: 'asks', level: 1, origin: { ...key, line: 42, row: null, collectorTimestamp: 1_717_200_000_123 } });
    expect((error as BookDataError).value).toBe(value);
    expect((error as Error).message).toContain('aster/BTC-USDT/BTCUSDT');
    expect((error as Error).message).toContain('line 42');
    expect((error as Error).message).toContain('collector_timestamp 1717200000123');
    // The bad event changed nothing, not even its valid first level.
    expectSameBook(plainBook(engine.book(key)), { bids: [[99, 1]], asks: [[100, 1]] });
  });

  it('names the row and event id for service rows', () => {
    const error = thrown(() => new BookEngine().apply(event(true, [[-1, 1]], [], { row: 7, eventId: 'evt-7' })));
    expect(error).toMatchObject({ origin: { row: 7, eventId: 'evt-7', line: null } });
    expect((error as Error).message).toMatch(/row 7, event evt-7/);
  });

  it('rejects a snapshot with a bad level without replacing the valid book', () => {
    const engine = new BookEngine();
    engine.apply(event(true, [[99, 1]], [[100, 1]]));
    expect(() => engine.apply(event(true, [[98, 1], [97, -3]], []))).toThrow(BookDataError);
    expectSameBook(plainBook(engine.book(key)), { bids: [[99, 1]], asks: [[100, 1]] });
  });
});

describe('deltas before a snapshot, and resets', () => {
  it('gives no book for deltas before the first snapshot, and counts them', () => {
    const engine = new BookEngine();
    expect(engine.apply(event(false, [[99, 1]], []))).toBeNull();
    expect(engine.book(key)).toBeUndefined();
    expect(engine.counters.withoutBook).toBe(1);
    expect(plainBook(engine.apply(event(true, [[98, 1]], [])))).toEqual({ bids: [[98, 1]], asks: [] });
  });

  it('drops a reset book until its next snapshot, leaving other books alone', () => {
    const engine = new BookEngine();
    const other = { ...key, instrument: 'BTCUSDT_PERP' };
    engine.apply(event(true, [[99, 1]], [[100, 1]]));
    engine.apply(event(true, [[50, 1]], [], other));
    engine.reset(key);
    expect(engine.apply(event(false, [[99, 2]], []))).toBeNull();
    expect(plainBook(engine.book(other))).toEqual({ bids: [[50, 1]], asks: [] });
    engine.reset();
    expect(engine.apply(event(false, [[50, 2]], [], other))).toBeNull();
  });
});

describe('data health', () => {
  it('flags locked and crossed books and counts the events that left them so', () => {
    const engine = new BookEngine();
    engine.apply(event(true, [[99, 1]], [[101, 1]]));
    expect(engine.book(key)?.health).toEqual({ crossing: 'none', crossedCount: 0, lockedCount: 0 });
    engine.apply(event(false, [[101, 1]], []));
    expect(engine.book(key)?.health).toEqual({ crossing: 'locked', crossedCount: 0, lockedCount: 1 });
    engine.apply(event(false, [[102, 1]], []));
    engine.apply(event(false, [], [[100.5, 1]]));
    expect(engine.book(key)?.health).toEqual({ crossing: 'crossed', crossedCount: 2, lockedCount: 1 });
    engine.apply(event(true, [[99, 1]], [[101, 1]]));
    expect(engine.book(key)?.health).toEqual({ crossing: 'none', crossedCount: 2, lockedCount: 1 });
    expect(engine.counters).toMatchObject({ applied: 5, crossed: 2, locked: 1 });
  });

  it('never calls a book with an empty side crossed', () => {
    const engine = new BookEngine();
    expect(engine.apply(event(true, [[99, 1]], []))?.health.crossing).toBe('none');
  });
});

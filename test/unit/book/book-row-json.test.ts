import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import { l2RowFromBook } from '../../../shared/book/book-row.ts';
import { l2RowJson } from '../../../shared/book/book-row-json.ts';
import type { TypedRowEnvelope } from '../../../shared/rows/l2-row.ts';

const envelope: TypedRowEnvelope = {
  event_id: 'standard-x-BTC-2026-11-20-12:7',
  source: 'x',
  market: 'BTC',
  instrument: null,
  collector_timestamp: 1_795_000_000_123,
  exchange_timestamp: null,
  source_capture_id: 'standard-x-BTC-2026-11-20-12',
  schema_version: 2,
};

function levels(count: number, start: number, step: number): Float64Array {
  const flat = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    flat[2 * i] = Math.round((start + i * step) * 10) / 10;
    flat[2 * i + 1] = 0.1 + i / 7;
  }
  return flat;
}

describe('l2RowJson', () => {
  it.each([
    ['a shallow book', 3, 2],
    ['a book deeper than 25 levels', 40, 31],
    ['an empty ask side', 5, 0],
  ])('writes exactly the JSON of l2RowFromBook for %s', (_name, bidDepth, askDepth) => {
    const engine = new BookEngine();
    const book = engine.apply({ source: 'x', market: 'BTC', instrument: envelope.instrument, collectorTimestamp: envelope.collector_timestamp, isSnapshot: true, bids: levels(bidDepth, 100, -0.1), asks: levels(askDepth, 100.1, 0.1) });
    if (book === null) throw new Error('no book');
    expect(l2RowJson(envelope, book)).toBe(JSON.stringify(l2RowFromBook(envelope, book)));
    expect(l2RowJson({ ...envelope, instrument: 'BTC-PERP', exchange_timestamp: 5 }, book, false)).toBe(JSON.stringify(l2RowFromBook({ ...envelope, instrument: 'BTC-PERP', exchange_timestamp: 5 }, book, false)));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import { BookRowTextWriter } from '../../../shared/book/book-row-text.ts';
import { jsonNumberText } from '../../../shared/json-number-text.ts';
import type { OrderBook } from '../../../shared/book/order-book.ts';
import { eventStreams } from './random-streams.ts';

const pad = (i: number): string => String(i).padStart(2, '0');

/** The row as `mde book` printed it before the text writer: a plain object through JSON.stringify. */
function naiveRow(book: OrderBook, collectorTimestamp: number, isSnapshot: boolean, depth: number): string {
  const row: Record<string, unknown> = { collector_timestamp: collectorTimestamp, ...book.key, source_event_is_snapshot: isSnapshot };
  for (const [name, side] of [['bid', book.bids], ['ask', book.asks]] as const) {
    const flat = side.toLevels();
    const shown = Math.min(depth, flat.length / 2);
    for (let i = 0; i < 25; i++) row[`${name}_px_${pad(i)}`] = i < shown ? flat[2 * i] : null;
    for (let i = 0; i < 25; i++) row[`${name}_sz_${pad(i)}`] = i < shown ? flat[2 * i + 1] : null;
  }
  return JSON.stringify(row);
}

describe('book rows as text, re-formatting only changed slots', () => {
  it('writes numbers exactly as JSON.stringify does', () => {
    for (const value of [0, -0, 1e21, 1e-7, 5e-324, 0.30000000000000004, 123456789.123, 43000.8, Number.MAX_VALUE]) {
      expect(jsonNumberText(value)).toBe(JSON.stringify(value));
    }
    expect([Number.NaN, Number.POSITIVE_INFINITY].map(jsonNumberText)).toEqual(['null', 'null']);
  });

  it('every row equals the naive object row, over random streams with deletions, shrinking books and two books', () => {
    fc.assert(
      fc.property(eventStreams, fc.integer({ min: 1, max: 25 }), (steps, depth) => {
        const engine = new BookEngine();
        const writer = new BookRowTextWriter(depth);
        for (const step of steps) {
          if (!('event' in step)) {
            engine.reset(step.reset);
            continue;
          }
          const book = engine.apply(step.event);
          if (book === null) continue;
          expect(writer.line(book, step.event.collectorTimestamp, step.event.isSnapshot)).toBe(naiveRow(book, step.event.collectorTimestamp, step.event.isSnapshot, depth));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a depth a flat row cannot hold', () => {
    expect(() => new BookRowTextWriter(26)).toThrow(RangeError);
    expect(() => new BookRowTextWriter(0)).toThrow(RangeError);
  });
});

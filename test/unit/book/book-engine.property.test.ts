import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import type { BookCrossing } from '../../../shared/book/book-health.ts';
import { expectSameBook, plainBook } from './book-helpers.ts';
import { eventStreams, streamKeys } from './random-streams.ts';
import { referenceUpdateOf } from '../../support/book-observations.ts';
import { ReferenceL2Books, type ReferenceTop } from '../../support/reference-l2-books.ts';

function crossingOf(book: ReferenceTop): BookCrossing {
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid === undefined || ask === undefined) return 'none';
  return bid > ask ? 'crossed' : bid === ask ? 'locked' : 'none';
}

describe('the engine against a simple sorted-map reference', () => {
  it('holds exactly the reference book, full depth, after every step of 2000 random streams', () => {
    fc.assert(
      fc.property(eventStreams, (steps) => {
        const engine = new BookEngine();
        const reference = new ReferenceL2Books();
        for (const step of steps) {
          if ('reset' in step) {
            engine.reset(step.reset);
            reference.clear(step.reset);
          } else {
            const produced = engine.apply(step.event);
            const expected = reference.apply(referenceUpdateOf(step.event)) ? reference.top(step.event) : null;
            expectSameBook(plainBook(produced), expected);
            if (produced !== null && expected !== null && produced.health.crossing !== crossingOf(expected)) {
              expect(produced.health.crossing).toBe(crossingOf(expected));
            }
          }
          for (const key of streamKeys) expectSameBook(plainBook(engine.book(key)), reference.top(key));
        }
      }),
      { seed: 20240601, numRuns: 2000 },
    );
  });
});

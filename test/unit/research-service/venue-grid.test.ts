import { describe, expect, it } from 'vitest';
import { leadLagGrid, VenueStudy } from '../../../electron/host/research/venue-study.ts';
import type { BookEvent } from '../../../shared/book/book-event.ts';

// The lead–lag grid is sized by the books read, never by the range asked for: a month ahead of
// now at a 10 ms step took the services process past 6 GB. A grid past the limit is refused with it.

const day = 86_400_000;
const t0 = Date.UTC(2026, 10, 20, 10);

function book(source: string, market: string, at: number, mid: number): BookEvent {
  return { source, market, instrument: null, collectorTimestamp: at, isSnapshot: true, bids: Float64Array.of(mid - 0.5, 1), asks: Float64Array.of(mid + 0.5, 1) };
}

describe('the lead–lag grid of a venue study', () => {
  it('starts at the last grid point at or before the first book, and ends at the range end (hand-computed)', () => {
    // A range from t0, the first book 1,234 ms in, a 250 ms step: the grid starts at t0 + 1,000.
    expect(leadLagGrid(t0, t0 + 10_000, t0 + 1_234, 250)).toEqual({ start: t0 + 1_000, stepMs: 250, count: 37 });
    // Books before the range start change nothing.
    expect(leadLagGrid(t0, t0 + 1_000, t0 - 5_000, 250)).toEqual({ start: t0, stepMs: 250, count: 5 });
  });

  it('refuses a grid past the limit with the limit and a step that fits', () => {
    expect(() => leadLagGrid(t0, t0 + 30 * day, t0, 10)).toThrow(
      new RangeError("the lead–lag grid of 10 ms over the 720 h the venues' books span would hold 259,200,001 points, more than the 2,000,000 a study keeps: choose a lag step of at least 1,297 ms, or a shorter range"),
    );
    expect(leadLagGrid(t0, t0 + 30 * day, t0, 1_297).count).toBeLessThanOrEqual(2_000_000);
  });

  it('a study over a month whose books span ten seconds holds a grid of those ten seconds, at a 10 ms step', () => {
    const venues = [
      { source: 'a', market: 'X' },
      { source: 'b', market: 'X' },
    ];
    const start = t0 - 30 * day;
    const study = new VenueStudy({ venues, start, end: t0 + 10_000, reference: 0, lagStepMs: 10 });
    for (let i = 0; i <= 100; i++) {
      study.book(0, book('a', 'X', t0 + i * 100, 100 + Math.sin(i)));
      study.book(1, book('b', 'X', t0 + i * 100 + 5, 100 + Math.sin(i - 1)));
    }
    const { output } = study.finish();
    // Pairs at lag 0, by hand: the 10 ms grid runs from t0 to t0 + 10 s (1,001 points); b's first
    // book comes at t0 + 5, so both have a return from t0 + 20 on: 999 pairs.
    const lagZero = output.leadLag.lagMs.indexOf(0);
    expect(output.leadLag.pairs[1]?.[lagZero]).toBe(999);
    expect(output.time.length).toBeLessThanOrEqual(2_001);
  });
});

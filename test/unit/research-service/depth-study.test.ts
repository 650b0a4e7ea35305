import { describe, expect, it } from 'vitest';
import type { BookEvent, BookReset } from '../../../shared/book/book-event.ts';
import { DepthStudy, type DepthStudyParams } from '../../../electron/host/research/depth-study.ts';
import type { ResearchTableData } from '../../../electron/host/research/research-table.ts';
import { interleavedBookEvents } from '../../support/interleaved-books.ts';
import { ReferenceL2Books, type ReferenceLevel } from '../../support/reference-l2-books.ts';
import { expectClose, naiveDepth } from '../research/research-reference.ts';

// The depth study as `mde metrics depth` runs it: a row after every book event of the chosen book
// (or every step), kept inside the range, handed over while reading goes on (`drain`). Checked
// against the reference books and the naive metrics written from the definitions.

const hour = Date.UTC(2026, 0, 5, 9);
const source = 'test';
const market = 'BTC-USD';
const bandPct = 0.5;
const notional = 2_000;

/** Two books of one market interleaved, and a coverage gap in the middle that clears both. */
function inputs(): (BookEvent | BookReset)[] {
  const events = interleavedBookEvents({ seed: 4711, source, market, instruments: [null, 'C'], hourStart: hour, events: 3_000 });
  const gapAt = events[1_500]?.collectorTimestamp ?? hour;
  return [...events.slice(0, 1_500), { reset: true, collectorTimestamp: gapAt }, ...events.slice(1_500)];
}

function levels(flat: ArrayLike<number>): ReferenceLevel[] {
  const out: ReferenceLevel[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] ?? Number.NaN, flat[i + 1] ?? Number.NaN]);
  return out;
}

/** The naive rows: after each input of the book without an instrument, its metrics at the running maximum of the times. */
function naiveRows(stream: readonly (BookEvent | BookReset)[]): { time: number; values: (number | null)[] }[] {
  const books = new ReferenceL2Books();
  const id = { source, market, instrument: null };
  const rows: { time: number; values: (number | null)[] }[] = [];
  let clock = Number.NEGATIVE_INFINITY;
  let seen = false;
  for (const input of stream) {
    if ('reset' in input) {
      if (!seen) continue;
      clock = Math.max(clock, input.collectorTimestamp);
      books.clear();
      rows.push({ time: clock, values: naiveDepth(null, bandPct, notional) });
      continue;
    }
    if (input.instrument !== null) continue;
    seen = true;
    clock = Math.max(clock, input.collectorTimestamp);
    books.apply({ ...id, time: input.collectorTimestamp, snapshot: input.isSnapshot, bids: levels(input.bids), asks: levels(input.asks) });
    rows.push({ time: clock, values: naiveDepth(books.top(id), bandPct, notional) });
  }
  return rows;
}

function study(range: DepthStudyParams['range'], stepMs: number | null = null, instrument: string | null = null): DepthStudy {
  return new DepthStudy({ choice: { source, market, instrument }, range, bandPct, notional, stepMs });
}

/** Feeds every input, draining every `every` inputs when given; the drained tables and the finished one, joined. */
function run(depth: DepthStudy, stream: readonly (BookEvent | BookReset)[], every?: number): { time: number[]; columns: number[][]; drained: number } {
  const parts: ResearchTableData[] = [];
  stream.forEach((input, i) => {
    depth.book(0, input);
    if (every !== undefined && i % every === every - 1) parts.push(depth.drain());
  });
  const drained = parts.reduce((sum, part) => sum + part.rows, 0);
  const finished = depth.finish().tables.depth;
  if (finished === undefined) throw new Error('no depth table');
  parts.push(finished);
  const column = (k: number): number[] => parts.flatMap((part) => Array.from(part.columns[k]?.values ?? [], Number));
  return { time: column(0), columns: [1, 2, 3, 4, 5].map(column), drained };
}

describe('the depth study, per book event', () => {
  const stream = inputs();
  const expected = naiveRows(stream);

  it('gives a row after every event of the chosen book (and at the gap) as the naive metrics of the reference book', () => {
    const result = run(study(null), stream);
    expect(result.time).toEqual(expected.map((row) => row.time));
    ['mid', 'spread', 'imbalance', 'buy cost', 'sell cost'].forEach((what, k) => expectClose(result.columns[k] ?? [], expected.map((row) => row.values[k] ?? null), what));
    // Some rows have no book (before the first snapshot, after the gap): null, never 0.
    expect(expected.some((row) => row.values[0] === null)).toBe(true);
  });

  it('hands the rows over while reading goes on: drained and finished rows together are the same rows', () => {
    const result = run(study(null), stream, 400);
    expect(result.drained).toBeGreaterThan(expected.length / 2);
    expect(result.time).toEqual(expected.map((row) => row.time));
    expectClose(result.columns[4] ?? [], expected.map((row) => row.values[4] ?? null), 'sell cost');
  });

  it('keeps the rows inside the range, an open end keeping everything on that side', () => {
    // Both ends on a row's time: each end is in.
    const start = expected[Math.floor(expected.length * 0.3)]?.time ?? Number.NaN;
    const end = expected[Math.floor(expected.length * 0.7)]?.time ?? Number.NaN;
    for (const range of [{ start, end }, { start, end: Number.POSITIVE_INFINITY }, { start: Number.NEGATIVE_INFINITY, end }]) {
      const inside = expected.filter((row) => row.time >= range.start && row.time <= range.end);
      expect(inside.length).toBeGreaterThan(expected.length / 4);
      const result = run(study(range), stream, 250);
      expect(result.time, JSON.stringify(range)).toEqual(inside.map((row) => row.time));
      expectClose(result.columns[0] ?? [], inside.map((row) => row.values[0] ?? null), 'mid');
    }
  });

  it('says whether the chosen book was read; its output step is 0 per event', () => {
    const found = study(null);
    const missing = study(null, null, 'no-such-instrument');
    for (const input of stream) {
      found.book(0, input);
      missing.book(0, input);
    }
    expect(found.bookRead).toBe(true);
    expect(missing.bookRead).toBe(false);
    expect(found.finish().output.stepMs).toBe(0);
    expect(missing.finish().tables.depth?.rows).toBe(0);
  });

  it('drains per step as well: the same samples as one finish', () => {
    const once = run(study({ start: hour + 60_000, end: hour + 3_000_000 }, 1_000), stream);
    const streamed = run(study({ start: hour + 60_000, end: hour + 3_000_000 }, 1_000), stream, 300);
    expect(streamed.drained).toBeGreaterThan(0);
    expect(streamed.time).toEqual(once.time);
    expect(streamed.columns).toEqual(once.columns);
    expect(once.time.every((t) => t % 1_000 === 0)).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { splitRangeOn422 } from '../../../electron/host/client/range-splitting.ts';
import type { RowPage, TimeRange } from '../../../electron/host/client/row-page.ts';

/** A row of the fake service: its collector time and its id. */
interface FakeRow {
  t: number;
  id: string;
}

/** What the fake service is told to do: page size, and after how many pages each query answers 422. */
interface FakePlan {
  pageSize: number;
  /** The i-th query answers 422 after this many pages (when it has more); undefined: it never does. */
  failAfterPages: readonly (number | undefined)[];
}

/**
 * A naive Market Data Service: rows sorted by collector time (ties in a fixed order), a query
 * returns those in `[start, end]` in pages of `pageSize`, and the planned queries answer 422 part
 * way. A one-millisecond query never answers 422, as a real one holds few rows.
 */
class FakeService {
  readonly queries: TimeRange[] = [];
  readonly #rows: readonly FakeRow[];
  readonly #plan: FakePlan;

  constructor(rows: readonly FakeRow[], plan: FakePlan) {
    this.#rows = rows;
    this.#plan = plan;
  }

  /** The answer of one unbounded query: every row in the range, in order. */
  all(range: TimeRange): FakeRow[] {
    return this.#rows.filter((row) => row.t >= range.start && row.t <= range.end);
  }

  async *pagesOf(range: TimeRange): AsyncGenerator<RowPage<FakeRow>> {
    const failAfter = range.start === range.end ? undefined : this.#plan.failAfterPages[this.queries.length];
    this.queries.push(range);
    const rows = this.all(range);
    const size = this.#plan.pageSize;
    for (let page = 0, offset = 0; page === 0 || offset < rows.length; page++, offset += size) {
      if (page === failAfter) throw tooExpensive(range);
      const hasMore = offset + size < rows.length;
      await Promise.resolve();
      yield {
        items: rows.slice(offset, offset + size),
        hasMore,
        nextCursor: hasMore ? `c${page + 1}` : null,
        cursor: page === 0 ? null : `c${page}`,
        range,
        envelope: {},
      };
    }
  }
}

function tooExpensive(range: TimeRange): MarketDataError {
  return new MarketDataError('too-expensive', 'Query work exceeds its limit', {
    status: 422,
    code: 'query_too_expensive',
    resolution: 'Narrow the time range.',
    request: { method: 'GET', url: `http://fake.test/events?start=${range.start}&end=${range.end}`, authorization: null },
  });
}

async function delivered(service: FakeService, range: TimeRange): Promise<FakeRow[]> {
  const rows: FakeRow[] = [];
  const pages = splitRangeOn422(range, (part) => service.pagesOf(part), (row) => ({ collectorTimestamp: row.t, eventId: row.id }));
  for await (const page of pages) rows.push(...page.items);
  return rows;
}

/** Rows at the given collector times, in order; a repeated time is a tie, with ids in a fixed order. */
function rowsAt(times: readonly number[]): FakeRow[] {
  return [...times].sort((a, b) => a - b).map((t, index) => ({ t, id: `e${String(index).padStart(3, '0')}` }));
}

// Pages of 2 cut the ties at 10, 13, 14 and 20 in two, and 13 is the midpoint of [6, 20].
const tiedRows = rowsAt([6, 7, 10, 10, 10, 11, 13, 13, 13, 14, 14, 14, 15, 20, 20, 20]);
const tiedRange = { start: 6, end: 20 };

describe('splitRangeOn422: a 422 mid-stream still gives exactly the rows of one unbounded query', () => {
  it('a 422 after N pages, for every N, with ties at the restart time and at the split', async () => {
    const pages = Math.ceil(tiedRows.length / 2);
    for (let failAfter = 0; failAfter <= pages; failAfter++) {
      const service = new FakeService(tiedRows, { pageSize: 2, failAfterPages: [failAfter] });
      expect(await delivered(service, tiedRange), `422 after ${failAfter} pages`).toEqual(service.all(tiedRange));
      if (failAfter < pages) expect(service.queries.length, `422 after ${failAfter} pages: the range was split`).toBeGreaterThan(1);
    }
  });

  it('a 422 after N pages, then again inside each half', async () => {
    for (let failAfter = 0; failAfter <= 4; failAfter++) {
      for (let again = 0; again <= 2; again++) {
        const service = new FakeService(tiedRows, { pageSize: 2, failAfterPages: [failAfter, again, again, again] });
        expect(await delivered(service, tiedRange), `422 after ${failAfter}, then after ${again}`).toEqual(service.all(tiedRange));
      }
    }
  });

  it('a 422 whose delivered rows already reach the end of the range: the rest of that millisecond still comes', async () => {
    const rows = rowsAt([1, 2, 5, 5, 5]);
    const service = new FakeService(rows, { pageSize: 2, failAfterPages: [2] });
    expect(await delivered(service, { start: 1, end: 5 })).toEqual(rows);
  });

  it('random rows, page sizes and 422 plans: never a repeat, never a gap', async () => {
    const times = fc.array(fc.integer({ min: 0, max: 24 }), { maxLength: 60, size: 'max' });
    const plans = fc.record({
      pageSize: fc.integer({ min: 1, max: 5 }),
      failAfterPages: fc.array(fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }), { maxLength: 8, size: 'max' }),
    });
    const ranges = fc.tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 24 })).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));
    await fc.assert(
      fc.asyncProperty(times, plans, ranges, async (rowTimes, plan, range) => {
        const service = new FakeService(rowsAt(rowTimes), plan);
        expect(await delivered(service, range)).toEqual(service.all(range));
      }),
      { seed: 20260302, numRuns: 1500 },
    );
  });

  it('says has_more on every page but the last, so a reader that stops at the first has_more: false still gets every row', async () => {
    const times = fc.array(fc.integer({ min: 0, max: 24 }), { maxLength: 60, size: 'max' });
    const plans = fc.record({
      pageSize: fc.integer({ min: 1, max: 5 }),
      failAfterPages: fc.array(fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }), { maxLength: 8, size: 'max' }),
    });
    await fc.assert(
      fc.asyncProperty(times, plans, async (rowTimes, plan) => {
        const service = new FakeService(rowsAt(rowTimes), plan);
        const range = { start: 0, end: 24 };
        const rows: FakeRow[] = [];
        const flags: boolean[] = [];
        for await (const page of splitRangeOn422(range, (part) => service.pagesOf(part), (row) => ({ collectorTimestamp: row.t, eventId: row.id }))) {
          rows.push(...page.items);
          flags.push(page.hasMore);
          if (!page.hasMore) break;
        }
        expect(rows).toEqual(service.all(range));
        expect(flags.slice(0, -1).every(Boolean)).toBe(true);
      }),
      { seed: 20261207, numRuns: 800 },
    );
  });

  it('passes on a 422 for a single millisecond (it cannot be split) and any other error as they are', async () => {
    const oneMs = { start: 4, end: 4 };
    const refusing = (): AsyncGenerator<RowPage<FakeRow>> => (async function* () {
      await Promise.resolve();
      yield* [];
      throw tooExpensive(oneMs);
    })();
    const mark = (row: FakeRow) => ({ collectorTimestamp: row.t, eventId: row.id });
    await expect(splitRangeOn422(oneMs, refusing, mark).next()).rejects.toMatchObject({ kind: 'too-expensive' });
    const failing = (): AsyncGenerator<RowPage<FakeRow>> => (async function* () {
      await Promise.resolve();
      yield* [];
      throw new MarketDataError('unavailable', 'down', { status: 503, request: { method: 'GET', url: 'http://fake.test/events', authorization: null } });
    })();
    await expect(splitRangeOn422({ start: 0, end: 9 }, failing, mark).next()).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

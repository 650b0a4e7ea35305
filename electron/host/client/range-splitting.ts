import { MarketDataError } from './market-data-error.ts';
import type { RowPage, TimeRange } from './row-page.ts';

/** Where a row sits in collector time, and its identity, so a resumed range skips what was given. */
export interface RowMark {
  collectorTimestamp: number;
  eventId: string;
}

interface PendingRange extends TimeRange {
  /** Event ids already handed on at exactly `start`. */
  skip: ReadonlySet<string>;
}

/**
 * Runs a time-ranged query so that a 422 ("query work exceeds its limit", spec parts 7 and 8)
 * does not end the stream: the part of the range not yet delivered is split in halves, each half
 * is paged in turn, and halves that 422 again are split again, down to a single millisecond.
 *
 * The caller sees one stream in the service's order. When the 422 comes mid-way, the rest of the
 * range restarts at the collector time of the latest row already handed on, and rows with that
 * time that were handed on are skipped, so nothing repeats. The halves are `[start, mid]` and
 * `[mid + 1, end]` (bounds inclusive, as the service reads them). When the rows handed on already
 * reach `end`, the rest of that last millisecond is asked for alone. A millisecond that answers
 * 422 without giving a single new row cannot be split further: that 422 is the caller's.
 */
export async function* splitRangeOn422<Row>(
  range: TimeRange,
  pagesOf: (range: TimeRange) => AsyncGenerator<RowPage<Row>>,
  markOf: (row: Row) => RowMark,
): AsyncGenerator<RowPage<Row>> {
  const pending: PendingRange[] = [{ ...range, skip: new Set() }];
  for (let current = pending.shift(); current !== undefined; current = pending.shift()) {
    let latest = current.start;
    let atLatest = new Set(current.skip);
    let progressed = false;
    try {
      for await (const page of pagesOf({ start: current.start, end: current.end })) {
        const items: Row[] = [];
        for (const row of page.items) {
          const mark = markOf(row);
          if (mark.collectorTimestamp === current.start && current.skip.has(mark.eventId)) continue;
          items.push(row);
          progressed = true;
          if (mark.collectorTimestamp > latest) {
            latest = mark.collectorTimestamp;
            atLatest = new Set();
          }
          if (mark.collectorTimestamp === latest) atLatest.add(mark.eventId);
        }
        yield { ...page, items, hasMore: page.hasMore || pending.length > 0 };
      }
    } catch (error) {
      if (!(error instanceof MarketDataError) || error.kind !== 'too-expensive') throw error;
      const start = latest;
      if (start >= current.end) {
        if (!progressed) throw error;
        pending.unshift({ start, end: current.end, skip: atLatest });
        continue;
      }
      const mid = Math.floor((start + current.end) / 2);
      pending.unshift({ start, end: mid, skip: atLatest }, { start: mid + 1, end: current.end, skip: new Set() });
    }
  }
}

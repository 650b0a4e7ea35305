import { bookKeyId } from '../../../shared/book/book-key.ts';
import type { OrderbookRecord } from '../../../shared/snapshot/records.ts';
import type { RecordList } from '../store/hour-records.ts';
import { hourMs } from '../../../shared/time/time-units.ts';

// Where `/l2-orderbooks` may start replaying for a range: "from a preceding snapshot" (spec
// 4.12). A snapshot replaces the whole book, so nothing before it changes a book after it; the
// replay of a busy hour then costs the events since the last snapshot (minutes), not since the
// start of the hour before.

/** One hour's book records indexed for finding a start: running max of collector time, snapshot positions, and whether one book only. */
interface StartIndex {
  /** Running max of collector time after each record (unclamped). */
  highest: Float64Array;
  /** Positions of snapshot records, ascending. */
  snapshots: number[];
  /** Every record is of one book (source, market, instrument). */
  singleBook: boolean;
}

const indexes = new WeakMap<RecordList<OrderbookRecord>, StartIndex>();

function indexOf(records: RecordList<OrderbookRecord>): StartIndex {
  let index = indexes.get(records);
  if (index !== undefined) return index;
  const highest = new Float64Array(records.length);
  const snapshots: number[] = [];
  let running = Number.NEGATIVE_INFINITY;
  let book: string | null = null;
  let singleBook = true;
  for (let i = 0; i < records.length; i++) {
    const record = records.at(i);
    if (record === undefined) continue;
    if (record.collectorTimestamp > running) running = record.collectorTimestamp;
    highest[i] = running;
    if (record.isSnapshot) snapshots.push(i);
    const id = bookKeyId(record);
    if (book === null) book = id;
    else if (id !== book) singleBook = false;
  }
  index = { highest, snapshots, singleBook };
  indexes.set(records, index);
  return index;
}

/** Where a replay starts within one hour's records: the record's position and the running max of collector time before it. */
export interface SnapshotStart {
  index: number;
  /** Running max of collector time over the records before `index` (−∞ at 0). */
  highestBefore: number;
}

/**
 * The last snapshot in these records whose replay clock (running max of collector time, clamped
 * to the hour) is before `start`, so every record before it is before the range; null when the
 * hour has none, or holds several books (their snapshots do not all come together), unless
 * `instrument` narrows the stream to one.
 */
export function snapshotBefore(hourStart: number, records: RecordList<OrderbookRecord>, start: number, instrument: string | undefined): SnapshotStart | null {
  const index = indexOf(records);
  if (!index.singleBook && instrument === undefined) return null;
  const hourEnd = hourStart + hourMs - 1;
  for (let k = index.snapshots.length - 1; k >= 0; k--) {
    const at = index.snapshots[k] ?? 0;
    const clock = Math.min(hourEnd, Math.max(hourStart, index.highest[at] ?? Number.NEGATIVE_INFINITY));
    if (clock >= start) continue;
    const record = records.at(at);
    if (record === undefined || (instrument !== undefined && record.instrument !== instrument)) continue;
    return { index: at, highestBefore: at === 0 ? Number.NEGATIVE_INFINITY : (index.highest[at - 1] ?? Number.NEGATIVE_INFINITY) };
  }
  return null;
}

import type { RecordEnvelope, SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { bookSide } from './book-levels.ts';
import { isJsonObject, LineProblem, numberField, objectField, stringField, nullableStringField, type JsonObject } from './line-problem.ts';
import { isRecordTime } from './record-time.ts';
import { pointValue, tradeFields } from './v2-record.ts';

/** Legacy timestamps at or above this are microseconds, not milliseconds. */
export const legacyMicrosecondThreshold = 1e14;

/**
 * Converts a legacy `timestamp` to whole Unix milliseconds (every `*_timestamp` of the API is an
 * integer count of ms, spec part 2): microseconds are truncated to their millisecond.
 */
export function legacyMilliseconds(timestamp: number): number {
  return timestamp >= legacyMicrosecondThreshold ? Math.floor(timestamp / 1000) : timestamp;
}

/** The row's `timestamp` in ms, or a problem when it is not a time a record may carry. */
function legacyTime(row: JsonObject): number {
  const timestamp = numberField(row, 'timestamp');
  const milliseconds = legacyMilliseconds(timestamp);
  if (isRecordTime(milliseconds)) return milliseconds;
  throw new LineProblem(
    `timestamp must be whole Unix milliseconds, or microseconds (at least 1e14), from 2000-01-01 to 2100-01-01 (it is ${timestamp})`,
  );
}

/** Legacy book types that replace the book (the SDK's book builder reads all three), and the one that updates it. */
export const legacySnapshotTypes: ReadonlySet<string> = new Set(['orderbook', 'orderbook_snapshot', 'l2_snapshot']);
const legacyDeltaType = 'orderbook_delta';

/**
 * Turns one parsed legacy row `{timestamp, source, market, type, data}` into a typed record.
 * `orderbook`, `orderbook_snapshot` and `l2_snapshot` are snapshots and `orderbook_delta` a delta;
 * a book row's `bids`/`asks` may stand beside `data` (then `data` may be left out). Other types
 * are kept whole.
 */
export function legacyRecord(row: JsonObject, line: number): SnapshotRecord {
  const type = stringField(row, 'type');
  const base: RecordEnvelope = {
    collectorTimestamp: legacyTime(row),
    collectorSequence: null,
    exchangeTimestamp: null,
    exchangeSequence: null,
    source: stringField(row, 'source'),
    market: stringField(row, 'market'),
    instrument: nullableStringField(row, 'instrument'),
    line,
  };
  if (legacySnapshotTypes.has(type) || type === legacyDeltaType) {
    const data = isJsonObject(row.data) || !(Array.isArray(row.bids) || Array.isArray(row.asks)) ? objectField(row, 'data') : null;
    return { ...base, type: 'orderbook', isSnapshot: type !== legacyDeltaType, bids: bookSide(row, data, 'bids'), asks: bookSide(row, data, 'asks') };
  }
  const data = objectField(row, 'data');
  switch (type) {
    case 'trade':
      return { ...base, type, ...tradeFields(data) };
    case 'point':
      return { ...base, type, series: stringField(data, 'series', 'data.'), value: pointValue(data) };
    default:
      return { ...base, type: 'unknown', originalType: type, data };
  }
}

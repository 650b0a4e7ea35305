import type { RecordEnvelope, SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { flatLevels } from './book-levels.ts';
import { LineProblem, numberField, objectField, stringField, nullableStringField, type JsonObject } from './line-problem.ts';
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

/**
 * Turns one parsed legacy row `{timestamp, source, market, type, data}` into a typed record.
 * `orderbook` is a snapshot and `orderbook_delta` a delta; other types are kept whole.
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
  const data = objectField(row, 'data');
  switch (type) {
    case 'orderbook':
    case 'orderbook_delta':
      return {
        ...base,
        type: 'orderbook',
        isSnapshot: type === 'orderbook',
        bids: flatLevels(data.bids, 'bids'),
        asks: flatLevels(data.asks, 'asks'),
      };
    case 'trade':
      return { ...base, type, ...tradeFields(data) };
    case 'point':
      return { ...base, type, series: stringField(data, 'series', 'data.'), value: pointValue(data) };
    default:
      return { ...base, type: 'unknown', originalType: type, data };
  }
}

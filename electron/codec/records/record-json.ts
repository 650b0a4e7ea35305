import { tradeFieldsOf } from '../../../shared/rows/from-records/trade-rows.ts';
import type { FlatLevels, SnapshotFormat, SnapshotRecord } from '../../../shared/snapshot/records.ts';
import type { JsonObject } from './line-problem.ts';

/** The JSON form of one record that `mde decode` prints, one object per line. */
export interface DecodedRecordJson {
  type: string;
  collector_timestamp: number;
  collector_sequence: number | null;
  exchange_timestamp: number | null;
  exchange_sequence: string | null;
  source: string;
  market: string;
  instrument: string | null;
  data: unknown;
}

/** The parsed row a record was decoded from, and the file's format: what a lossless line is made from. */
export interface DecodedSource {
  row: JsonObject;
  format: SnapshotFormat;
}

/** Flat levels back to `[[price, quantity], ...]`. */
export function levelPairs(levels: FlatLevels): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < levels.length; i += 2) pairs.push([levels[i] ?? 0, levels[i + 1] ?? 0]);
  return pairs;
}

function normalizedData(record: SnapshotRecord): unknown {
  switch (record.type) {
    case 'orderbook':
      return { is_snapshot: record.isSnapshot, bids: levelPairs(record.bids), asks: levelPairs(record.asks) };
    case 'trade':
      return tradeFieldsOf(record);
    case 'point':
      return { series: record.series, value: record.value };
    case 'quote_ladder':
      return record.values;
    case 'record':
      return { series: record.series, values: record.values };
    case 'unknown':
      return { original_type: record.originalType, data: record.data };
    default:
      return record.data;
  }
}

/** A record as `mde decode` prints it: snake_case envelope, normalized data, exact quote amounts. */
export function decodedRecordJson(record: SnapshotRecord): DecodedRecordJson {
  return {
    type: record.type,
    collector_timestamp: record.collectorTimestamp,
    collector_sequence: record.collectorSequence,
    exchange_timestamp: record.exchangeTimestamp,
    exchange_sequence: record.exchangeSequence,
    source: record.source,
    market: record.market,
    instrument: record.instrument,
    data: normalizedData(record),
  };
}

/** The envelope fields every printed line has, in order. */
const envelopeFields = ['type', 'collector_timestamp', 'collector_sequence', 'exchange_timestamp', 'exchange_sequence', 'source', 'market', 'instrument'] as const;

/** Whether a printed value `b` is the row's value `a` (one holding a -0 never is: JSON text has no negative zero). */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && Object.is(a, -0)) return false;
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (!isObject(a) || !isObject(b)) return false;
  const aKeys = Object.keys(a);
  return aKeys.length === Object.keys(b).length && aKeys.every((key) => key in b && sameJson(a[key], b[key]));
}

/** A row's value as `normalized` holds it: itself, with `"-0"` for each negative zero in it, which JSON text cannot carry. */
function asWritten(value: unknown): unknown {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : value;
  if (Array.isArray(value)) return value.map(asWritten);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asWritten(item)]));
  return value;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A record as `mde decode` prints it, made lossless with the row it was decoded from: the
 * envelope and data of `decodedRecordJson`, then every other field of the row's envelope and of its
 * `data` as the row had it, and, where the printed line differs from the row, `normalized`: each
 * changed or moved field's value as the row wrote it (`type` `orderbook_delta` read as an order-book
 * delta, a legacy `timestamp` in µs, levels written as objects or beside `data`, a decimal string
 * read as a number; a negative zero, which JSON text cannot carry, as `"-0"`). `mde decode --raw`
 * prints the row itself.
 */
export function losslessRecordJson(record: SnapshotRecord, source: DecodedSource): JsonObject {
  const { row, format } = source;
  const printed = decodedRecordJson(record);
  const normalized: JsonObject = {};
  const line: JsonObject = {};
  for (const field of envelopeFields) {
    line[field] = printed[field];
    const given = row[field];
    if (given !== undefined && given !== null && !sameJson(given, printed[field])) normalized[field] = asWritten(given);
  }
  // A legacy row's `timestamp` is printed as collector_timestamp (µs become ms).
  if (format === 'legacy' && row.timestamp !== undefined) normalized.timestamp = row.timestamp;
  const rowData = isObject(row.data) ? row.data : null;
  const moved = record.type === 'orderbook' ? (['bids', 'asks'] as const).filter((side) => (rowData === null || !(side in rowData)) && Array.isArray(row[side])) : [];
  const known = new Set<string>([...envelopeFields, 'data', ...(format === 'legacy' ? ['timestamp'] : []), ...moved]);
  for (const [key, value] of Object.entries(row)) if (!known.has(key)) line[key] = value;
  for (const side of moved) normalized[side] = row[side];
  line.data = losslessData(record, printed.data, rowData, normalized);
  if (Object.keys(normalized).length > 0) line.normalized = normalized;
  return line;
}

/** The printed data with the row's other `data` fields after it; what differs from the row goes to `normalized` as `data.{field}`. */
function losslessData(record: SnapshotRecord, printedData: unknown, rowData: JsonObject | null, normalized: JsonObject): unknown {
  if (!isObject(printedData)) return printedData;
  if (rowData === null) return printedData;
  if (record.type === 'unknown' || printedData === rowData) return printedData;
  const data: JsonObject = { ...printedData };
  // The fields the printed data stands for: a quote ladder prints the row's `values` as its data.
  const standsFor = record.type === 'quote_ladder' ? new Set(['series', 'values']) : new Set(Object.keys(printedData));
  for (const [key, value] of Object.entries(rowData)) {
    if (standsFor.has(key)) {
      if (record.type !== 'quote_ladder' && !sameJson(value, data[key]) && !(value === undefined || value === null)) normalized[`data.${key}`] = asWritten(value);
      continue;
    }
    if (key in data) normalized[`data.${key}`] = value;
    else data[key] = value;
  }
  return data;
}

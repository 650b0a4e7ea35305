import type { SnapshotHeader } from '../../../shared/snapshot/records.ts';
import { LineProblem, nullableNumberField, nullableStringField, objectField, type JsonObject } from './line-problem.ts';
import { nullableTimeField } from './record-time.ts';

/** Schema versions this decoder reads. */
export const supportedSchemaVersions: readonly string[] = ['v2'];

/** Whether a parsed first row is a metadata (framing) row. */
export function isMetadataRow(row: JsonObject): boolean {
  return row.type === 'metadata';
}

/** Reads the v2 metadata header row; the caller checks `schemaVersion` is supported. */
export function metadataHeader(row: JsonObject): SnapshotHeader {
  const data = objectField(row, 'data');
  const schemaVersion = data.schema_version;
  if (typeof schemaVersion !== 'string') throw new LineProblem('the metadata row has no string data.schema_version');
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key.endsWith('_count') && key !== 'event_count' && typeof value === 'number') counts[key] = value;
  }
  const source = data.source ?? row.source;
  const market = data.market ?? row.market;
  if (typeof source !== 'string') throw new LineProblem('the metadata row has no string source');
  if (typeof market !== 'string') throw new LineProblem('the metadata row has no string market');
  return {
    schemaVersion,
    source,
    market,
    date: nullableStringField(data, 'date', 'data.'),
    startTime: nullableTimeField(data, 'start_time', 'data.'),
    endTime: nullableTimeField(data, 'end_time', 'data.'),
    eventCount: nullableNumberField(data, 'event_count', 'data.'),
    counts,
    collectorVersion: nullableStringField(data, 'collector_version', 'data.'),
  };
}

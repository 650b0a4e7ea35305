import { expect } from 'vitest';
import type { RowContext } from '../../../shared/rows/from-records/row-context.ts';
import type { RecordEnvelope } from '../../../shared/snapshot/records.ts';

/**
 * The spec's rules for carrying a source record's values into a flat row (spec 2 conventions),
 * written here from the spec and not from the converters: the exactness tests' oracle.
 */

/** The snapshot file every record in the exactness tests comes from. */
export const exactnessContext: RowContext = { sourceCaptureId: 'standard-testvenue-BTC-2026-03-02-07' };

/** The start of that file's hour: 2026-03-02 07:00 UTC. */
export const exactnessHour = Date.UTC(2026, 2, 2, 7);

/** The spec 2.1 fields, in the spec's order. */
export const envelopeFields = ['event_id', 'source', 'market', 'instrument', 'collector_timestamp', 'exchange_timestamp', 'source_capture_id', 'schema_version'] as const;

/** An envelope of the test file: line `line`, `offsetMs` into the hour, with a venue time unless overridden. */
export function envelopeAt(line: number, offsetMs: number, overrides: Partial<RecordEnvelope> = {}): RecordEnvelope {
  return {
    collectorTimestamp: exactnessHour + offsetMs,
    collectorSequence: line - 1,
    exchangeTimestamp: exactnessHour + offsetMs - 7,
    exchangeSequence: null,
    source: 'testvenue',
    market: 'BTC',
    instrument: null,
    line,
    ...overrides,
  };
}

/** A decimal string stays byte for byte; a value the record did not supply (absent or null) is null, never '0'. */
export function decimalOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Error(`The test records hold decimals as strings, not ${JSON.stringify(value)}`);
  return value;
}

/** The 2.1 fields of the row of `record`: the record's own values (the event id is checked apart). */
export function envelopeOf(record: RecordEnvelope): Record<string, unknown> {
  return {
    source: record.source,
    market: record.market,
    instrument: record.instrument,
    collector_timestamp: record.collectorTimestamp,
    exchange_timestamp: record.exchangeTimestamp,
    source_capture_id: exactnessContext.sourceCaptureId,
    schema_version: 2,
  };
}

/** Fails unless the row has exactly `fields` as its keys (no field missing, none invented). */
export function expectFieldsExactly(row: object, fields: readonly string[], label: string): void {
  expect(Object.keys(row).sort(), `${label}: the row's fields`).toEqual([...fields].sort());
}

/** Fails unless every row has its own non-empty `event_id` (spec 2.1: it identifies the row). */
export function expectDistinctEventIds(rows: readonly { event_id: string }[]): void {
  const ids = rows.map((row) => row.event_id);
  for (const id of ids) expect(typeof id === 'string' && id !== '').toBe(true);
  expect(new Set(ids).size, 'event ids are distinct').toBe(ids.length);
}

/** The row's fields other than `event_id` (an identifier the service chooses), for a whole-row comparison. */
export function withoutEventId(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([field]) => field !== 'event_id'));
}

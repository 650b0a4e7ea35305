import type { RecordEnvelope } from '../../snapshot/records.ts';
import type { TypedRowBase } from '../common.ts';

/** Where a record was captured: the snapshot file it came from, named by its key. */
export interface RowContext {
  /** The snapshot key of the file, e.g. `standard-hyperliquid-BTC-2026-11-22-04`. */
  sourceCaptureId: string;
}

/** Schema version of the flat rows this service emits (spec 9.2). */
export const rowSchemaVersion = 2;

/** A deterministic, unique event id: the capture plus the record's line (and a part index). */
export function eventIdOf(context: RowContext, record: RecordEnvelope, part?: number): string {
  return part === undefined ? `${context.sourceCaptureId}:${record.line}` : `${context.sourceCaptureId}:${record.line}:${part}`;
}

/** The spec 2.1 fields every typed row carries, taken from a record's envelope. */
export function rowBase(context: RowContext, record: RecordEnvelope, part?: number): TypedRowBase {
  return {
    event_id: eventIdOf(context, record, part),
    source: record.source,
    market: record.market,
    instrument: record.instrument,
    collector_timestamp: record.collectorTimestamp,
    exchange_timestamp: record.exchangeTimestamp,
    source_capture_id: context.sourceCaptureId,
    schema_version: rowSchemaVersion,
  };
}

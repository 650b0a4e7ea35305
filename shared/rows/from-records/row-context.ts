import type { RecordEnvelope } from '../../snapshot/records.ts';
import type { TypedRowBase } from '../common.ts';

/** Where a record was captured: its snapshot file and the capture session it belongs to. */
export interface RowContext {
  /**
   * The capture session (spec 2.1 `source_capture_id`): equal for every row of one session of a
   * (source, market), across its hour files, and different after a collector restart.
   */
  sourceCaptureId: string;
  /**
   * The snapshot key of the file, e.g. `standard-hyperliquid-BTC-2026-11-22-04`: event ids are
   * built from it and the line, so they stay unique and stable whatever the session is named.
   * Absent: the file is taken to be one whole session named by its key (`sourceCaptureId`).
   */
  fileKey?: string;
}

/** Schema version of the flat rows this service emits (spec 9.2). */
export const rowSchemaVersion = 2;

/** The key event ids of a context's rows are built from: its file key. */
export function eventKeyOf(context: RowContext): string {
  return context.fileKey ?? context.sourceCaptureId;
}

/** A deterministic, unique event id: the file plus the record's line (and a part index). */
export function eventIdOf(context: RowContext, record: RecordEnvelope, part?: number): string {
  const key = eventKeyOf(context);
  return part === undefined ? `${key}:${record.line}` : `${key}:${record.line}:${part}`;
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

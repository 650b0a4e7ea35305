/** A number serialised as a string so it loses no precision (spec part 2). */
export type DecimalString = string;

/** Fields present in every typed row (spec 2.1). */
export interface TypedRowBase {
  event_id: string;
  source: string;
  /** Normalized routing market, or the normalized underlying for options. */
  market: string;
  /** Venue-native instrument; nullable except in option and quote rows. */
  instrument: string | null;
  /** Collector time, Unix ms; all ordering is by it. */
  collector_timestamp: number;
  /** Venue time, Unix ms, when supplied. */
  exchange_timestamp: number | null;
  source_capture_id: string;
  schema_version: number;
}

/** The page wrapper of every typed endpoint (spec 2.10). */
export interface Page<Row> {
  items: Row[];
  has_more: boolean;
  next_cursor?: string | null;
}

/** The error object of a failed response (spec 2.14). */
export interface ServiceErrorObject {
  code: string;
  message: string;
  resolution: string;
}

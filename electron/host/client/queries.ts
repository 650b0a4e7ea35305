import type { CandleInterval } from '../../../shared/rows/candle-row.ts';
import type { RowKind } from '../../../shared/rows/row-kinds.ts';

/** Options of any call: an AbortSignal, so the UI can abandon a query it no longer needs. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** `GET /catalog` (spec 4.1). */
export interface CatalogQuery {
  source?: string;
  market?: string;
  symbol?: string;
  q?: string;
  limit?: number;
}

/** `GET /catalog/instruments` (spec 4.2). */
export interface InstrumentsQuery {
  source: string;
  market: string;
  instrument?: string;
  expiry?: number;
  option_type?: 'call' | 'put';
  q?: string;
  limit?: number;
}

/** `GET /snapshots` (spec 4.4): `from`/`to` ISO-8601 UTC. */
export interface SnapshotsQuery {
  source: string;
  market: string;
  from?: string;
  to?: string;
  raw?: boolean;
  limit?: number;
}

/** `GET /download` (spec 4.6): one UTC date, strict YYYY-MM-DD. */
export interface DailyManifestQuery {
  source: string;
  market: string;
  date: string;
}

/** The filters of the historical and latest-hour row endpoints (spec 4.7 to 4.11); times Unix ms, inclusive. */
export interface RowQuery {
  source?: string;
  market?: string;
  instrument?: string;
  start?: number;
  end?: number;
  limit?: number;
}

/** `GET /ohlcv`: start and end are candle open times. */
export interface CandleQuery extends RowQuery {
  interval?: CandleInterval;
}

/** `GET /intents`. */
export interface IntentQuery extends RowQuery {
  intent_id?: string;
}

/** `GET /quotes`. */
export interface QuoteQuery extends RowQuery {
  observation_id?: string;
}

/** `GET /l2-orderbooks` (spec 4.12): reconstructed books over a required range. */
export interface L2OrderbooksQuery {
  source: string;
  market: string;
  instrument?: string;
  start: number;
  end: number;
  limit?: number;
}

/** `GET /events` (spec 4.13): a key is required; `types` defaults to all seven. */
export interface EventsQuery {
  start: number;
  end: number;
  types?: readonly RowKind[];
  source?: string;
  market?: string;
  instrument?: string;
  limit?: number;
}

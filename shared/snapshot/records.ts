/**
 * Typed records of a snapshot file (spec 2.13 and the field notes), as the decoder hands them to
 * the rest of the app. The envelope is camelCase; payload fields keep the file's names. Decimal
 * strings stay strings, null stays null, and 256-bit quote amounts stay exact decimal strings.
 */

/** Which on-disk format a record came from. */
export type SnapshotFormat = 'v2' | 'legacy';

/**
 * Price levels of one book side, flat: `[price0, qty0, price1, qty1, ...]` in file order. The
 * book engine applies them directly, with no re-parsing and no per-level objects.
 */
export type FlatLevels = Float64Array;

/** Fields every event record carries. */
export interface RecordEnvelope {
  /** Collector time in Unix milliseconds (legacy microsecond timestamps are converted). */
  collectorTimestamp: number;
  /** Collector arrival order within the file; null for legacy files. */
  collectorSequence: number | null;
  /** Venue time in Unix milliseconds, when the venue supplied one. */
  exchangeTimestamp: number | null;
  /** Venue sequence identifier, when supplied. */
  exchangeSequence: string | null;
  source: string;
  /** Normalized market; for quote files taken from the metadata header. */
  market: string;
  /** Venue-native instrument, when the row names one. */
  instrument: string | null;
  /** 1-based line number in the decompressed file, for error messages downstream. */
  line: number;
  /** The venue's own payload, present only when the row carries a `raw` field. */
  raw?: unknown;
}

/** An order-book snapshot (replaces the book) or delta (absolute quantities, 0 deletes). */
export interface OrderbookRecord extends RecordEnvelope {
  type: 'orderbook';
  isSnapshot: boolean;
  bids: FlatLevels;
  asks: FlatLevels;
}

/** One trade print. */
export interface TradeRecord extends RecordEnvelope {
  type: 'trade';
  price: number;
  quantity: number;
  side: 'buy' | 'sell' | null;
  orderId: string | null;
  maker: string | null;
  taker: string | null;
  liquidation: boolean | null;
}

/** A single named value such as `mark_px`; the value is a decimal string. */
export interface PointRecord extends RecordEnvelope {
  type: 'point';
  series: string;
  value: string;
}

/** One quote of a ladder: exact unsigned 256-bit amounts as decimal strings. */
export interface LadderQuote {
  amount_in: string;
  amount_out: string;
}

/** The standardized values of a `quote_ladder` record (spec 2.13.6). */
export interface QuoteLadderValues {
  event_id: string;
  chain_id: number;
  block_number: number;
  block_hash: string;
  parent_hash: string;
  transaction_hash: string;
  transaction_index: number;
  router: string;
  oracle: string | null;
  /** Present only for sources that quote through a pool. */
  pool?: string;
  token_in: string;
  token_out: string;
  token_in_decimals: number;
  token_out_decimals: number;
  quotes: LadderQuote[];
}

/** A DEX quote ladder (`record` with series `quote_ladder`). */
export interface QuoteLadderRecord extends RecordEnvelope {
  type: 'quote_ladder';
  values: QuoteLadderValues;
}

/** A `record` of any other series (heartbeat, telemetry, state, failure): kept raw. */
export interface RawSeriesRecord extends RecordEnvelope {
  type: 'record';
  series: string;
  values: unknown;
}

/** The decimal-string fields of a perpetual ticker, in file names and file order. */
export const perpetualDecimalFields = [
  'last_price',
  'mark_price',
  'index_price',
  'oracle_price',
  'mid_price',
  'open_interest',
  'funding_rate',
  'predicted_funding_rate',
  'premium',
] as const;

/** A perpetual ticker: decimal strings, any of which may be absent or null. */
export interface PerpetualTickerRecord extends RecordEnvelope {
  type: 'perpetual_ticker';
  data: {
    last_price?: string | null;
    mark_price?: string | null;
    index_price?: string | null;
    oracle_price?: string | null;
    mid_price?: string | null;
    open_interest?: string | null;
    funding_rate?: string | null;
    predicted_funding_rate?: string | null;
    premium?: string | null;
    funding_timestamp?: number | null;
  };
}

/** An option ticker: decimal strings plus a nested `greeks` object, kept as in the file. */
export interface OptionTickerRecord extends RecordEnvelope {
  type: 'option_ticker';
  data: Record<string, unknown> & { greeks?: Record<string, string | null> };
}

/** An intent observation (rfq, submitted, settled, ...), correlated by `rfq_id` / `intent_id`. */
export interface IntentRecord extends RecordEnvelope {
  type: 'intent';
  data: Record<string, unknown> & {
    rfq_id?: string;
    intent_id?: string;
    status?: string;
  };
}

/** A row of a type this version does not know: kept whole so nothing is lost. */
export interface UnknownRecord extends RecordEnvelope {
  type: 'unknown';
  originalType: string;
  data: unknown;
}

/** Every event record the decoder yields, discriminated by `type`. */
export type SnapshotRecord =
  | OrderbookRecord
  | TradeRecord
  | PointRecord
  | QuoteLadderRecord
  | RawSeriesRecord
  | PerpetualTickerRecord
  | OptionTickerRecord
  | IntentRecord
  | UnknownRecord;

/** The `type` of a snapshot record. */
export type SnapshotRecordType = SnapshotRecord['type'];

/** The v2 metadata header (framing, not an event). Counts are as the collector wrote them. */
export interface SnapshotHeader {
  schemaVersion: string;
  source: string;
  market: string;
  date: string | null;
  startTime: number | null;
  endTime: number | null;
  eventCount: number | null;
  /** Per-type counts from the header, keyed as in the file (`trade_count`, ...). */
  counts: Record<string, number>;
  collectorVersion: string | null;
}

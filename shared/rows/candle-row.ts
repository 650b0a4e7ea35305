/** Canonical candle intervals (field notes). */
export const candleIntervals = ['100ms', '1s', '10s', '1m', '5m', '15m', '1h'] as const;

/** One canonical candle interval. */
export type CandleInterval = (typeof candleIntervals)[number];

/** A venue-published candle update (spec 2.6); several rows can describe one candle. */
export interface CandleRow {
  event_id: string;
  source: string;
  market: string;
  interval: string;
  source_capture_id: string;
  instrument: string | null;
  collector_timestamp: number;
  open_timestamp: number;
  schema_version: number;
  open: number;
  high: number;
  low: number;
  close: number;
  exchange_timestamp: number | null;
  close_timestamp: number | null;
  base_volume: number | null;
  quote_volume: number | null;
  trade_count: number | null;
  is_closed: boolean | null;
}

import type { TradeRecord } from '../../snapshot/records.ts';
import type { CandleInterval, CandleRow } from '../candle-row.ts';
import { eventKeyOf, rowSchemaVersion, type RowContext } from './row-context.ts';

/** Length in ms of each canonical candle interval. */
export const intervalMs: Record<CandleInterval, number> = {
  '100ms': 100,
  '1s': 1000,
  '10s': 10_000,
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
};

/** How candles are published: revisions of an open candle, then a closed row. */
export interface CandlePublishing {
  /** A still-open candle is republished at most this often (collector time). */
  revisionEveryMs: number;
  /** The closed row is published this long after the candle closes. */
  closeDelayMs: number;
  /** Data ends here: a candle closing later stays open (no closed row yet). */
  dataEnd: number;
}

interface OpenCandle {
  instrument: string | null;
  open_timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  base_volume: number;
  quote_volume: number;
  trade_count: number;
  lastPublished: number;
  revisions: number;
  dirty: boolean;
  /** The capture session of the candle's latest trade. */
  session: string;
}

/**
 * Venue-style candle rows derived from trades (in collector order): while a candle is open it is
 * republished with its running values (`is_closed` false); once closed, one final row with
 * `is_closed` true. Several rows can share one interval and open time, as on real venues. A row's
 * `source_capture_id` is the capture session of the candle's latest trade (`sessionOf`, by default
 * the context's session); its event id is built from the context's file key.
 */
export function candleRowsOfTrades(
  context: RowContext,
  trades: readonly TradeRecord[],
  interval: CandleInterval,
  publishing: CandlePublishing,
  sessionOf: (trade: TradeRecord) => string = () => context.sourceCaptureId,
): CandleRow[] {
  const length = intervalMs[interval];
  const rows: CandleRow[] = [];
  const open = new Map<string | null, OpenCandle>();
  const first = trades[0];
  if (first === undefined) return rows;
  const eventKey = eventKeyOf(context);

  const emit = (candle: OpenCandle, at: number, closed: boolean): void => {
    candle.revisions++;
    candle.lastPublished = at;
    candle.dirty = false;
    rows.push({
      event_id: `${eventKey}:ohlcv:${interval}:${candle.instrument ?? '-'}:${candle.open_timestamp}:${candle.revisions}`,
      source: first.source,
      market: first.market,
      interval,
      source_capture_id: candle.session,
      instrument: candle.instrument,
      collector_timestamp: at,
      open_timestamp: candle.open_timestamp,
      schema_version: rowSchemaVersion,
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
      exchange_timestamp: at,
      close_timestamp: candle.open_timestamp + length,
      base_volume: candle.base_volume,
      quote_volume: candle.quote_volume,
      trade_count: candle.trade_count,
      is_closed: closed,
    });
  };
  const closeIfDue = (candle: OpenCandle, now: number): boolean => {
    const publishAt = candle.open_timestamp + length + publishing.closeDelayMs;
    if (now < publishAt) return false;
    emit(candle, publishAt, true);
    open.delete(candle.instrument);
    return true;
  };

  for (const trade of trades) {
    const at = trade.collectorTimestamp;
    let candle = open.get(trade.instrument);
    if (candle !== undefined && at >= candle.open_timestamp + length) {
      if (candle.dirty) emit(candle, Math.min(at, candle.open_timestamp + length - 1), false);
      closeIfDue(candle, Number.POSITIVE_INFINITY);
      candle = undefined;
    }
    if (candle === undefined) {
      candle = {
        instrument: trade.instrument,
        open_timestamp: at - (at % length),
        open: trade.price,
        high: trade.price,
        low: trade.price,
        close: trade.price,
        base_volume: 0,
        quote_volume: 0,
        trade_count: 0,
        lastPublished: Number.NEGATIVE_INFINITY,
        revisions: 0,
        dirty: false,
        session: '',
      };
      open.set(trade.instrument, candle);
    }
    candle.high = Math.max(candle.high, trade.price);
    candle.low = Math.min(candle.low, trade.price);
    candle.close = trade.price;
    candle.base_volume += trade.quantity;
    candle.quote_volume += trade.quantity * trade.price;
    candle.trade_count++;
    candle.dirty = true;
    candle.session = sessionOf(trade);
    if (at - candle.lastPublished >= publishing.revisionEveryMs) emit(candle, at, false);
  }
  for (const candle of [...open.values()]) {
    if (!closeIfDue(candle, publishing.dataEnd) && candle.dirty) emit(candle, Math.min(publishing.dataEnd, candle.open_timestamp + length - 1), false);
  }
  return rows.sort((a, b) => a.open_timestamp - b.open_timestamp || a.collector_timestamp - b.collector_timestamp);
}

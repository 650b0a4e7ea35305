import { describe, expect, it } from 'vitest';
import { latestCandleRevisions } from '../../../shared/rows/candle-revisions.ts';
import type { CandleRow } from '../../../shared/rows/candle-row.ts';

function candle(open: number, collector: number, eventId: string, close: number, instrument: string | null = null): CandleRow {
  return {
    event_id: eventId, source: 'hyperliquid', market: 'BTC', interval: '1m', source_capture_id: 'cap', instrument,
    collector_timestamp: collector, open_timestamp: open, schema_version: 2, open: 1, high: 2, low: 0.5, close,
    exchange_timestamp: null, close_timestamp: null, base_volume: null, quote_volume: null, trade_count: null, is_closed: null,
  };
}

describe('latestCandleRevisions', () => {
  it('keeps the revision with the highest collector_timestamp per candle, in first-seen order', () => {
    const rows = [candle(0, 10, 'a', 1), candle(60_000, 70_000, 'c', 5), candle(0, 50, 'b', 2), candle(0, 30, 'z', 3)];
    expect(latestCandleRevisions(rows).map((row) => row.close)).toEqual([2, 5]);
  });

  it('breaks a collector-time tie with the larger event_id, and keeps nulls as null', () => {
    const folded = latestCandleRevisions([candle(0, 10, 'e2', 1), candle(0, 10, 'e9', 2), candle(0, 10, 'e5', 3)]);
    expect(folded).toHaveLength(1);
    expect(folded[0]?.close).toBe(2);
    expect(folded[0]?.base_volume).toBeNull();
  });

  it('treats instruments (and a null instrument) as different candles', () => {
    expect(latestCandleRevisions([candle(0, 1, 'a', 1, null), candle(0, 2, 'b', 2, 'BTC-PERP'), candle(0, 3, 'c', 3, '')])).toHaveLength(3);
  });
});

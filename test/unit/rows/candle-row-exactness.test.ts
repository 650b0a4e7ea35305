import { describe, expect, it } from 'vitest';
import type { CandleRow } from '../../../shared/rows/candle-row.ts';
import { candleRowsOfTrades } from '../../../shared/rows/from-records/candle-rows.ts';
import type { TradeRecord } from '../../../shared/snapshot/records.ts';
import { envelopeAt, exactnessContext, exactnessHour, expectDistinctEventIds, expectFieldsExactly } from './exactness-oracle.ts';

// Spec 2.6, written out here.
const candleFields = [
  'event_id', 'source', 'market', 'interval', 'source_capture_id', 'instrument', 'collector_timestamp', 'open_timestamp', 'schema_version',
  'open', 'high', 'low', 'close', 'exchange_timestamp', 'close_timestamp', 'base_volume', 'quote_volume', 'trade_count', 'is_closed',
];
const minuteMs = 60_000;

function trade(line: number, offsetMs: number, instrument: string, price: number, quantity: number): TradeRecord {
  return { ...envelopeAt(line, offsetMs, { instrument }), type: 'trade', price, quantity, side: null, orderId: null, maker: null, taker: null, liquidation: null };
}

// Sizes and prices whose products and sums are exact in binary, so the sums below are exact too.
// BTC trades in minutes 0 and 2 and not in minute 1; ETH in minutes 0 and 1.
const trades: TradeRecord[] = [
  trade(2, 1_000, 'BTC', 100, 0.5),
  trade(3, 5_000, 'ETH', 3000, 4),
  trade(4, 15_000, 'BTC', 101.5, 2),
  trade(5, 40_000, 'BTC', 99.25, 0.25),
  trade(6, 65_000, 'ETH', 3001.5, 0.5),
  trade(7, 125_000, 'BTC', 102, 1),
  trade(8, 170_000, 'BTC', 101, 0.5),
];

/** A candle's values from its trades, the naive way (spec 2.6 and the field notes). */
function aggregate(group: readonly TradeRecord[]): Pick<CandleRow, 'open' | 'high' | 'low' | 'close' | 'base_volume' | 'quote_volume' | 'trade_count'> {
  const first = group[0];
  const last = group[group.length - 1];
  if (first === undefined || last === undefined) throw new Error('empty candle');
  let baseVolume = 0;
  let quoteVolume = 0;
  for (const item of group) {
    baseVolume += item.quantity;
    quoteVolume += item.quantity * item.price;
  }
  return {
    open: first.price, high: Math.max(...group.map((item) => item.price)), low: Math.min(...group.map((item) => item.price)), close: last.price,
    base_volume: baseVolume, quote_volume: quoteVolume, trade_count: group.length,
  };
}

/** The trades of each (instrument, minute) with trades in it, in collector order. */
function minuteGroups(): Map<string, TradeRecord[]> {
  const groups = new Map<string, TradeRecord[]>();
  for (const item of trades) {
    const key = `${item.instrument ?? '-'}@${item.collectorTimestamp - (item.collectorTimestamp % minuteMs)}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

describe('candle rows are exact (spec 2.6)', () => {
  const rows = candleRowsOfTrades(exactnessContext, trades, '1m', { revisionEveryMs: 10_000, closeDelayMs: 250, dataEnd: Number.POSITIVE_INFINITY });
  const groups = minuteGroups();
  const groupOf = (row: CandleRow): TradeRecord[] => groups.get(`${row.instrument ?? '-'}@${row.open_timestamp}`) ?? [];

  it('describe only candles that had trades: none for an empty minute, none carried over from another', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expectFieldsExactly(row, candleFields, row.event_id);
      expect(groupOf(row), `${row.instrument ?? '-'} at ${row.open_timestamp - exactnessHour}`).not.toHaveLength(0);
    }
    expect(rows.some((row) => row.instrument === 'BTC' && row.open_timestamp === exactnessHour + minuteMs)).toBe(false);
    expectDistinctEventIds(rows);
  });

  it('close each candle once, with the values of exactly its own trades', () => {
    const closed = rows.filter((row) => row.is_closed === true);
    expect(closed.map((row) => `${row.instrument ?? '-'}@${row.open_timestamp}`).sort()).toEqual([...groups.keys()].sort());
    for (const row of closed) {
      const group = groupOf(row);
      expect(row, `${row.instrument ?? '-'} at ${row.open_timestamp - exactnessHour}`).toMatchObject({
        ...aggregate(group), source: 'testvenue', market: 'BTC', interval: '1m', source_capture_id: exactnessContext.sourceCaptureId, schema_version: 2,
        close_timestamp: row.open_timestamp + minuteMs,
      });
      expect(row.collector_timestamp).toBeGreaterThanOrEqual(row.open_timestamp + minuteMs);
    }
  });

  it('publish each revision of an open candle with the values of the trades seen so far, never others', () => {
    const revisions = rows.filter((row) => row.is_closed === false);
    expect(revisions.length).toBeGreaterThan(0);
    for (const row of revisions) {
      const count = row.trade_count ?? 0;
      const seen = groupOf(row).slice(0, count);
      expect(seen, row.event_id).toHaveLength(count);
      expect(row, row.event_id).toMatchObject({ ...aggregate(seen), close_timestamp: row.open_timestamp + minuteMs });
      expect(row.collector_timestamp).toBeGreaterThanOrEqual(seen[seen.length - 1]?.collectorTimestamp ?? Number.POSITIVE_INFINITY);
      expect(row.collector_timestamp).toBeLessThan(row.open_timestamp + minuteMs);
    }
  });

  it('give a venue time, when there is one, no earlier than the open of the candle and no later than the collector saw it', () => {
    for (const row of rows) {
      if (row.exchange_timestamp === null) continue;
      expect(row.exchange_timestamp).toBeGreaterThanOrEqual(row.open_timestamp);
      expect(row.exchange_timestamp).toBeLessThanOrEqual(row.collector_timestamp);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { CandleRow } from '../../../shared/rows/candle-row.ts';
import type { LatestFundingRow } from '../../../shared/rows/funding-row.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { CandleColumnsBuilder, chartNumber, fundingColumnsOf, FundingRing, tradeColumnsOf, TradeRing } from '../../../electron/host/market/series-columns.ts';

const base = { source: 'hyperliquid', market: 'BTC', source_capture_id: 'unit', instrument: null, schema_version: 2, exchange_timestamp: null } as const;

function candle(open: number, collector: number, eventId: string, close: number, volume: number | null = 1): CandleRow {
  return {
    ...base, event_id: eventId, interval: '1m', collector_timestamp: collector, open_timestamp: open,
    open: 100, high: 110, low: 90, close, close_timestamp: open + 60_000, base_volume: volume, quote_volume: null, trade_count: 3, is_closed: volume === null ? null : false,
  };
}

function folded(rows: readonly CandleRow[], cap = 100): ReturnType<CandleColumnsBuilder['build']> {
  const builder = new CandleColumnsBuilder('1m', cap);
  for (const row of rows) builder.add(row);
  return builder.build();
}

/** A fixed permutation of `items` from a seed (a small LCG), for order-independence checks. */
function permuted<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('CandleColumnsBuilder folds revisions', () => {
  it('keeps the latest revision of each candle when revisions arrive out of order, and sorts by open time', () => {
    const columns = folded([
      candle(60_000, 61_000, 'b-1', 201),
      candle(0, 5_000, 'a-1', 101),
      candle(0, 9_000, 'a-3', 103),
      candle(0, 7_000, 'a-2', 102),
      candle(60_000, 60_500, 'b-0', 200),
    ]);
    expect(columns).toMatchObject({ openTime: [0, 60_000], close: [103, 201], revisions: 5, truncated: false, cap: 100, interval: '1m' });
  });

  it('breaks a tie at one collector time by the larger event_id in code-unit order, whichever arrives first', () => {
    const tied = [candle(0, 9_000, 'e-b', 104), candle(0, 9_000, 'e-a', 105)];
    expect(folded(tied).close).toEqual([104]);
    expect(folded([...tied].reverse()).close).toEqual([104]);
    // Code-unit order, not numeric: "e-9" is larger than "e-10".
    expect(folded([candle(0, 9_000, 'e-9', 1), candle(0, 9_000, 'e-10', 2)]).close).toEqual([1]);
    expect(folded([candle(0, 9_000, 'e-10', 2), candle(0, 9_000, 'e-9', 1)]).close).toEqual([1]);
  });

  it('gives the same columns for any arrival order', () => {
    const rows = [0, 1, 2, 3].flatMap((minute) => [1, 2, 3, 4].map((revision) => candle(minute * 60_000, minute * 60_000 + revision * 10_000, `c${minute}-${revision}`, minute * 10 + revision)));
    rows.push(candle(60_000, 100_000, 'c1-4z', 99));
    const expected = folded(rows);
    expect(expected.close).toEqual([4, 99, 24, 34]);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) expect(folded(permuted(rows, seed)), `seed ${seed}`).toEqual(expected);
  });

  it('keeps nulls as null (no volume, closed flag unknown)', () => {
    expect(folded([candle(0, 1, 'a', 1, null)])).toMatchObject({ baseVolume: [null], quoteVolume: [null], closed: [null] });
  });

  it('keeps the newest cap candles: past the cap a new open time drops the oldest (its revisions no longer counted), and revisions of held candles still fold', () => {
    const builder = new CandleColumnsBuilder('1m', 2);
    builder.add(candle(0, 1, 'a', 1));
    builder.add(candle(60_000, 60_001, 'b', 2));
    builder.add(candle(0, 2, 'a2', 4));
    builder.add(candle(120_000, 120_001, 'c', 3));
    builder.add(candle(60_000, 60_002, 'b2', 5));
    // A revision of the dropped candle arrives late: it stays dropped.
    builder.add(candle(0, 3, 'a3', 6));
    expect(builder.length).toBe(2);
    expect(builder.build()).toMatchObject({ openTime: [60_000, 120_000], close: [5, 3], revisions: 3, cap: 2, truncated: true, droppedUntil: 0 });
  });

  it('says what the caller left out before the range it read, and is not truncated when nothing was', () => {
    const builder = new CandleColumnsBuilder('1m', 10);
    builder.add(candle(120_000, 120_001, 'c', 3));
    expect(builder.build()).toMatchObject({ openTime: [120_000], truncated: false, droppedUntil: null });
    expect(builder.build(119_999)).toMatchObject({ openTime: [120_000], truncated: true, droppedUntil: 119_999 });
    builder.add(candle(60_000, 60_001, 'b', 2));
    expect(builder.build(60_000)).toMatchObject({ openTime: [120_000], revisions: 1, truncated: true, droppedUntil: 60_000 });
  });
});

function trade(time: number, side: TradeRow['side'], liquidation: boolean | null): TradeRow {
  return { ...base, event_id: `t-${time}`, collector_timestamp: time, price: 100 + time, quantity: time / 10, side, order_id: null, maker: null, taker: null, liquidation };
}

/** The columns of `rings` with a cut that says nothing was dropped (for the field checks). */
const whole = { cap: 10, truncated: false, droppedUntil: null };

describe('TradeRing', () => {
  it('codes the side 1 buy, -1 sell, 0 when the venue sent none (never a buy); flags only liquidations', () => {
    const ring = new TradeRing(10);
    for (const row of [trade(1, 'buy', null), trade(2, 'sell', true), trade(3, null, null), trade(4, null, true), trade(5, 'buy', false)]) ring.add(row);
    expect(tradeColumnsOf([ring], whole)).toEqual({ time: [1, 2, 3, 4, 5], price: [101, 102, 103, 104, 105], quantity: [0.1, 0.2, 0.3, 0.4, 0.5], side: [1, -1, 0, 0, 1], liquidation: [0, 1, 0, 1, 0], ...whole });
  });

  it('keeps the newest capacity trades, oldest first, past several column growths, and the time of the newest one dropped', () => {
    // A naive model: every trade given, then the last `capacity` of them.
    for (const [capacity, given] of [[2, 3], [3_000, 5_000], [1_024, 1_025], [5_000, 4_000], [1, 7]] as const) {
      const ring = new TradeRing(capacity);
      const rows = Array.from({ length: given }, (_, i) => trade(10 * i + 1, i % 3 === 0 ? 'sell' : 'buy', i % 5 === 0));
      for (const row of rows) ring.add(row);
      const kept = rows.slice(Math.max(0, given - capacity));
      const columns = tradeColumnsOf([ring], whole);
      expect(columns.time, `${capacity}/${given}`).toEqual(kept.map((row) => row.collector_timestamp));
      expect(columns.side).toEqual(kept.map((row) => (row.side === 'sell' ? -1 : 1)));
      expect(columns.liquidation).toEqual(kept.map((row) => (row.liquidation === true ? 1 : 0)));
      expect(ring.dropped).toBe(Math.max(0, given - capacity));
      expect(ring.droppedUntil).toBe(given > capacity ? (rows[given - capacity - 1]?.collector_timestamp ?? null) : null);
    }
  });

  it('joins several rings in the order given', () => {
    const older = new TradeRing(2);
    const newer = new TradeRing(2);
    older.add(trade(1, 'buy', null));
    newer.add(trade(5, 'sell', null));
    newer.add(trade(6, 'sell', null));
    expect(tradeColumnsOf([older, newer], whole).time).toEqual([1, 5, 6]);
  });
});

function funding(time: number, fields: Partial<LatestFundingRow>): LatestFundingRow {
  return { ...base, event_id: `f-${time}`, collector_timestamp: time, funding_rate: null, predicted_funding_rate: null, premium: null, funding_timestamp: null, ...fields };
}

describe('FundingRing', () => {
  it('reads decimal strings as numbers and keeps every field not published null, never 0', () => {
    const ring = new FundingRing(10);
    ring.add(funding(1, { funding_rate: '0.00010', predicted_funding_rate: '-0', premium: '1e-7', funding_timestamp: 8, mark_price: '84210.50', index_price: '84200', open_interest: '0' }));
    ring.add(funding(2, { funding_rate: '-0.0000125', mark_price: null }));
    expect(fundingColumnsOf([ring], whole)).toEqual({
      time: [1, 2],
      fundingRate: [0.0001, -0.0000125],
      predictedFundingRate: [0, null],
      premium: [1e-7, null],
      markPrice: [84210.5, null],
      indexPrice: [84200, null],
      openInterest: [0, null],
      fundingTime: [8, null],
      ...whole,
    });
  });

  it('keeps the newest capacity observations', () => {
    const ring = new FundingRing(2);
    for (const time of [1, 2, 3]) ring.add(funding(time, { funding_rate: String(time) }));
    expect(fundingColumnsOf([ring], whole)).toMatchObject({ time: [2, 3], fundingRate: [2, 3], premium: [null, null] });
    expect(ring.droppedUntil).toBe(1);
  });
});

describe('chartNumber', () => {
  it('is null for null and absent, a number otherwise, zero without a sign', () => {
    expect(chartNumber(null)).toBeNull();
    expect(chartNumber(undefined)).toBeNull();
    expect(chartNumber('0')).toBe(0);
    expect(Object.is(chartNumber('-0'), 0)).toBe(true);
    expect(Object.is(chartNumber('-0.000'), 0)).toBe(true);
    expect(chartNumber('-1.5e-3')).toBe(-0.0015);
  });
});

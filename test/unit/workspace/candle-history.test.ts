import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../../../shared/contract/market-schemas.ts';
import { candlesFromTrades } from '../../../shared/series/trade-candles.ts';
import { prependCandles, prependedBars } from '../../../renderer/src/views/workspace/candle-history.ts';

function candles(rows: [open: number, o: number, h: number, l: number, c: number, v: number | null][], droppedUntil: number | null = null): CandleColumns {
  return {
    interval: '1m',
    openTime: rows.map((r) => r[0]),
    open: rows.map((r) => r[1]),
    high: rows.map((r) => r[2]),
    low: rows.map((r) => r[3]),
    close: rows.map((r) => r[4]),
    baseVolume: rows.map((r) => r[5]),
    quoteVolume: rows.map((r) => r[5]),
    tradeCount: rows.map((r) => r[5]),
    closed: rows.map(() => true),
    revisions: rows.length,
    cap: 200_000,
    truncated: droppedUntil !== null,
    droppedUntil,
  };
}

describe('prependCandles', () => {
  it('puts older candles in front; what is left out is then the older chunk\'s start (the newer one\'s is filled by it)', () => {
    const merged = prependCandles(candles([[0, 1, 2, 0.5, 1.5, 3]]), candles([[60_000, 1.5, 3, 1, 2, null]], 59_999));
    expect(merged.openTime).toEqual([0, 60_000]);
    expect(merged.close).toEqual([1.5, 2]);
    expect(merged.baseVolume).toEqual([3, null]);
    expect(merged.revisions).toBe(2);
    expect(merged).toMatchObject({ truncated: false, droppedUntil: null });
    expect(prependCandles(candles([[0, 1, 2, 0.5, 1.5, 3]], -60_000), candles([[60_000, 1.5, 3, 1, 2, null]], 59_999))).toMatchObject({ truncated: true, droppedUntil: -60_000 });
  });

  it('joins a candle cut at the chunk boundary into the candle built from all its trades', () => {
    const t0 = Date.UTC(2026, 10, 22, 10, 0, 0);
    const prints = { time: [t0 + 1000, t0 + 20_000, t0 + 40_000, t0 + 61_000], price: [10, 14, 9, 11], quantity: [1, 2, 3, 4] };
    const cut = { cap: 1000, truncated: false, droppedUntil: null };
    const whole = candlesFromTrades(prints, '1m', cut);
    // Split the trades at 10:00:30, inside the first minute.
    const older = candlesFromTrades({ time: prints.time.slice(0, 2), price: prints.price.slice(0, 2), quantity: prints.quantity.slice(0, 2) }, '1m', cut);
    const newer = candlesFromTrades({ time: prints.time.slice(2), price: prints.price.slice(2), quantity: prints.quantity.slice(2) }, '1m', cut);
    expect(prependCandles(older, newer)).toEqual(whole);
  });

  it('counts the bars a pan-back load put in front, and nothing for a different set', () => {
    const a = candles([[120_000, 1, 1, 1, 1, 1], [180_000, 1, 1, 1, 1, 1]]);
    const b = candles([[0, 1, 1, 1, 1, 1], [60_000, 1, 1, 1, 1, 1], [120_000, 1, 1, 1, 1, 1], [180_000, 1, 1, 1, 1, 1]]);
    expect(prependedBars(a, b)).toBe(2);
    expect(prependedBars(null, b)).toBeNull();
    expect(prependedBars(b, a)).toBeNull();
    expect(prependedBars(a, candles([[0, 1, 1, 1, 1, 1], [120_000, 1, 1, 1, 1, 1], [240_000, 1, 1, 1, 1, 1]]))).toBeNull();
  });
});

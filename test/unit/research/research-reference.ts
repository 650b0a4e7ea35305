import { expect } from 'vitest';
import { seededRandom } from '../../../shared/seeded-random.ts';
import type { TradeSeries } from '../../../shared/research/trade-series.ts';
import type { ReferenceLevel, ReferenceTop } from '../../support/reference-l2-books.ts';

// Plain objects for the naive references of the research tests: a trade is an object, a side is
// a word, and "no value" is null. Nothing here shares code with shared/research.

/** One trade as the naive references read it. */
export interface PlainTrade {
  time: number;
  price: number;
  quantity: number;
  side: 'buy' | 'sell' | null;
}

/** The engines' columns of plain trades (sides as codes 1, −1, 0). */
export function columnsOf(trades: readonly PlainTrade[]): TradeSeries {
  return {
    time: Float64Array.from(trades.map((t) => t.time)),
    price: Float64Array.from(trades.map((t) => t.price)),
    quantity: Float64Array.from(trades.map((t) => t.quantity)),
    side: Int8Array.from(trades.map((t) => (t.side === 'buy' ? 1 : t.side === 'sell' ? -1 : 0))),
  };
}

/** Options of a seeded random trade stream. */
export interface RandomTradesOptions {
  seed: number;
  count: number;
  start?: number;
  /** Largest gap between trades, ms (default 3000). */
  maxGapMs?: number;
  /** Share of trades whose time steps back a little (default 0.03). */
  stepBackShare?: number;
  /** Share of trades of unknown side (default 0.1). */
  unknownShare?: number;
  /** Price tick: prices are whole ticks (default 0.5, exact in binary). */
  tick?: number;
  /** Starting price (default 1000). */
  price?: number;
}

/** A seeded stream of trades: a random walk of whole-tick prices, sizes in 0.001 steps, some of unknown side, a few stamped back in time. */
export function randomTrades(options: RandomTradesOptions): PlainTrade[] {
  const random = seededRandom(options.seed);
  const tick = options.tick ?? 0.5;
  let ticks = Math.round((options.price ?? 1000) / tick);
  let time = options.start ?? Date.UTC(2026, 0, 5, 9, 0, 0);
  const trades: PlainTrade[] = [];
  for (let i = 0; i < options.count; i++) {
    if (random() < (options.stepBackShare ?? 0.03)) time -= Math.floor(random() * 400);
    else time += Math.floor(random() * (options.maxGapMs ?? 3000));
    ticks += Math.floor(random() * 7) - 3;
    if (ticks < 10) ticks = 10;
    const r = random();
    const side = r < (options.unknownShare ?? 0.1) ? null : random() < 0.5 ? 'buy' : 'sell';
    trades.push({ time, price: ticks * tick, quantity: (1 + Math.floor(random() * 3000)) / 1000, side });
  }
  return trades;
}

/** A number column of an engine, read as the references write it: NaN is null. */
export function nullable(values: ArrayLike<number>): (number | null)[] {
  return Array.from(values, (value) => (Number.isNaN(value) ? null : value));
}

/** Expects two columns equal, null for null, numbers within a relative 1e-9 (sums in another order). */
export function expectClose(actual: ArrayLike<number>, expected: readonly (number | null)[], what = 'values'): void {
  const got = nullable(actual);
  expect(got.length, `${what}: length`).toBe(expected.length);
  expected.forEach((want, i) => {
    const value = got[i] ?? null;
    if (want === null) {
      expect(value, `${what}[${i}] should be null`).toBeNull();
      return;
    }
    expect(value, `${what}[${i}] should be ${want}`).not.toBeNull();
    const tolerance = 1e-9 * Math.max(1, Math.abs(want));
    expect(Math.abs((value ?? Number.NaN) - want), `${what}[${i}]: ${value} vs ${want}`).toBeLessThanOrEqual(tolerance);
  });
}

/** The naive metrics of a book given as sorted levels (best first), written from the definitions. */
export function naiveDepth(top: ReferenceTop | null, bandPct: number, notional: number): (number | null)[] {
  if (top === null || top.bids.length === 0 || top.asks.length === 0) return [null, null, null, null, null];
  const bestBid = top.bids[0]?.[0] ?? Number.NaN;
  const bestAsk = top.asks[0]?.[0] ?? Number.NaN;
  const mid = (bestBid + bestAsk) / 2;
  let bidQty = 0;
  for (const [price, quantity] of top.bids) if (price >= mid * (1 - bandPct / 100)) bidQty += quantity;
  let askQty = 0;
  for (const [price, quantity] of top.asks) if (price <= mid * (1 + bandPct / 100)) askQty += quantity;
  const walk = (levels: ReferenceLevel[]): number | null => {
    let left = notional;
    let bought = 0;
    for (const [price, quantity] of levels) {
      const take = Math.min(left, price * quantity);
      bought += take / price;
      left -= take;
      if (left <= 0) break;
    }
    return left > notional * 1e-9 ? null : notional / bought;
  };
  const buyPrice = walk(top.asks);
  const sellPrice = walk(top.bids);
  return [
    mid,
    ((bestAsk - bestBid) / mid) * 10_000,
    bidQty + askQty > 0 ? (bidQty - askQty) / (bidQty + askQty) : null,
    buyPrice === null ? null : ((buyPrice - mid) / mid) * 10_000,
    sellPrice === null ? null : ((mid - sellPrice) / mid) * 10_000,
  ];
}


/**
 * The naive markout: scan every sample for the last one at or before the time, then apply the
 * definition. Null for an unknown side, no mid at the trade, no mid at the horizon, or a horizon
 * that ends after the data.
 */
export function naiveMarkouts(trades: readonly PlainTrade[], samples: readonly [number, number | null][], end: number, horizons: readonly number[]): (number | null)[][] {
  const midAt = (time: number): number | null => {
    let found: number | null = null;
    for (const [at, mid] of samples) if (at <= time) found = mid;
    return found;
  };
  return horizons.map((h) =>
    trades.map((trade) => {
      if (trade.side === null) return null;
      const before = midAt(trade.time);
      if (before === null || trade.time + h > end) return null;
      const after = midAt(trade.time + h);
      if (after === null) return null;
      const move = ((after - before) / before) * 10_000;
      return trade.side === 'buy' ? move : -move;
    }),
  );
}

import { describe, expect, it } from 'vitest';
import { footprint, imbalanceFlag, type Footprint } from '../../../shared/research/footprint.ts';
import { columnsOf, expectClose, randomTrades, type PlainTrade } from './research-reference.ts';

const t0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const minute = 60_000;

/** One footprint cell as the test reads it back. */
interface PlainCell {
  price: number;
  bid: number;
  ask: number;
  unknown: number;
  trades: number;
  buyImbalance: boolean;
  sellImbalance: boolean;
}

/** One candle as the test reads it back. */
interface PlainCandle {
  open: number;
  poc: number | null;
  bid: number;
  ask: number;
  unknown: number;
  delta: number;
  trades: number;
  cells: PlainCell[];
}

/** The engine's columns as plain candles. */
function candlesOf(result: Footprint): PlainCandle[] {
  const { candles, cells } = result;
  return Array.from(candles.openTime, (open, c) => {
    const list: PlainCell[] = [];
    for (let i = candles.cellStart[c] ?? 0; i < (candles.cellStart[c + 1] ?? 0); i++) {
      const flags = cells.imbalance[i] ?? 0;
      list.push({
        price: cells.price[i] ?? Number.NaN,
        bid: cells.bidVolume[i] ?? Number.NaN,
        ask: cells.askVolume[i] ?? Number.NaN,
        unknown: cells.unknownVolume[i] ?? Number.NaN,
        trades: cells.tradeCount[i] ?? Number.NaN,
        buyImbalance: (flags & imbalanceFlag.buy) !== 0,
        sellImbalance: (flags & imbalanceFlag.sell) !== 0,
      });
    }
    const poc = candles.pocPrice[c] ?? Number.NaN;
    return {
      open,
      poc: Number.isNaN(poc) ? null : poc,
      bid: candles.bidVolume[c] ?? Number.NaN,
      ask: candles.askVolume[c] ?? Number.NaN,
      unknown: candles.unknownVolume[c] ?? Number.NaN,
      delta: candles.delta[c] ?? Number.NaN,
      trades: candles.tradeCount[c] ?? Number.NaN,
      cells: list,
    };
  });
}

/**
 * The naive footprint: a Map of candles, each a Map of buckets, filled trade by trade; buckets by
 * Math.floor(price / step) (the tests use steps and prices exact in binary); imbalances by looking
 * the diagonal neighbour up in the map.
 */
function naiveFootprint(trades: readonly PlainTrade[], interval: number, step: number, ratio: number): PlainCandle[] {
  type Cell = { bid: number; ask: number; unknown: number; trades: number };
  const byCandle = new Map<number, Map<number, Cell>>();
  for (const trade of trades) {
    if (!(trade.price > 0) || !(trade.quantity >= 0) || !Number.isFinite(trade.time)) continue;
    const open = Math.floor(trade.time / interval) * interval;
    const bucket = Math.floor(trade.price / step);
    const cells = byCandle.get(open) ?? new Map<number, Cell>();
    byCandle.set(open, cells);
    const cell = cells.get(bucket) ?? { bid: 0, ask: 0, unknown: 0, trades: 0 };
    cells.set(bucket, cell);
    if (trade.side === 'buy') cell.ask += trade.quantity;
    else if (trade.side === 'sell') cell.bid += trade.quantity;
    else cell.unknown += trade.quantity;
    cell.trades++;
  }
  const result: PlainCandle[] = [];
  for (const open of [...byCandle.keys()].sort((a, b) => a - b)) {
    const cells = byCandle.get(open) ?? new Map<number, Cell>();
    const buckets = [...cells.keys()].sort((a, b) => a - b);
    const candle: PlainCandle = { open, poc: null, bid: 0, ask: 0, unknown: 0, delta: 0, trades: 0, cells: [] };
    let best = 0;
    for (const bucket of buckets) {
      const cell = cells.get(bucket);
      if (cell === undefined) continue;
      const below = cells.get(bucket - 1);
      const above = cells.get(bucket + 1);
      const buyImbalance = below !== undefined && below.bid > 0 && cell.ask >= ratio * below.bid;
      const sellImbalance = above !== undefined && above.ask > 0 && cell.bid >= ratio * above.ask;
      candle.cells.push({ price: bucket * step, bid: cell.bid, ask: cell.ask, unknown: cell.unknown, trades: cell.trades, buyImbalance, sellImbalance });
      candle.bid += cell.bid;
      candle.ask += cell.ask;
      candle.unknown += cell.unknown;
      candle.trades += cell.trades;
      const volume = cell.bid + cell.ask + cell.unknown;
      if (volume > best) {
        best = volume;
        candle.poc = bucket * step;
      }
    }
    candle.delta = candle.ask - candle.bid;
    result.push(candle);
  }
  return result;
}

function expectSameCandles(actual: PlainCandle[], expected: PlainCandle[]): void {
  expect(actual.map((c) => c.open)).toEqual(expected.map((c) => c.open));
  actual.forEach((candle, c) => {
    const want = expected[c];
    if (want === undefined) throw new Error('missing candle');
    expect(candle.poc, `poc of candle ${c}`).toBe(want.poc);
    expect(candle.trades).toBe(want.trades);
    expectClose([candle.bid, candle.ask, candle.unknown, candle.delta], [want.bid, want.ask, want.unknown, want.delta], `totals of candle ${c}`);
    expect(candle.cells.map((cell) => [cell.price, cell.trades, cell.buyImbalance, cell.sellImbalance])).toEqual(want.cells.map((cell) => [cell.price, cell.trades, cell.buyImbalance, cell.sellImbalance]));
    expectClose(candle.cells.flatMap((cell) => [cell.bid, cell.ask, cell.unknown]), want.cells.flatMap((cell) => [cell.bid, cell.ask, cell.unknown]), `cells of candle ${c}`);
  });
}

// Two candles worked by hand, step 1, ratio 3:
// 09:00 candle
//   99:  sell 6                      → bid 6
//   100: buy 2, sell 1               → bid 1, ask 2
//   101: buy 7, unknown 0.5          → ask 7, unknown 0.5
//   102: sell 1, and a buy of 1 stamped 09:00:59 that arrives after the 09:01 trades → bid 1, ask 1
//   buying imbalance at 101: ask 7 ≥ 3 × bid(100) = 3 ✓; at 100: 2 ≥ 3 × 6? ✗; at 102: bid(101) = 0, no ratio ✗
//   selling imbalance at 99: bid 6 ≥ 3 × ask(100) = 6 ✓ (≥ holds at equality); at 100: 1 ≥ 21? ✗; at 101: 0 ✗
//   POC 101 (7.5); bid 8, ask 10, unknown 0.5, delta +2, 7 trades
// 09:01 candle
//   98: sell 2; 100: buy 2 → no neighbours one step apart, no imbalance; POC tie (2 and 2) → the lower, 98
// Left out: a NaN price and a negative quantity.
const handTrades: PlainTrade[] = [
  { time: t0 + 1_000, price: 100.2, quantity: 2, side: 'buy' },
  { time: t0 + 2_000, price: 100.7, quantity: 1, side: 'sell' },
  { time: t0 + 3_000, price: 101, quantity: 7, side: 'buy' },
  { time: t0 + 4_000, price: 99.5, quantity: 6, side: 'sell' },
  { time: t0 + 5_000, price: 101.4, quantity: 0.5, side: null },
  { time: t0 + 6_000, price: 102, quantity: 1, side: 'sell' },
  { time: t0 + 61_000, price: 100, quantity: 2, side: 'buy' },
  { time: t0 + 62_000, price: 98, quantity: 2, side: 'sell' },
  { time: t0 + 59_000, price: 102.5, quantity: 1, side: 'buy' },
  { time: t0 + 63_000, price: Number.NaN, quantity: 1, side: 'buy' },
  { time: t0 + 64_000, price: 99, quantity: -1, side: 'buy' },
];

describe('footprint', () => {
  it('splits bid, ask and unknown volume per candle and bucket, flags diagonal imbalances and the POC (hand-computed)', () => {
    const result = footprint(columnsOf(handTrades), { intervalMs: minute, priceStep: 1, imbalanceRatio: 3 });
    expect(result.skipped).toBe(2);
    const cell = (price: number, bid: number, ask: number, unknown: number, trades: number, buy = false, sell = false): PlainCell => ({ price, bid, ask, unknown, trades, buyImbalance: buy, sellImbalance: sell });
    expect(candlesOf(result)).toEqual([
      {
        open: t0, poc: 101, bid: 8, ask: 10, unknown: 0.5, delta: 2, trades: 7,
        cells: [cell(99, 6, 0, 0, 1, false, true), cell(100, 1, 2, 0, 2), cell(101, 0, 7, 0.5, 2, true), cell(102, 1, 1, 0, 2)],
      },
      { open: t0 + minute, poc: 98, bid: 2, ask: 2, unknown: 0, delta: 0, trades: 2, cells: [cell(98, 2, 0, 0, 1), cell(100, 0, 2, 0, 1)] },
    ]);
  });

  it('never counts an unknown side as a buy', () => {
    const result = footprint(columnsOf([{ time: t0, price: 10, quantity: 5, side: null }]), { intervalMs: minute, priceStep: 1 });
    expect([result.cells.askVolume[0], result.cells.bidVolume[0], result.cells.unknownVolume[0], result.candles.delta[0]]).toEqual([0, 0, 5, 0]);
  });

  it('puts decimal prices in their own bucket and labels buckets with the step’s decimals', () => {
    const result = footprint(
      columnsOf([
        { time: t0, price: 100.3, quantity: 1, side: 'buy' },
        { time: t0, price: 100.29, quantity: 1, side: 'buy' },
        { time: t0, price: 0.3, quantity: 1, side: 'sell' },
      ]),
      { intervalMs: minute, priceStep: 0.1 },
    );
    // 100.3 / 0.1 is 1002.9999999999999 in binary: it still belongs to the bucket labelled 100.3.
    expect(Array.from(result.cells.price)).toEqual([0.3, 100.2, 100.3]);
  });

  it('has a null POC for a candle whose trades all have quantity 0', () => {
    const result = footprint(columnsOf([{ time: t0, price: 10, quantity: 0, side: 'buy' }]), { intervalMs: minute, priceStep: 1 });
    expect(Number.isNaN(result.candles.pocPrice[0])).toBe(true);
    expect(result.candles.tradeCount[0]).toBe(1);
  });

  it('agrees with a naive map-of-maps footprint over seeded random streams', () => {
    for (const [seed, step, ratio, interval] of [
      [1, 0.5, 3, minute],
      [2, 1, 2, minute],
      [3, 2.5, 1.5, 5 * minute],
      [4, 0.5, 4, 10_000],
    ] as const) {
      const trades = randomTrades({ seed, count: 3000 });
      const result = footprint(columnsOf(trades), { intervalMs: interval, priceStep: step, imbalanceRatio: ratio });
      const naive = naiveFootprint(trades, interval, step, ratio);
      expectSameCandles(candlesOf(result), naive);
      // The stream exercises what the test claims to check.
      expect(naive.some((candle) => candle.cells.some((c) => c.buyImbalance)), `seed ${seed}: a buying imbalance`).toBe(true);
      expect(naive.some((candle) => candle.cells.some((c) => c.sellImbalance)), `seed ${seed}: a selling imbalance`).toBe(true);
    }
  });

  it('sorts a candle spread over very many buckets instead of scanning them, with the same cells', () => {
    const trades: PlainTrade[] = [
      { time: t0, price: 1, quantity: 1, side: 'buy' },
      { time: t0 + 1, price: 5_000_000, quantity: 2, side: 'sell' },
      { time: t0 + 2, price: 2, quantity: 3, side: 'sell' },
      { time: t0 + 3, price: 1, quantity: 4, side: null },
    ];
    expectSameCandles(candlesOf(footprint(columnsOf(trades), { intervalMs: minute, priceStep: 1 })), naiveFootprint(trades, minute, 1, 3));
  });

  it('refuses a step, interval or ratio that is not a positive number', () => {
    const trades = columnsOf(handTrades);
    expect(() => footprint(trades, { intervalMs: minute, priceStep: 0 })).toThrow(/price step must be a number above 0/);
    expect(() => footprint(trades, { intervalMs: -1, priceStep: 1 })).toThrow(/candle interval/);
    expect(() => footprint(trades, { intervalMs: minute, priceStep: 1, imbalanceRatio: Number.NaN })).toThrow(/imbalance ratio/);
  });
});

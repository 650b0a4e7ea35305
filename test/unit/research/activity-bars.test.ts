import { describe, expect, it } from 'vitest';
import { activityBars, type ActivityBarKind, type ActivityBars } from '../../../shared/research/activity-bars.ts';
import { cumulativeVolumeDelta, volumeDeltaByInterval } from '../../../shared/research/volume-delta.ts';
import { columnsOf, expectClose, nullable, randomTrades, type PlainTrade } from './research-reference.ts';

const t0 = Date.UTC(2026, 0, 5, 9, 0, 0);

// Five trades, worked by hand below.
const five: PlainTrade[] = [
  { time: t0, price: 100, quantity: 1, side: 'buy' },
  { time: t0 + 1_000, price: 101, quantity: 2, side: 'sell' },
  { time: t0 + 2_000, price: 99, quantity: 0.5, side: null },
  { time: t0 + 3_000, price: 102, quantity: 3, side: 'buy' },
  { time: t0 + 4_000, price: 100, quantity: 1, side: 'sell' },
];

/** One bar as the references write it. */
interface PlainBar {
  members: number[];
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  notional: number;
  buy: number;
  sell: number;
  unknown: number;
  complete: boolean;
}

/** The naive bars: walk the trades, keep a list of the open bar's trades, close it when the measure reaches the size. */
function naiveBars(trades: readonly PlainTrade[], kind: ActivityBarKind, size: number): PlainBar[] {
  const bars: PlainBar[] = [];
  let members: number[] = [];
  const summarize = (list: number[], complete: boolean): PlainBar => {
    const of = list.map((i) => trades[i] as PlainTrade);
    return {
      members: list,
      open: of[0]?.price ?? Number.NaN,
      high: Math.max(...of.map((t) => t.price)),
      low: Math.min(...of.map((t) => t.price)),
      close: of[of.length - 1]?.price ?? Number.NaN,
      volume: of.reduce((sum, t) => sum + t.quantity, 0),
      notional: of.reduce((sum, t) => sum + t.price * t.quantity, 0),
      buy: of.filter((t) => t.side === 'buy').reduce((sum, t) => sum + t.quantity, 0),
      sell: of.filter((t) => t.side === 'sell').reduce((sum, t) => sum + t.quantity, 0),
      unknown: of.filter((t) => t.side === null).reduce((sum, t) => sum + t.quantity, 0),
      complete,
    };
  };
  trades.forEach((trade, i) => {
    if (!(trade.price > 0) || !(trade.quantity >= 0)) return;
    members.push(i);
    const bar = summarize(members, true);
    const measure = kind === 'tick' ? members.length : kind === 'volume' ? bar.volume : bar.notional;
    // The engine allows a relative 1e-12 of slack for binary rounding; the reference rounds the comparison instead.
    if (measure >= size || Math.abs(measure - size) <= 1e-9 * size) {
      bars.push(bar);
      members = [];
    }
  });
  if (members.length > 0) bars.push(summarize(members, false));
  return bars;
}

function expectBars(result: ActivityBars, trades: readonly PlainTrade[], expected: PlainBar[]): void {
  expect(Array.from(result.tradeCount)).toEqual(expected.map((bar) => bar.members.length));
  expect(Array.from(result.complete)).toEqual(expected.map((bar) => (bar.complete ? 1 : 0)));
  expect(Array.from(result.openTime)).toEqual(expected.map((bar) => trades[bar.members[0] ?? 0]?.time));
  expect(Array.from(result.closeTime)).toEqual(expected.map((bar) => trades[bar.members[bar.members.length - 1] ?? 0]?.time));
  expect([...result.open, ...result.high, ...result.low, ...result.close]).toEqual([...expected.map((b) => b.open), ...expected.map((b) => b.high), ...expected.map((b) => b.low), ...expected.map((b) => b.close)]);
  expectClose(result.volume, expected.map((b) => b.volume), 'volume');
  expectClose(result.notional, expected.map((b) => b.notional), 'notional');
  expectClose(result.buyVolume, expected.map((b) => b.buy), 'buy');
  expectClose(result.sellVolume, expected.map((b) => b.sell), 'sell');
  expectClose(result.unknownVolume, expected.map((b) => b.unknown), 'unknown');
}

describe('activity bars', () => {
  it('cuts tick bars every N trades; the last, short bar is marked incomplete (hand-computed)', () => {
    const bars = activityBars(columnsOf(five), { kind: 'tick', size: 2 });
    // [t1 t2]: 100/101/100/101, volume 3, notional 100 + 202 = 302, buy 1 sell 2.
    // [t3 t4]: 99/102/99/102, volume 3.5, notional 49.5 + 306 = 355.5, buy 3, unknown 0.5.
    // [t5]: incomplete.
    expect(Array.from(bars.tradeCount)).toEqual([2, 2, 1]);
    expect(Array.from(bars.complete)).toEqual([1, 1, 0]);
    expect(Array.from(bars.volume)).toEqual([3, 3.5, 1]);
    expect(Array.from(bars.notional)).toEqual([302, 355.5, 100]);
    expect([...bars.open, ...bars.high, ...bars.low, ...bars.close]).toEqual([100, 99, 100, 101, 102, 100, 100, 99, 100, 101, 102, 100]);
    expect([...bars.buyVolume, ...bars.sellVolume, ...bars.unknownVolume]).toEqual([1, 3, 0, 2, 0, 1, 0, 0.5, 0]);
  });

  it('closes a volume bar on the trade that brings it to its size, never splitting a trade (hand-computed)', () => {
    // Size 4: 1, 3, 3.5, then 6.5 ≥ 4 closes [t1..t4]; t5 starts a bar that stays open.
    const bars = activityBars(columnsOf(five), { kind: 'volume', size: 4 });
    expect(Array.from(bars.tradeCount)).toEqual([4, 1]);
    expect(Array.from(bars.volume)).toEqual([6.5, 1]);
    expect(Array.from(bars.complete)).toEqual([1, 0]);
  });

  it('closes a dollar bar on notional (hand-computed)', () => {
    // Size 350: 100, 302, 351.5 ≥ 350 closes [t1..t3]; then 306, 406 ≥ 350 closes [t4 t5].
    const bars = activityBars(columnsOf(five), { kind: 'dollar', size: 350 });
    expect(Array.from(bars.tradeCount)).toEqual([3, 2]);
    expect(Array.from(bars.notional)).toEqual([351.5, 406]);
    expect(Array.from(bars.complete)).toEqual([1, 1]);
  });

  it('closes a bar whose sum misses its size only by binary rounding (0.7 + 0.1 reaches 0.8)', () => {
    const bars = activityBars(columnsOf([{ time: t0, price: 1, quantity: 0.7, side: 'buy' }, { time: t0, price: 1, quantity: 0.1, side: 'buy' }]), { kind: 'volume', size: 0.8 });
    expect(Array.from(bars.complete)).toEqual([1]);
  });

  it('agrees with naive bars over seeded random streams', () => {
    for (const [seed, kind, size] of [
      [11, 'tick', 7],
      [12, 'volume', 5],
      [13, 'dollar', 4000],
      [14, 'volume', 0.25],
    ] as const) {
      const trades = randomTrades({ seed, count: 2000 });
      expectBars(activityBars(columnsOf(trades), { kind, size }), trades, naiveBars(trades, kind, size));
    }
  });

  it('leaves out unusable trades and refuses a bad size', () => {
    const bars = activityBars(columnsOf([...five, { time: t0, price: Number.NaN, quantity: 1, side: 'buy' }]), { kind: 'tick', size: 10 });
    expect(bars.skipped).toBe(1);
    expect(Array.from(bars.tradeCount)).toEqual([5]);
    expect(() => activityBars(columnsOf(five), { kind: 'tick', size: 1.5 })).toThrow(/whole number/);
    expect(() => activityBars(columnsOf(five), { kind: 'dollar', size: 0 })).toThrow(/above 0/);
  });
});

describe('cumulative volume delta', () => {
  it('adds buys, subtracts sells, and keeps unknown-side volume apart (hand-computed)', () => {
    const { cvd, unknownVolume } = cumulativeVolumeDelta(columnsOf(five));
    // +1, −2, unknown (no change), +3, −1.
    expect(Array.from(cvd)).toEqual([1, -1, -1, 2, 1]);
    expect(Array.from(unknownVolume)).toEqual([0, 0, 0.5, 0.5, 0.5]);
  });

  it('is null at a trade that was left out, and the sum carries on past it', () => {
    const { cvd, skipped } = cumulativeVolumeDelta(columnsOf([five[0] as PlainTrade, { time: t0, price: 1, quantity: Number.NaN, side: 'buy' }, five[1] as PlainTrade]));
    expect(nullable(cvd)).toEqual([1, null, -1]);
    expect(skipped).toBe(1);
  });

  it('per interval: the delta within it and the CVD at its close (hand-computed, 2 s intervals)', () => {
    const series = volumeDeltaByInterval(columnsOf(five), 2_000);
    expect(Array.from(series.openTime)).toEqual([t0, t0 + 2_000, t0 + 4_000]);
    expect(Array.from(series.delta)).toEqual([-1, 3, -1]);
    expect(Array.from(series.cvd)).toEqual([-1, 2, 1]);
    expect(Array.from(series.unknownVolume)).toEqual([0, 0.5, 0]);
  });

  it('agrees with naive running sums over a seeded random stream, per trade and per interval', () => {
    const trades = randomTrades({ seed: 21, count: 3000 });
    let running = 0;
    let unknown = 0;
    const expectedCvd: number[] = [];
    const expectedUnknown: number[] = [];
    for (const trade of trades) {
      if (trade.side === 'buy') running += trade.quantity;
      else if (trade.side === 'sell') running -= trade.quantity;
      else unknown += trade.quantity;
      expectedCvd.push(running);
      expectedUnknown.push(unknown);
    }
    const perTrade = cumulativeVolumeDelta(columnsOf(trades));
    expectClose(perTrade.cvd, expectedCvd, 'cvd');
    expectClose(perTrade.unknownVolume, expectedUnknown, 'unknown');

    const interval = 60_000;
    const byOpen = new Map<number, number>();
    for (const trade of trades) {
      const open = Math.floor(trade.time / interval) * interval;
      byOpen.set(open, (byOpen.get(open) ?? 0) + (trade.side === 'buy' ? trade.quantity : trade.side === 'sell' ? -trade.quantity : 0));
    }
    const opens = [...byOpen.keys()].sort((a, b) => a - b);
    let total = 0;
    const expectedIntervalCvd = opens.map((open) => (total += byOpen.get(open) ?? 0));
    const perInterval = volumeDeltaByInterval(columnsOf(trades), interval);
    expect(Array.from(perInterval.openTime)).toEqual(opens);
    expectClose(perInterval.delta, opens.map((open) => byOpen.get(open) ?? 0), 'delta');
    expectClose(perInterval.cvd, expectedIntervalCvd, 'interval cvd');
  });
});

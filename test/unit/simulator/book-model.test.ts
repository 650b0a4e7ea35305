import { describe, expect, it } from 'vitest';
import { askSide, bidSide, BookModel, type BookSide } from '../../../electron/server/simulator/book-model.ts';
import { BookTimeline, type BookEventSink } from '../../../electron/server/simulator/book-timeline.ts';
import { createPrng } from '../../../electron/server/simulator/prng.ts';
import { dataset } from './simulated-rows.ts';

const hourMs = 3_600_000;
const hour = Date.UTC(2026, 10, 18, 9);
const quiet: BookEventSink = { delta: () => {}, trade: () => {} };
const markets = [dataset('binance', 'BTCUSDT'), dataset('hyperliquid', 'SOL'), dataset('lighter', 'BTC-USD'), dataset('hyperliquid', 'DOGE')];

/** Plays a timeline through every event at or before `time`. */
function playThrough(timeline: BookTimeline, time: number, sink: BookEventSink = quiet): void {
  while (timeline.nextTime <= time) timeline.step(sink);
}

describe('the book as a pure function of time', () => {
  it.each(markets.map((d) => [`${d.source}/${d.market}`, d] as const))(
    'sizes kept by the timeline equal sizes computed from scratch at random times (%s)',
    (_name, ds) => {
      const model = new BookModel(4, ds);
      const start = hour + 17_000;
      const timeline = new BookTimeline(model, start);
      const random = createPrng('size-check', ds.market);
      const span = ds.market === 'BTCUSDT' ? 10 * 60_000 : hourMs;
      const stops = Array.from({ length: 40 }, () => start + Math.floor(random.next() * span)).sort((a, b) => a - b);
      let compared = 0;
      let nonZero = 0;
      for (const stop of stops) {
        playThrough(timeline, stop);
        // A fresh model, so no cache of the first one can leak into the answer.
        const fresh = new BookModel(4, ds);
        for (const side of [bidSide, askSide] as BookSide[]) {
          for (const [tick, lots] of timeline.windowLevels(side)) {
            expect(lots, `side ${side} tick ${tick} at ${stop}`).toBe(fresh.sizeAt(side, tick, stop));
            compared++;
            if (lots > 0) nonZero++;
          }
        }
        expect(timeline.book()).toEqual(fresh.visibleBookAt(stop));
      }
      expect(compared).toBeGreaterThan(40 * 40);
      expect(nonZero).toBeGreaterThan(compared / 2);
    },
  );

  it.each([
    ['binance/BTCUSDT', dataset('binance', 'BTCUSDT'), 12, 5_000],
    ['lighter/BTC-USD', dataset('lighter', 'BTC-USD'), 6, 180_000],
    ['hyperliquid/BTC', dataset('hyperliquid', 'BTC'), 4, 180_000],
  ] as const)('sizes kept by the timeline equal sizes from scratch after every event, from several starts (%s)', (_name, ds, starts, span) => {
    const fresh = new BookModel(6, ds);
    let compared = 0;
    const mismatches: string[] = [];
    for (let i = 0; i < starts; i++) {
      const start = hour + i * 7 * 60_000 + 1234 * i;
      const timeline = new BookTimeline(new BookModel(6, ds), start);
      while (timeline.nextTime < start + span) {
        const time = timeline.nextTime;
        timeline.step(quiet);
        for (const side of [bidSide, askSide] as BookSide[]) {
          for (const [tick, lots] of timeline.windowLevels(side)) {
            compared++;
            const expected = fresh.sizeAt(side, tick, time);
            if (lots !== expected) mismatches.push(`side ${side} tick ${tick} at ${time}: ${lots} ≠ ${expected}`);
          }
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(100_000);
  });

  it('continues hour N+1 exactly from where hour N ended, without generating hour N', () => {
    for (const ds of markets) {
      const model = new BookModel(8, ds);
      const end = hour + hourMs;
      const through = new BookTimeline(model, end - 90_000);
      playThrough(through, end - 1);
      const fresh = new BookTimeline(new BookModel(8, ds), end);
      expect(fresh.book(), ds.market).toEqual(through.book());
      expect([fresh.bid, fresh.ask]).toEqual([through.bid, through.ask]);
    }
  });

  it('keeps the visible book uncrossed, unlocked, within 25 levels a side, and emits at most 25 changes a side', () => {
    const ds = dataset('binance', 'BTCUSDT');
    const timeline = new BookTimeline(new BookModel(2, ds), hour);
    const problems: string[] = [];
    let deltas = 0;
    let largest = 0;
    let trades = 0;
    const sink: BookEventSink = {
      delta: (time, bids, asks) => {
        deltas++;
        largest = Math.max(largest, bids.length / 2, asks.length / 2);
        if (bids.length > 50 || asks.length > 50) problems.push(`${time}: ${bids.length / 2} / ${asks.length / 2} changes`);
      },
      trade: (time, buy, tick, lots) => {
        trades++;
        if (tick !== (buy ? timeline.ask : timeline.bid) || !(lots > 0)) problems.push(`${time}: trade ${tick} ${lots}`);
      },
    };
    while (timeline.nextTime < hour + 3 * 60_000) {
      const time = timeline.nextTime;
      timeline.step(sink);
      const { bids, asks } = timeline.book();
      const bestBid = bids[0] ?? Number.NEGATIVE_INFINITY;
      const bestAsk = asks[0] ?? Number.POSITIVE_INFINITY;
      if (bids.length > 50 || asks.length > 50) problems.push(`${time}: ${bids.length / 2} / ${asks.length / 2} levels`);
      if (!(bestAsk - bestBid >= 1) || !(timeline.ask - timeline.bid >= 1)) problems.push(`${time}: crossed or locked`);
      if (bids.some((value, i) => i % 2 === 1 && !(value > 0)) || asks.some((value, i) => i % 2 === 1 && !(value > 0))) problems.push(`${time}: empty level`);
      if (!((bids.at(-2) ?? 1) > 0)) problems.push(`${time}: price ≤ 0`);
    }
    expect(problems).toEqual([]);
    expect(deltas).toBeGreaterThan(20_000);
    expect(trades).toBeGreaterThan(800);
    expect(largest).toBeGreaterThan(5);
  });

  it('gives the same book for the same seed and a different one for another seed', () => {
    const ds = dataset('hyperliquid', 'ETH');
    const at = hour + 1_234_567;
    expect(new BookModel(1, ds).visibleBookAt(at)).toEqual(new BookModel(1, ds).visibleBookAt(at));
    expect(new BookModel(2, ds).visibleBookAt(at)).not.toEqual(new BookModel(1, ds).visibleBookAt(at));
  });
});

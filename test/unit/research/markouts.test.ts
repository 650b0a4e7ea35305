import { describe, expect, it } from 'vitest';
import type { MidSeries } from '../../../shared/research/mid-series.ts';
import { markouts } from '../../../shared/research/markouts.ts';
import { seededRandom } from '../../../shared/seeded-random.ts';
import { columnsOf, expectClose, naiveMarkouts, nullable, randomTrades, type PlainTrade } from './research-reference.ts';

const t0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** A mid series from plain samples (null: no mid), known up to `end`. */
function midsOf(samples: readonly [time: number, mid: number | null][], end: number): MidSeries {
  return {
    time: Float64Array.from(samples.map(([time]) => time)),
    mid: Float64Array.from(samples.map(([, mid]) => mid ?? Number.NaN)),
    spreadBps: new Float64Array(samples.length).fill(Number.NaN),
    end,
  };
}

// Mids worked by hand: 100 at 0 ms, 101 at 500, 102 at 1000, 99 at 5000, none (book cleared) at
// 6000, 100 at 7000; the books are known until 10 000 ms. Horizons 1 s and 5 s.
const handSamples: [number, number | null][] = [
  [t0, 100],
  [t0 + 500, 101],
  [t0 + 1_000, 102],
  [t0 + 5_000, 99],
  [t0 + 6_000, null],
  [t0 + 7_000, 100],
];
const handEnd = t0 + 10_000;

describe('markouts', () => {
  it('signs the mid move by side, in bps of the mid at the trade (hand-computed)', () => {
    const trades: PlainTrade[] = [
      // A buy at 0: mid 100 (a mid at the trade's own ms counts). +1 s → 102: +200 bps; +5 s → 99: −100 bps.
      { time: t0, price: 100, quantity: 1, side: 'buy' },
      // A sell at 200: mid 100. +1 s (1200) → 102: −200; +5 s (5200) → 99: +100.
      { time: t0 + 200, price: 100, quantity: 1, side: 'sell' },
      // A buy at 999: mid 101 (the 102 of 1000 is 1 ms later: never used). +1 s (1999) → 102: +99.0099…;
      // +5 s (5999) → 99: −198.0198… (the 6000 clear is 1 ms later).
      { time: t0 + 999, price: 101, quantity: 1, side: 'buy' },
      // Unknown side: no markout at all.
      { time: t0 + 5_500, price: 99, quantity: 1, side: null },
      // A buy at 5200: +1 s (6200) falls while the book is cleared → null; +5 s (10 200) is past the data → null.
      { time: t0 + 5_200, price: 99, quantity: 1, side: 'buy' },
      // Before the first mid: null.
      { time: t0 - 100, price: 100, quantity: 1, side: 'buy' },
      // A buy at 9000: mid 100; +1 s ends exactly at the data's end → 100: 0 bps (a real zero); +5 s → past → null.
      { time: t0 + 9_000, price: 100, quantity: 1, side: 'buy' },
    ];
    const result = markouts(columnsOf(trades), midsOf(handSamples, handEnd), { horizonsMs: [1_000, 5_000] });
    expect(nullable(result.midAtTrade)).toEqual([100, 100, 101, 99, 99, null, 100]);
    expectClose(result.markoutBps[0] ?? [], [200, -200, 10_000 / 101, null, null, null, 0], '1 s');
    expectClose(result.markoutBps[1] ?? [], [-100, 100, -20_000 / 101, null, null, null, null], '5 s');
  });

  it('never uses a mid after the horizon: changing every mid after a cut leaves every markout that ends by the cut as it was', () => {
    const random = seededRandom(41);
    const trades = randomTrades({ seed: 41, count: 2000, maxGapMs: 800 });
    const start = Math.min(...trades.map((t) => t.time)) - 1000;
    const end = Math.max(...trades.map((t) => t.time)) + 30_000;
    const samples: [number, number | null][] = [];
    let mid = 1000;
    for (let time = start; time <= end; time += Math.floor(random() * 300)) {
      mid += Math.round((random() - 0.5) * 4) / 2;
      samples.push([time, random() < 0.02 ? null : mid]);
    }
    const horizons = [1_000, 5_000, 30_000];
    const before = markouts(columnsOf(trades), midsOf(samples, end), { horizonsMs: horizons });
    const cut = start + (end - start) / 2;
    const changed = samples.map(([time, value]): [number, number | null] => [time, time > cut ? 5000 + random() * 10 : value]);
    const after = markouts(columnsOf(trades), midsOf(changed, end), { horizonsMs: horizons });
    let compared = 0;
    horizons.forEach((h, k) => {
      trades.forEach((trade, i) => {
        if (trade.time + h > cut) return;
        compared++;
        expect(Object.is(after.markoutBps[k]?.[i], before.markoutBps[k]?.[i]), `trade ${i} at +${h} ms`).toBe(true);
      });
    });
    expect(compared).toBeGreaterThan(2000);
    // And the mids after the cut are read where they should be: some later markouts did change.
    expect(horizons.some((h, k) => trades.some((trade, i) => trade.time + h > cut && !Object.is(after.markoutBps[k]?.[i], before.markoutBps[k]?.[i])))).toBe(true);
  });

  it('gives no markout (null, never 0) to a trade whose horizon runs past the last book time, even with the mid unchanged', () => {
    // The mid never moves, so a markout taken at all would be 0.
    const samples: [number, number | null][] = [[t0, 100]];
    const trades: PlainTrade[] = [
      { time: t0 + 1_000, price: 100, quantity: 1, side: 'buy' },
      { time: t0 + 4_000, price: 100, quantity: 1, side: 'sell' },
      { time: t0 + 4_001, price: 100, quantity: 1, side: 'sell' },
    ];
    const result = markouts(columnsOf(trades), midsOf(samples, t0 + 5_000), { horizonsMs: [1_000] });
    expect(nullable(result.markoutBps[0] ?? [])).toEqual([0, 0, null]);
  });

  it('agrees with the naive scan over seeded random streams, including trades stamped back in time', () => {
    for (const seed of [51, 52, 53]) {
      const random = seededRandom(seed);
      const trades = randomTrades({ seed, count: 600, maxGapMs: 1500 });
      const times = trades.map((t) => t.time);
      const start = Math.min(...times) - 2000;
      const end = Math.max(...times) - 10_000;
      const samples: [number, number | null][] = [];
      let mid = 500;
      for (let time = start; time <= end; time += Math.floor(random() * 700)) {
        mid += Math.round((random() - 0.5) * 6) / 2;
        if (mid < 1) mid = 1;
        samples.push([time, random() < 0.05 ? null : mid]);
      }
      const horizons = [1_000, 5_000, 30_000, 60_000];
      const result = markouts(columnsOf(trades), midsOf(samples, end), { horizonsMs: horizons });
      const naive = naiveMarkouts(trades, samples, end, horizons);
      horizons.forEach((h, k) => expectClose(result.markoutBps[k] ?? [], naive[k] ?? [], `seed ${seed}, +${h} ms`));
      // Each rule fired: some markouts, some nulls past the data, some trades stamped back.
      expect(naive.flat().some((value) => value !== null)).toBe(true);
      expect(trades.some((trade) => trade.side !== null && trade.time + 60_000 > end && trade.time < end)).toBe(true);
      expect(trades.some((trade, i) => i > 0 && trade.time < (trades[i - 1]?.time ?? 0))).toBe(true);
    }
  });

  it('takes the data end it is given over the series’ own', () => {
    const result = markouts(columnsOf([{ time: t0, price: 100, quantity: 1, side: 'buy' }]), midsOf(handSamples, handEnd), { horizonsMs: [1_000], dataEnd: t0 + 999 });
    expect(nullable(result.markoutBps[0] ?? [])).toEqual([null]);
  });

  it('refuses a negative or non-finite horizon', () => {
    expect(() => markouts(columnsOf([]), midsOf([], t0), { horizonsMs: [-1] })).toThrow(/horizon/);
  });
});

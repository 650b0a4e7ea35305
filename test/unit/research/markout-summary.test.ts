import { describe, expect, it } from 'vitest';
import { largestTrades, markoutSummary, type MarkoutSummary } from '../../../shared/research/markout-summary.ts';
import type { Markouts } from '../../../shared/research/markouts.ts';
import { seededRandom } from '../../../shared/seeded-random.ts';
import { columnsOf, randomTrades, type PlainTrade } from './research-reference.ts';

const t0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** A markout table from plain values (null: no markout). */
function tableOf(horizons: number[], values: (number | null)[][]): Markouts {
  return {
    horizonsMs: horizons,
    midAtTrade: new Float64Array(values[0]?.length ?? 0),
    markoutBps: values.map((column) => Float64Array.from(column, (value) => value ?? Number.NaN)),
    dataEnd: Number.POSITIVE_INFINITY,
  };
}

/** One summary row as the test reads it, null for NaN. */
interface PlainRow {
  trades: number;
  count: number;
  mean: number | null;
  sd: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

function rowOf(summary: MarkoutSummary, side: number, bucket: number, horizon: number): PlainRow {
  for (let g = 0; g < summary.side.length; g++) {
    if (summary.side[g] !== side || summary.bucket[g] !== bucket || summary.horizonMs[g] !== horizon) continue;
    const value = (column: Float64Array): number | null => (Number.isNaN(column[g]) ? null : (column[g] ?? null));
    return { trades: summary.trades[g] ?? -1, count: summary.count[g] ?? -1, mean: value(summary.mean), sd: value(summary.sd), ciLow: value(summary.ciLow), ciHigh: value(summary.ciHigh) };
  }
  throw new Error(`no row ${side}/${bucket}/${horizon}`);
}

function expectRow(actual: PlainRow, expected: PlainRow): void {
  expect([actual.trades, actual.count]).toEqual([expected.trades, expected.count]);
  for (const key of ['mean', 'sd', 'ciLow', 'ciHigh'] as const) {
    const want = expected[key];
    if (want === null) expect(actual[key], key).toBeNull();
    else expect(actual[key], key).toBeCloseTo(want, 9);
  }
}

/** The naive group statistics: filter, then two passes (mean, then squared deviations). */
function naiveRow(values: readonly (number | null)[], trades: number): PlainRow {
  const known = values.filter((value): value is number => value !== null);
  const n = known.length;
  const mean = n > 0 ? known.reduce((sum, x) => sum + x, 0) / n : null;
  const sd = n >= 2 && mean !== null ? Math.sqrt(known.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1)) : null;
  const half = sd === null ? null : (1.96 * sd) / Math.sqrt(n);
  return { trades, count: n, mean, sd, ciLow: mean === null || half === null ? null : mean - half, ciHigh: mean === null || half === null ? null : mean + half };
}

describe('markout summary', () => {
  // Notional edges 0, 1000, 10 000. Trades (price 100): buy 5 (500, bucket 0), buy 8 (800, b0),
  // sell 20 (2000, b1), buy 200 (20 000, b2), unknown side 1, sell 1 (100, b0).
  const trades: PlainTrade[] = [
    { time: t0, price: 100, quantity: 5, side: 'buy' },
    { time: t0, price: 100, quantity: 8, side: 'buy' },
    { time: t0, price: 100, quantity: 20, side: 'sell' },
    { time: t0, price: 100, quantity: 200, side: 'buy' },
    { time: t0, price: 100, quantity: 1, side: null },
    { time: t0, price: 100, quantity: 1, side: 'sell' },
  ];
  const table = tableOf([1_000, 5_000], [
    [2, 4, -1, 6, null, null],
    [4, null, 3, 6, null, null],
  ]);
  const summary = markoutSummary(columnsOf(trades), table, [0, 1_000, 10_000]);

  it('averages by side and size bucket with counts, sample sd and a 95 % band (hand-computed)', () => {
    // Buys under 1000 at 1 s: 2 and 4 → mean 3, sd √2, band 3 ± 1.96·√2/√2 = [1.04, 4.96].
    expectRow(rowOf(summary, 1, 0, 1_000), { trades: 2, count: 2, mean: 3, sd: Math.SQRT2, ciLow: 1.04, ciHigh: 4.96 });
    // All buys at 1 s: 2, 4, 6 → mean 4, sd 2, band 4 ± 1.96·2/√3.
    expectRow(rowOf(summary, 1, -1, 1_000), { trades: 3, count: 3, mean: 4, sd: 2, ciLow: 4 - 3.92 / Math.sqrt(3), ciHigh: 4 + 3.92 / Math.sqrt(3) });
    // One value: a mean but no sd and no band.
    expectRow(rowOf(summary, 1, 2, 1_000), { trades: 1, count: 1, mean: 6, sd: null, ciLow: null, ciHigh: null });
    // No trade at all in the bucket, and trades without a markout: counted, no mean.
    expectRow(rowOf(summary, 1, 1, 1_000), { trades: 0, count: 0, mean: null, sd: null, ciLow: null, ciHigh: null });
    expectRow(rowOf(summary, -1, 0, 1_000), { trades: 1, count: 0, mean: null, sd: null, ciLow: null, ciHigh: null });
    // Both sides, all sizes, 1 s: 2, 4, −1, 6 → mean 2.75; Σ(x − m)² = 26.75, sd √(26.75 / 3).
    const sd = Math.sqrt(26.75 / 3);
    expectRow(rowOf(summary, 0, -1, 1_000), { trades: 5, count: 4, mean: 2.75, sd, ciLow: 2.75 - (1.96 * sd) / 2, ciHigh: 2.75 + (1.96 * sd) / 2 });
    // 5 s: the buy of 800 has no markout there.
    expectRow(rowOf(summary, 1, 0, 5_000), { trades: 2, count: 1, mean: 4, sd: null, ciLow: null, ciHigh: null });
  });

  it('counts trades of unknown side apart: in no row', () => {
    expect(summary.unknownSide).toBe(1);
    expect(rowOf(summary, 0, -1, 1_000).trades).toBe(5);
  });

  it('labels buckets by their notional edges, the last one open-ended (null upper edge)', () => {
    const labels = new Set<string>();
    for (let g = 0; g < summary.side.length; g++) labels.add(`${summary.bucket[g]}:${summary.sizeLow[g]}-${summary.sizeHigh[g]}`);
    expect([...labels]).toEqual(['0:0-1000', '1:1000-10000', '2:10000-NaN', '-1:0-NaN']);
  });

  it('agrees with naive filters and two-pass statistics over a seeded random stream', () => {
    const random = seededRandom(61);
    const stream = randomTrades({ seed: 61, count: 4000 });
    const horizons = [1_000, 5_000, 30_000];
    const values = horizons.map(() => stream.map((trade) => (trade.side === null || random() < 0.1 ? null : (random() - 0.45) * 20)));
    const edges = [0, 500, 1_500];
    const result = markoutSummary(columnsOf(stream), tableOf(horizons, values), edges);
    const notional = (trade: PlainTrade): number => trade.price * trade.quantity;
    const inBucket = (trade: PlainTrade, b: number): boolean => b === -1 || (notional(trade) >= (edges[b] ?? 0) && (b + 1 >= edges.length || notional(trade) < (edges[b + 1] ?? 0)));
    for (const [side, word] of [[1, 'buy'], [-1, 'sell'], [0, null]] as const) {
      for (const bucket of [-1, 0, 1, 2]) {
        horizons.forEach((h, k) => {
          const members = stream.map((trade, i) => ({ trade, i })).filter(({ trade }) => trade.side !== null && (word === null || trade.side === word) && inBucket(trade, bucket));
          expectRow(rowOf(result, side, bucket, h), naiveRow(members.map(({ i }) => values[k]?.[i] ?? null), members.length));
        });
      }
    }
  });
});

describe('largest trades', () => {
  it('lists the top N by notional, largest first, ties to the earlier trade', () => {
    const trades: PlainTrade[] = [
      { time: t0, price: 10, quantity: 1, side: 'buy' }, // 10
      { time: t0, price: 5, quantity: 10, side: 'sell' }, // 50
      { time: t0, price: 100, quantity: 0.5, side: null }, // 50, later than the one before
      { time: t0, price: 1, quantity: 70, side: 'buy' }, // 70
      { time: t0, price: Number.NaN, quantity: 1e9, side: 'buy' }, // unusable
      { time: t0, price: 2, quantity: 1, side: 'buy' }, // 2
    ];
    expect(Array.from(largestTrades(columnsOf(trades), 3))).toEqual([3, 1, 2]);
    expect(Array.from(largestTrades(columnsOf(trades), 10))).toEqual([3, 1, 2, 0, 5]);
    expect(Array.from(largestTrades(columnsOf(trades), 0))).toEqual([]);
  });

  it('agrees with a full sort over a seeded random stream', () => {
    const stream = randomTrades({ seed: 62, count: 5000 });
    const expected = stream
      .map((trade, i) => ({ i, notional: trade.price * trade.quantity }))
      .sort((a, b) => b.notional - a.notional || a.i - b.i)
      .slice(0, 25)
      .map(({ i }) => i);
    expect(Array.from(largestTrades(columnsOf(stream), 25))).toEqual(expected);
  });
});

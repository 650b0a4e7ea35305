import { describe, expect, it } from 'vitest';
import { valueArea, volumeProfile } from '../../../shared/research/volume-profile.ts';
import { columnsOf, expectClose, randomTrades, type PlainTrade } from './research-reference.ts';

const t0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** Trades giving the volumes `volumes[price]`, all buys unless said otherwise. */
function tradesAt(volumes: Record<number, number>, side: PlainTrade['side'] = 'buy'): PlainTrade[] {
  return Object.entries(volumes).map(([price, quantity], i) => ({ time: t0 + i, price: Number(price), quantity, side }));
}

/**
 * The naive value area, written from the rule's description: rows as a list of {price, volume}
 * from the lowest traded bucket to the highest (empty rows included), start at the POC row, and
 * while under the share, look at the next two rows above and below and add the bigger pair.
 */
function naiveValueArea(rows: { price: number; volume: number }[], share: number): { low: number; high: number } {
  const total = rows.reduce((sum, row) => sum + row.volume, 0);
  let poc = 0;
  rows.forEach((row, i) => {
    if (row.volume > (rows[poc]?.volume ?? 0)) poc = i;
  });
  let low = poc;
  let high = poc;
  let volume = rows[poc]?.volume ?? 0;
  while (volume < share * total - 1e-9 && (low > 0 || high < rows.length - 1)) {
    const above = rows.slice(high + 1, high + 3);
    const below = rows.slice(Math.max(0, low - 2), low);
    const up = above.reduce((sum, row) => sum + row.volume, 0);
    const down = below.reduce((sum, row) => sum + row.volume, 0);
    if (below.length === 0 || (above.length > 0 && up >= down)) {
      high += above.length;
      volume += up;
    } else {
      low -= below.length;
      volume += down;
    }
  }
  return { low: rows[low]?.price ?? Number.NaN, high: rows[high]?.price ?? Number.NaN };
}

describe('session volume profile', () => {
  it('expands the value area from the POC two rows at a time (hand-computed)', () => {
    // 98:1 99:2 100:10 101:3 102:4 103:0 104:5, total 25, 70 % = 17.5.
    // From 100 (10): above 101+102 = 7 vs below 99+98 = 3 → [100, 102], 17 < 17.5;
    // above 103+104 = 5 vs below 3 → [100, 104], 22 ≥ 17.5. (Row by row would give [99, 102].)
    const profile = volumeProfile(columnsOf(tradesAt({ 98: 1, 99: 2, 100: 10, 101: 3, 102: 4, 104: 5 })), { priceStep: 1 });
    expect(Array.from(profile.price)).toEqual([98, 99, 100, 101, 102, 103, 104]);
    expect(Array.from(profile.volume)).toEqual([1, 2, 10, 3, 4, 0, 5]);
    expect([profile.pocPrice, profile.valueAreaLow, profile.valueAreaHigh, profile.totalVolume, profile.valueAreaVolume]).toEqual([100, 100, 104, 25, 22]);
  });

  it('takes the pair above on a tie, and the other side once one end is reached', () => {
    // Rows 0..6, POC at 4 (10); total 26, 70 % = 18.2. Pairs (5, 6) = 4 and (3, 2) = 4 tie → above:
    // [4, 6] = 14. Nothing is left above, so below: [2, 6] = 18 < 18.2, then (1, 0) → [0, 6] = 26.
    const volume = Float64Array.from([5, 3, 2, 2, 10, 2, 2]);
    expect(valueArea(volume, 4, 0.7)).toEqual({ low: 0, high: 6, volume: 26 });
    const tie = Float64Array.from([0, 2, 2, 10, 2, 2, 0]);
    // 18 in all, 70 % = 12.6: one pair is enough, and on the tie it is the one above.
    expect(valueArea(tie, 3, 0.7)).toEqual({ low: 3, high: 5, volume: 14 });
  });

  it('keeps buy, sell and unknown volume apart, and the POC tie goes to the lower price', () => {
    const trades = [...tradesAt({ 10: 2 }, 'buy'), ...tradesAt({ 10: 1 }, 'sell'), ...tradesAt({ 11: 3 }, null)];
    const profile = volumeProfile(columnsOf(trades), { priceStep: 1 });
    expect([...profile.buyVolume, ...profile.sellVolume, ...profile.unknownVolume]).toEqual([2, 0, 1, 0, 0, 3]);
    expect(profile.pocPrice).toBe(10);
  });

  it('refuses a price step too fine to count a price in (5e-324 read as "no volume"), and takes 1e-12', () => {
    const trades = columnsOf(tradesAt({ 10: 2 }, 'buy'));
    expect(() => volumeProfile(trades, { priceStep: 5e-324 })).toThrow(new RangeError("The price step must be at least 1e-12 (finer than any market's tick), not 5e-324."));
    expect(volumeProfile(trades, { priceStep: 1e-12 }).totalVolume).toBe(2);
  });

  it('has no POC or value area (null) without volume', () => {
    const profile = volumeProfile(columnsOf([]), { priceStep: 1 });
    expect(profile.price.length).toBe(0);
    expect([profile.pocIndex, profile.valueAreaLowIndex]).toEqual([-1, -1]);
    expect([profile.pocPrice, profile.valueAreaLow, profile.valueAreaHigh].every(Number.isNaN)).toBe(true);
  });

  it('agrees with the naive profile and value area over seeded random streams', () => {
    for (const [seed, step, share] of [
      [31, 0.5, 0.7],
      [32, 2, 0.7],
      [33, 1, 0.5],
    ] as const) {
      const trades = randomTrades({ seed, count: 1500 });
      const profile = volumeProfile(columnsOf(trades), { priceStep: step, valueAreaShare: share });
      const byBucket = new Map<number, number>();
      for (const trade of trades) byBucket.set(Math.floor(trade.price / step), (byBucket.get(Math.floor(trade.price / step)) ?? 0) + trade.quantity);
      const lowest = Math.min(...byBucket.keys());
      const highest = Math.max(...byBucket.keys());
      const rows: { price: number; volume: number }[] = [];
      for (let k = lowest; k <= highest; k++) rows.push({ price: k * step, volume: byBucket.get(k) ?? 0 });
      expect(Array.from(profile.price)).toEqual(rows.map((row) => row.price));
      expectClose(profile.volume, rows.map((row) => row.volume), 'volume');
      const area = naiveValueArea(rows, share);
      expect([profile.valueAreaLow, profile.valueAreaHigh]).toEqual([area.low, area.high]);
    }
  });

  it('refuses a step so fine that the profile would be too wide, naming the step', () => {
    const trades = columnsOf(tradesAt({ 1: 1, 1_000_000: 1 }));
    expect(() => volumeProfile(trades, { priceStep: 0.01 })).toThrow(/buckets of 0\.01 .*choose a larger price step/);
  });
});

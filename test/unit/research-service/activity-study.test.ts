import { describe, expect, it } from 'vitest';
import { ActivityStudy, type ActivityStudyParams } from '../../../electron/host/research/activity-study.ts';
import type { ResearchTableData } from '../../../electron/host/research/research-table.ts';
import { expectClose, randomTrades, type PlainTrade } from '../research/research-reference.ts';

// The activity study's tables as `mde metrics` prints them (the footprint with each cell's delta,
// the CVD after each trade, the profile with its options), against naive passes over plain
// trades written from the definitions.

const t0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** Seeded trades (some of unknown side, some stamped back), with a few that no engine can use. */
function trades(): PlainTrade[] {
  const list = randomTrades({ seed: 9090, count: 2_000, start: t0, maxGapMs: 400 });
  list.splice(100, 0, { time: t0 + 40_000, price: 0, quantity: 1, side: 'buy' });
  list.splice(700, 0, { time: t0 + 200_000, price: 1000, quantity: Number.NaN, side: 'sell' });
  list.splice(1_300, 0, { time: t0 + 400_000, price: 1000, quantity: -2, side: null });
  return list;
}

const usable = (trade: PlainTrade): boolean => Number.isFinite(trade.time) && trade.price > 0 && Number.isFinite(trade.price) && trade.quantity >= 0 && Number.isFinite(trade.quantity);

function finished(list: readonly PlainTrade[], params: Partial<ActivityStudyParams>): { study: ActivityStudy; tables: Partial<Record<string, ResearchTableData>> } {
  const study = new ActivityStudy({ range: null, barKind: 'tick', ...params });
  for (const trade of list) study.trade(trade.time, trade.price, trade.quantity, trade.side === 'buy' ? 1 : trade.side === 'sell' ? -1 : 0);
  return { study, tables: study.finish().tables };
}

function column(table: ResearchTableData | undefined, name: string): (number | string | null)[] {
  const found = table?.columns.find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no column ${name}`);
  return Array.from(found.values as ArrayLike<number | string | null>);
}

const numbers = (values: readonly (number | string | null)[]): number[] => values.map(Number);

describe('the activity study for mde metrics', () => {
  const list = trades();

  it('builds only the tables asked for; the view’s four by default', () => {
    expect(Object.keys(finished(list, {}).tables)).toEqual(['bars', 'cvd', 'profile', 'footprint']);
    expect(Object.keys(finished(list, { tables: ['trade-cvd'] }).tables)).toEqual(['trade-cvd']);
  });

  it('gives the CVD after each trade of the range: buys add, sells subtract, unknown apart, null at a trade left out', () => {
    const range = { start: t0 + 60_000, end: Number.POSITIVE_INFINITY };
    const kept = list.filter((trade) => trade.time >= range.start);
    const { study, tables } = finished(list, { range, tables: ['trade-cvd'] });
    const table = tables['trade-cvd'];
    expect(table?.columns.map((entry) => entry.name)).toEqual(['time', 'price', 'quantity', 'side', 'cvd', 'unknown_volume']);
    let delta = 0;
    let unknown = 0;
    const cvd: (number | null)[] = [];
    const unknownVolume: (number | null)[] = [];
    for (const trade of kept) {
      if (!usable(trade)) {
        cvd.push(null);
        unknownVolume.push(null);
        continue;
      }
      if (trade.side === 'buy') delta += trade.quantity;
      else if (trade.side === 'sell') delta -= trade.quantity;
      else unknown += trade.quantity;
      cvd.push(delta);
      unknownVolume.push(unknown);
    }
    expect(column(table, 'time')).toEqual(kept.map((trade) => trade.time));
    expect(column(table, 'side')).toEqual(kept.map((trade) => trade.side));
    expectClose(numbers(column(table, 'cvd')), cvd, 'cvd');
    expectClose(numbers(column(table, 'unknown_volume')), unknownVolume, 'unknown volume');
    expect(study.unusableTrades).toBe(kept.filter((trade) => !usable(trade)).length);
    expect(study.unusableTrades).toBe(2);
  });

  it('gives the footprint with each cell’s delta, on the candle, step and ratio asked for', () => {
    const step = 0.5;
    const ratio = 2;
    const { tables } = finished(list, { priceStep: step, footprintIntervalMs: 10_000, imbalanceRatio: ratio, tables: ['footprint', 'footprint-delta'] });
    const cells = new Map<string, { open: number; price: number; bid: number; ask: number; unknown: number; trades: number }>();
    for (const trade of list.filter(usable)) {
      const open = Math.floor(trade.time / 10_000) * 10_000;
      const bucket = Math.floor(trade.price / step + 1e-9);
      const key = `${open}:${bucket}`;
      const cell = cells.get(key) ?? { open, price: bucket * step, bid: 0, ask: 0, unknown: 0, trades: 0 };
      if (trade.side === 'buy') cell.ask += trade.quantity;
      else if (trade.side === 'sell') cell.bid += trade.quantity;
      else cell.unknown += trade.quantity;
      cell.trades++;
      cells.set(key, cell);
    }
    const expected = [...cells.values()].sort((a, b) => a.open - b.open || a.price - b.price);
    const at = (open: number, price: number): { bid: number; ask: number } | undefined => cells.get(`${open}:${Math.round(price / step)}`);
    const table = tables['footprint-delta'];
    expect(table?.columns.map((entry) => entry.name)).toEqual(['candle_open_time', 'price', 'bid_volume', 'ask_volume', 'unknown_volume', 'delta', 'trades', 'buy_imbalance', 'sell_imbalance', 'poc']);
    expect(column(table, 'candle_open_time')).toEqual(expected.map((cell) => cell.open));
    expectClose(numbers(column(table, 'price')), expected.map((cell) => cell.price), 'price');
    expectClose(numbers(column(table, 'delta')), expected.map((cell) => cell.ask - cell.bid), 'delta');
    expectClose(numbers(column(table, 'unknown_volume')), expected.map((cell) => cell.unknown), 'unknown');
    expect(column(table, 'trades')).toEqual(expected.map((cell) => cell.trades));
    expect(column(table, 'buy_imbalance')).toEqual(expected.map((cell) => {
      const below = at(cell.open, cell.price - step)?.bid ?? 0;
      return below > 0 && cell.ask >= ratio * below ? 1 : 0;
    }));
    expect(column(table, 'sell_imbalance')).toEqual(expected.map((cell) => {
      const above = at(cell.open, cell.price + step)?.ask ?? 0;
      return above > 0 && cell.bid >= ratio * above ? 1 : 0;
    }));
    const pocs = expected.map((cell) => {
      const own = expected.filter((other) => other.open === cell.open);
      const top = [...own].sort((a, b) => b.bid + b.ask + b.unknown - (a.bid + a.ask + a.unknown) || a.price - b.price)[0];
      return top === cell ? 1 : 0;
    });
    expect(column(table, 'poc')).toEqual(pocs);
    // The view's layout: the same cells, its candle column named open_time, no delta.
    const view = tables.footprint;
    expect(view?.columns.map((entry) => entry.name)).toEqual(['open_time', 'price', 'bid_volume', 'ask_volume', 'unknown_volume', 'trades', 'buy_imbalance', 'sell_imbalance', 'poc']);
    expect(column(view, 'open_time')).toEqual(column(table, 'candle_open_time'));
  });

  it('holds the value area share asked for, and spans as many buckets as allowed', () => {
    const { tables } = finished(list, { priceStep: 0.5, valueAreaShare: 0.5, tables: ['profile'] });
    const profile = tables.profile;
    const volume = numbers(column(profile, 'volume'));
    const total = list.filter(usable).reduce((sum, trade) => sum + trade.quantity, 0);
    const inArea = numbers(column(profile, 'value_area')).reduce((sum, flag, i) => sum + flag * (volume[i] ?? 0), 0);
    expect(inArea).toBeGreaterThanOrEqual(0.5 * total * (1 - 1e-9));
    expect(inArea).toBeLessThan(0.7 * total);
    // A step of 0.002 over the traded prices: past the view's 20,000 buckets, inside a limit of 100,000.
    const prices = list.filter(usable).map((trade) => trade.price);
    const buckets = (Math.max(...prices) - Math.min(...prices)) / 0.002 + 1;
    expect(buckets).toBeGreaterThan(20_000);
    expect(buckets).toBeLessThan(100_000);
    expect(() => finished(list, { priceStep: 0.002, tables: ['profile'] })).toThrow(/choose a larger price step/);
    expect(finished(list, { priceStep: 0.002, profileMaxBuckets: 100_000, tables: ['profile'] }).tables.profile?.rows).toBeCloseTo(buckets, 0);
  });
});

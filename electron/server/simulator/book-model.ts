import { AssetPriceClock } from './asset-path.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import { hashKey, mix, mixNumber, normalAt, poissonOf, uniformAt } from './hashed-draws.ts';

// A simulated order book whose state is a pure function of time.
//
// Why this shape: a demo hour is generated on demand, any hour of the last days, in well under a
// few seconds, and hour N+1 must continue exactly where hour N's book ended. Replaying history
// from some origin would make old hours cheap and recent ones slow; a stateful simulator per hour
// (what we had) makes every hour boundary a jump. So every random choice is a hash of *where* it
// happens (seed, market, side, tick, absolute time slot), never the next draw of a stream:
//
// - The touch (best bid tick b(t), best ask a(t) = b(t) + spread) follows the asset's price path
//   and a hashed spread, piecewise constant on a fixed grid aligned to the Unix epoch (100 ms for
//   busy books, 1 s for light ones), so it only changes at enumerable times.
// - Each level (side, tick k) has its own size process: "refreshes" at hashed times in every
//   absolute slot (at least one per slot, plus Poisson extras), each setting a hashed lognormal
//   size (sometimes 0, a pulled level) that grows with the level's depth at that moment.
// - Trades are hashed per slot too (time, side, size); a trade hits the touch level of its side,
//   happens only while that level's size is > 0, and takes min(size, q) from it.
//
// So size(side, k, t) = the last refresh at or before t, minus the trades on that level since
// (refreshes before trades within one millisecond): computable from scratch by looking at most
// two slots back, and maintained incrementally by the timeline (book-timeline.ts) while it
// generates. The visible book at t is the levels within `depth` ticks of the touch on each side
// whose size is > 0: bids ≤ b(t) < a(t) ≤ asks, so it is never crossed nor locked.

/** Which side of a book: 0 bids, 1 asks. */
export type BookSide = 0 | 1;
/** The bid side. */
export const bidSide: BookSide = 0;
/** The ask side. */
export const askSide: BookSide = 1;

/** Parameters of a simulated book, derived from its dataset (`bookParametersOf`). */
export interface BookParameters {
  tick: number;
  lot: number;
  basis: number;
  /** Typical resting size of a level near the touch, in lots. */
  typicalLots: number;
  /** Levels per side in the visible book (and at most this many changes per side per delta). */
  depth: number;
  /** The touch is constant on this absolute grid (ms, divides `slotMs`). */
  touchGridMs: number;
  /** The spread is constant on this absolute grid (ms). */
  spreadSlotMs: number;
  /** Chance that the spread is wider than one tick. */
  wideSpreadChance: number;
  /** Refresh and trade slots (ms, divides an hour). */
  slotMs: number;
  /** Mean number of refreshes per level and slot beyond the first. */
  extraRefreshesPerSlot: number;
  /** Mean number of trade attempts per slot. */
  tradesPerSlot: number;
  /** Chance a refresh away from the touch pulls the level (size 0). */
  pulledLevelChance: number;
}

const slotChoices = [1000, 2000, 5000, 10_000, 15_000, 20_000, 30_000, 60_000];
const maxRefreshesPerSlot = 64;
const maxTradesPerSlot = 999;

/**
 * A dataset's book parameters. `bookEventsPerSecond` sets how often each level is refreshed (so a
 * busy market has a fast touch grid and short slots); `tradesPerSecond` sets the trade attempts.
 */
export function bookParametersOf(dataset: SimulatedDataset): BookParameters {
  const busy = dataset.bookEventsPerSecond >= 20;
  const refreshesPerLevelSecond = dataset.bookEventsPerSecond / 60;
  const slotMs = slotChoices.find((slot) => (slot / 1000) * refreshesPerLevelSecond >= 1) ?? 60_000;
  return {
    tick: dataset.tick,
    lot: dataset.lot,
    basis: dataset.basis,
    typicalLots: Math.max(1, Math.round(25_000 / (dataset.asset.basePrice * dataset.lot) / 40)),
    depth: 25,
    touchGridMs: busy ? 100 : 1000,
    spreadSlotMs: 5000,
    wideSpreadChance: busy ? 0.05 : 0.3,
    slotMs,
    extraRefreshesPerSlot: Math.max(0, (slotMs / 1000) * refreshesPerLevelSecond - 1),
    tradesPerSlot: (dataset.tradesPerSecond * slotMs) / 1000,
    pulledLevelChance: 0.04,
  };
}

/** The trade attempts of one slot, in time order (ties in draw order). */
export interface TradeSlot {
  count: number;
  times: Float64Array;
  /** 1 for a buy (hits the ask touch), 0 for a sell (hits the bid touch). */
  buys: Uint8Array;
  /** The size asked for, in lots (Infinity: sweep the whole level). */
  lots: Float64Array;
  /** The touch tick the attempt hits. */
  ticks: Float64Array;
  /** Trade ids: slot · 1000 + draw index. */
  ids: Float64Array;
}

/** The refresh times of one level in one slot, in draw order (not sorted). */
export interface LevelRefreshes {
  count: number;
  times: Float64Array;
}

/** A book as flat level lists, best first: `[tick, lots, tick, lots, ...]`. */
export interface FlatBook {
  bids: number[];
  asks: number[];
}

const touchCacheSize = 4096;

/** The pure book function of one dataset (see the top of this file). */
export class BookModel {
  /** The book's parameters. */
  readonly params: BookParameters;
  readonly #prices: AssetPriceClock;
  readonly #refreshKey: number;
  readonly #tradeKey: number;
  readonly #spreadKey: number;
  readonly #touchSlots = new Float64Array(touchCacheSize).fill(-1);
  readonly #touchBids = new Float64Array(touchCacheSize);
  readonly #touchAsks = new Float64Array(touchCacheSize);
  readonly #trades = new Map<number, TradeSlot>();
  readonly #scratchTimes = new Float64Array(maxRefreshesPerSlot);

  constructor(seed: number, dataset: SimulatedDataset, params: BookParameters = bookParametersOf(dataset)) {
    this.params = params;
    this.#prices = new AssetPriceClock(seed, dataset.asset);
    const base = hashKey(seed, dataset.source, dataset.market, 'book');
    this.#refreshKey = mix(base, 1);
    this.#tradeKey = mix(base, 2);
    this.#spreadKey = mix(base, 3);
  }

  /** The best bid tick at `time`. */
  bidAt(time: number): number {
    return this.#touchBids[this.#touch(time)] ?? 0;
  }

  /** The best ask tick at `time` (always above the bid). */
  askAt(time: number): number {
    return this.#touchAsks[this.#touch(time)] ?? 0;
  }

  /** The touch's mid price at `time`. */
  midAt(time: number): number {
    return ((this.bidAt(time) + this.askAt(time)) / 2) * this.params.tick;
  }

  #touch(time: number): number {
    const grid = Math.floor(time / this.params.touchGridMs);
    const index = grid % touchCacheSize;
    if (this.#touchSlots[index] !== grid) {
      const { tick, basis, spreadSlotMs, wideSpreadChance } = this.params;
      const gridTime = grid * this.params.touchGridMs;
      const mid = (this.#prices.priceAt(gridTime) * basis) / tick;
      const roll = uniformAt(mixNumber(this.#spreadKey, Math.floor(gridTime / spreadSlotMs)), 0);
      const spread = roll < 1 - wideSpreadChance ? 1 : roll < 1 - wideSpreadChance / 3 ? 2 : 3;
      const bid = Math.max(1, Math.floor(mid - spread / 2));
      this.#touchSlots[index] = grid;
      this.#touchBids[index] = bid;
      this.#touchAsks[index] = bid + spread;
    }
    return index;
  }

  #levelKey(side: BookSide, tick: number, slot: number): number {
    return mix(mix(mixNumber(this.#refreshKey, slot), side), tick);
  }

  #refreshCount(key: number): number {
    return Math.min(maxRefreshesPerSlot, 1 + poissonOf(this.params.extraRefreshesPerSlot, uniformAt(key, 0)));
  }

  #refreshTime(key: number, slot: number, index: number): number {
    return slot * this.params.slotMs + Math.floor(uniformAt(key, 1 + 4 * index) * this.params.slotMs);
  }

  #refreshLots(key: number, index: number, side: BookSide, tick: number, time: number): number {
    const depth = Math.min(40, Math.abs(side === bidSide ? this.bidAt(time) - tick : tick - this.askAt(time)));
    if (depth >= 2 && uniformAt(key, 2 + 4 * index) < this.params.pulledLevelChance) return 0;
    const scale = this.params.typicalLots * (1 + depth / 8);
    return Math.max(1, Math.round(scale * Math.exp(0.6 * normalAt(key, 3 + 4 * index))));
  }

  /** The refresh times of a level in a slot, in draw order, written into `out`. */
  refreshTimesInto(side: BookSide, tick: number, slot: number, out: LevelRefreshes): void {
    const key = this.#levelKey(side, tick, slot);
    out.count = this.#refreshCount(key);
    for (let i = 0; i < out.count; i++) out.times[i] = this.#refreshTime(key, slot, i);
  }

  /** The lots the `index`-th refresh of a level in a slot sets (its time from `refreshTimesInto`). */
  refreshLots(side: BookSide, tick: number, slot: number, index: number, time: number): number {
    return this.#refreshLots(this.#levelKey(side, tick, slot), index, side, tick, time);
  }

  /** A buffer for `refreshTimesInto`. */
  static refreshBuffer(): LevelRefreshes {
    return { count: 0, times: new Float64Array(maxRefreshesPerSlot) };
  }

  /** The latest refresh of a level strictly before `time`: its time and lots, written into `out`. */
  latestRefreshBefore(side: BookSide, tick: number, time: number, out: { time: number; lots: number }): void {
    const { slotMs } = this.params;
    let slot = Math.floor((time - 1) / slotMs);
    let key = this.#levelKey(side, tick, slot);
    let best = this.#latestRefresh(key, slot, time - 1);
    if (best < 0) {
      slot--;
      key = this.#levelKey(side, tick, slot);
      best = this.#latestRefresh(key, slot, Number.POSITIVE_INFINITY);
    }
    out.time = this.#scratchTimes[best] ?? 0;
    out.lots = this.#refreshLots(key, best, side, tick, out.time);
  }

  /** The trade attempts of a slot (cached for the few slots in use). */
  tradesOf(slot: number): TradeSlot {
    const cached = this.#trades.get(slot);
    if (cached !== undefined) return cached;
    const { slotMs, typicalLots } = this.params;
    const key = mixNumber(this.#tradeKey, slot);
    const count = Math.min(maxTradesPerSlot, poissonOf(this.params.tradesPerSlot, uniformAt(key, 0)));
    const order = Array.from({ length: count }, (_, i) => ({ i, time: slot * slotMs + Math.floor(uniformAt(key, 1 + 4 * i) * slotMs) }));
    order.sort((x, y) => x.time - y.time || x.i - y.i);
    const trades: TradeSlot = {
      count,
      times: new Float64Array(count),
      buys: new Uint8Array(count),
      lots: new Float64Array(count),
      ticks: new Float64Array(count),
      ids: new Float64Array(count),
    };
    order.forEach(({ i, time }, position) => {
      const buy = uniformAt(key, 2 + 4 * i) < 0.5;
      const sweep = uniformAt(key, 3 + 4 * i) < 0.12;
      trades.times[position] = time;
      trades.buys[position] = buy ? 1 : 0;
      trades.lots[position] = sweep ? Number.POSITIVE_INFINITY : Math.max(1, Math.round(-Math.log(1 - uniformAt(key, 4 + 4 * i)) * typicalLots * 0.25));
      trades.ticks[position] = buy ? this.askAt(time) : this.bidAt(time);
      trades.ids[position] = slot * 1000 + i;
    });
    if (this.#trades.size >= 16) this.#trades.clear();
    this.#trades.set(slot, trades);
    return trades;
  }

  /** The size (lots) of a level after every event at or before `time`, computed from scratch. */
  sizeAt(side: BookSide, tick: number, time: number): number {
    const { slotMs } = this.params;
    let slot = Math.floor(time / slotMs);
    let key = this.#levelKey(side, tick, slot);
    let best = this.#latestRefresh(key, slot, time);
    if (best < 0) {
      slot--;
      key = this.#levelKey(side, tick, slot);
      best = this.#latestRefresh(key, slot, Number.POSITIVE_INFINITY);
    }
    const refreshedAt = this.#scratchTimes[best] ?? 0;
    let lots = this.#refreshLots(key, best, side, tick, refreshedAt);
    const buy = side === askSide ? 1 : 0;
    for (let tradeSlot = slot, last = Math.floor(time / slotMs); tradeSlot <= last; tradeSlot++) {
      const trades = this.tradesOf(tradeSlot);
      for (let i = 0; i < trades.count; i++) {
        const at = trades.times[i] ?? 0;
        if (at > time) break;
        if (at < refreshedAt || trades.buys[i] !== buy || trades.ticks[i] !== tick || lots <= 0) continue;
        lots = Math.max(0, lots - (trades.lots[i] ?? 0));
      }
    }
    return lots;
  }

  /** The index of the latest refresh at or before `time` in the slot (-1: none); times in scratch. */
  #latestRefresh(key: number, slot: number, time: number): number {
    const count = this.#refreshCount(key);
    let best = -1;
    for (let i = 0; i < count; i++) {
      const at = this.#refreshTime(key, slot, i);
      this.#scratchTimes[i] = at;
      if (at <= time && (best < 0 || at >= (this.#scratchTimes[best] ?? 0))) best = i;
    }
    return best;
  }

  /** The visible book after every event at or before `time`, computed from scratch. */
  visibleBookAt(time: number): FlatBook {
    const bid = this.bidAt(time);
    const ask = this.askAt(time);
    const bids: number[] = [];
    const asks: number[] = [];
    for (let tick = bid; tick > bid - this.params.depth && tick > 0; tick--) {
      const lots = this.sizeAt(bidSide, tick, time);
      if (lots > 0) bids.push(tick, lots);
    }
    for (let tick = ask; tick < ask + this.params.depth; tick++) {
      const lots = this.sizeAt(askSide, tick, time);
      if (lots > 0) asks.push(tick, lots);
    }
    return { bids, asks };
  }
}

import type { HourPricePath } from './asset-path.ts';
import { decimalsOf } from './line-writers.ts';
import type { Prng } from './prng.ts';

/** Price levels as `[price, size]` text pairs ready to be joined into JSON. */
type LevelChanges = Map<number, number>;

/** What the book simulator emits; the hour writer turns each into a file row. */
export interface BookSink {
  book(time: number, isSnapshot: boolean, bids: string, asks: string): void;
  trade(time: number, price: string, quantity: string, side: 'buy' | 'sell', id: number): void;
}

/** Parameters of a simulated order book. */
export interface BookParameters {
  tick: number;
  lot: number;
  basis: number;
  /** Typical resting size per level, in lots. */
  typicalLots: number;
}

const maxDepth = 40;
const minDepth = 30;

/**
 * A simulated limit order book on a tick grid that follows an asset's price path. Every change
 * is published as an absolute-quantity delta (0 deletes); the book is never crossed and its
 * spread is at least one tick; trades print at the touch and consume resting size.
 */
export class BookSimulator {
  readonly #prng: Prng;
  readonly #path: HourPricePath;
  readonly #params: BookParameters;
  readonly #sink: BookSink;
  readonly #bids = new Map<number, number>();
  readonly #asks = new Map<number, number>();
  readonly #priceDecimals: number;
  readonly #sizeDecimals: number;
  #tradeId: number;

  constructor(prng: Prng, path: HourPricePath, params: BookParameters, sink: BookSink, startTime: number, tradeIdBase: number) {
    this.#prng = prng;
    this.#path = path;
    this.#params = params;
    this.#sink = sink;
    this.#priceDecimals = decimalsOf(params.tick);
    this.#sizeDecimals = decimalsOf(params.lot);
    this.#tradeId = tradeIdBase;
    const [bid, ask] = this.#targetTouch(startTime);
    for (let depth = 0; depth < minDepth + this.#prng.int(0, 8); depth++) {
      this.#bids.set(bid - depth, this.#randomLots(depth));
      this.#asks.set(ask + depth, this.#randomLots(depth));
    }
  }

  /** Publishes the whole book. */
  snapshot(time: number): void {
    this.#sink.book(time, true, this.#format(this.#bids, true), this.#format(this.#asks, false));
  }

  /** Moves the book towards the price path and reshuffles a few levels; publishes the delta. */
  update(time: number): void {
    const bidChanges: LevelChanges = new Map();
    const askChanges: LevelChanges = new Map();
    const [targetBid, targetAsk] = this.#targetTouch(time);
    for (const tick of [...this.#bids.keys()]) if (tick > targetBid) this.#set(this.#bids, bidChanges, tick, 0);
    for (const tick of [...this.#asks.keys()]) if (tick < targetAsk) this.#set(this.#asks, askChanges, tick, 0);
    if (!this.#bids.has(targetBid)) this.#set(this.#bids, bidChanges, targetBid, this.#randomLots(0));
    if (!this.#asks.has(targetAsk)) this.#set(this.#asks, askChanges, targetAsk, this.#randomLots(0));
    const reshuffles = this.#prng.int(1, 4);
    for (let i = 0; i < reshuffles; i++) {
      const bidSide = this.#prng.chance(0.5);
      const book = bidSide ? this.#bids : this.#asks;
      const changes = bidSide ? bidChanges : askChanges;
      const best = bidSide ? targetBid : targetAsk;
      const depth = Math.min(maxDepth - 1, Math.floor(this.#prng.exponential(6)));
      const tick = bidSide ? best - depth : best + depth;
      if (depth > 0 && book.has(tick) && this.#prng.chance(0.3)) this.#set(book, changes, tick, 0);
      else this.#set(book, changes, tick, this.#randomLots(depth));
    }
    this.#trim(this.#bids, bidChanges, targetBid, -1);
    this.#trim(this.#asks, askChanges, targetAsk, 1);
    if (bidChanges.size + askChanges.size > 0) {
      this.#sink.book(time, false, this.#formatChanges(bidChanges, true), this.#formatChanges(askChanges, false));
    }
  }

  /** Prints a trade at the touch and publishes the consumed level. */
  trade(time: number): void {
    const buy = this.#prng.chance(0.5);
    const book = buy ? this.#asks : this.#bids;
    const touch = buy ? Math.min(...book.keys()) : Math.max(...book.keys());
    const resting = book.get(touch);
    if (resting === undefined || !Number.isFinite(touch)) return;
    const lots = this.#prng.chance(0.12) ? resting : Math.max(1, Math.min(resting, Math.round(this.#prng.exponential(this.#params.typicalLots * 0.25))));
    this.#tradeId++;
    this.#sink.trade(time, this.#price(touch), this.#size(lots), buy ? 'buy' : 'sell', this.#tradeId);
    const changes: LevelChanges = new Map();
    this.#set(book, changes, touch, resting - lots);
    const text = this.#formatChanges(changes, !buy);
    this.#sink.book(time, false, buy ? '[]' : text, buy ? text : '[]');
  }

  /** The last traded-side mid, for tickers. */
  mid(): number {
    const bid = Math.max(...this.#bids.keys());
    const ask = Math.min(...this.#asks.keys());
    return ((bid + ask) / 2) * this.#params.tick;
  }

  #targetTouch(time: number): [number, number] {
    const mid = (this.#path.priceAt(time) * this.#params.basis) / this.#params.tick;
    const spread = this.#prng.chance(0.7) ? 1 : this.#prng.int(2, 3);
    const bid = Math.floor(mid - spread / 2);
    return [bid, bid + spread];
  }

  #randomLots(depth: number): number {
    const scale = this.#params.typicalLots * (1 + depth / 8);
    return Math.max(1, Math.round(scale * Math.exp(this.#prng.normal() * 0.6)));
  }

  #set(book: Map<number, number>, changes: LevelChanges, tick: number, lots: number): void {
    if (lots <= 0) {
      if (!book.has(tick)) return;
      book.delete(tick);
      changes.set(tick, 0);
    } else {
      book.set(tick, lots);
      changes.set(tick, lots);
    }
  }

  #trim(book: Map<number, number>, changes: LevelChanges, best: number, direction: 1 | -1): void {
    for (const tick of [...book.keys()]) {
      if ((tick - best) * direction >= maxDepth) this.#set(book, changes, tick, 0);
    }
    // Refill thin books so snapshots always carry 25+ levels.
    for (let depth = 0; book.size < minDepth && depth < maxDepth; depth++) {
      const tick = best + depth * direction;
      if (!book.has(tick)) this.#set(book, changes, tick, this.#randomLots(depth));
    }
  }

  #price(tick: number): string {
    return (tick * this.#params.tick).toFixed(this.#priceDecimals);
  }

  #size(lots: number): string {
    return lots === 0 ? '0' : (lots * this.#params.lot).toFixed(this.#sizeDecimals);
  }

  #format(book: Map<number, number>, descending: boolean): string {
    const ticks = [...book.keys()].sort((a, b) => (descending ? b - a : a - b));
    return `[${ticks.map((tick) => `[${this.#price(tick)},${this.#size(book.get(tick) ?? 0)}]`).join(',')}]`;
  }

  #formatChanges(changes: LevelChanges, descending: boolean): string {
    const ticks = [...changes.keys()].sort((a, b) => (descending ? b - a : a - b));
    return `[${ticks.map((tick) => `[${this.#price(tick)},${this.#size(changes.get(tick) ?? 0)}]`).join(',')}]`;
  }
}

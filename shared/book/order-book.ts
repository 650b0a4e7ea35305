import type { FlatLevels } from '../snapshot/records.ts';
import { bookCrossing, type BookHealth } from './book-health.ts';
import { bookKeyId, type BookKey } from './book-key.ts';
import { BookSide, type SideLevels } from './book-side.ts';

/** One reconstructed book: bids descending, asks ascending, plus its data-health counters. */
export class OrderBook {
  readonly key: BookKey;
  readonly id: string;
  readonly bids = new BookSide('bids');
  readonly asks = new BookSide('asks');
  /** Collector time of the last applied event. */
  collectorTimestamp = Number.NaN;
  /** Whether the last applied event was a source snapshot. */
  lastEventWasSnapshot = false;
  private readonly healthState: BookHealth = { crossing: 'none', crossedCount: 0, lockedCount: 0 };

  constructor(key: BookKey) {
    this.key = { source: key.source, market: key.market, instrument: key.instrument };
    this.id = bookKeyId(key);
  }

  /** Replaces the whole book with snapshot levels. */
  applySnapshot(bids: FlatLevels, asks: FlatLevels): void {
    this.bids.loadLevels(bids);
    this.asks.loadLevels(asks);
  }

  /** Sets each listed level to its absolute quantity; 0 deletes. */
  applyDelta(bids: FlatLevels, asks: FlatLevels): void {
    this.bids.applyLevels(bids);
    this.asks.applyLevels(asks);
  }

  /** Records that an event was applied: its time, its kind, and the book's crossing state. */
  noteApplied(collectorTimestamp: number, isSnapshot: boolean): void {
    this.collectorTimestamp = collectorTimestamp;
    this.lastEventWasSnapshot = isSnapshot;
    const crossing = bookCrossing(this.bids, this.asks);
    this.healthState.crossing = crossing;
    if (crossing === 'crossed') this.healthState.crossedCount++;
    else if (crossing === 'locked') this.healthState.lockedCount++;
  }

  /** Data health: crossed/locked now, and how often so far. */
  get health(): Readonly<BookHealth> {
    return this.healthState;
  }

  /** A detached deep copy (full depth, same counters). */
  clone(): OrderBook {
    const copy = new OrderBook(this.key);
    copy.copyFrom(this);
    return copy;
  }

  /** Makes this book an exact copy of `other` (levels, time, counters). */
  copyFrom(other: OrderBook): void {
    this.bids.copyFrom(other.bids);
    this.asks.copyFrom(other.asks);
    this.collectorTimestamp = other.collectorTimestamp;
    this.lastEventWasSnapshot = other.lastEventWasSnapshot;
    Object.assign(this.healthState, other.healthState);
  }

  /** A compact full-depth copy for a checkpoint: 16 bytes per level plus a small header. */
  saveState(): OrderBookState {
    return {
      key: this.key,
      bids: this.bids.toLevels(),
      asks: this.asks.toLevels(),
      collectorTimestamp: this.collectorTimestamp,
      lastEventWasSnapshot: this.lastEventWasSnapshot,
      health: { ...this.healthState },
    };
  }

  /** A book rebuilt from a saved state. */
  static fromState(state: OrderBookState): OrderBook {
    const book = new OrderBook(state.key);
    book.bids.loadLevels(state.bids);
    book.asks.loadLevels(state.asks);
    book.collectorTimestamp = state.collectorTimestamp;
    book.lastEventWasSnapshot = state.lastEventWasSnapshot;
    Object.assign(book.healthState, state.health);
    return book;
  }
}

/** A saved full-depth book (levels best first), as checkpoints keep it. */
export interface OrderBookState {
  key: BookKey;
  bids: SideLevels;
  asks: SideLevels;
  collectorTimestamp: number;
  lastEventWasSnapshot: boolean;
  health: BookHealth;
}

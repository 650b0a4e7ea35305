/** Trades of one book as columns, on the replay clock so their times never step back. */
export interface TradeColumnsOut {
  time: Float64Array;
  price: Float64Array;
  quantity: Float64Array;
  /** 1 buy (taker bought), −1 sell, 0 unknown. */
  side: Float64Array;
}

/** One trade as it is added. */
export interface LoggedTrade {
  collectorTimestamp: number;
  price: number;
  quantity: number;
  side: 'buy' | 'sell' | null;
}

/**
 * The trades a file replay read for one book, as growable columns (32 bytes a trade). Times are
 * the running maximum of collector times, so a trade whose collector time steps back is drawn at
 * the replay clock, and the columns stay sorted for binary search.
 */
export class TradeLog {
  #count = 0;
  #clock = Number.NEGATIVE_INFINITY;
  #time: Float64Array<ArrayBuffer> = new Float64Array(1024);
  #price: Float64Array<ArrayBuffer> = new Float64Array(1024);
  #quantity: Float64Array<ArrayBuffer> = new Float64Array(1024);
  #side: Float64Array<ArrayBuffer> = new Float64Array(1024);

  /** Trades logged. */
  get count(): number {
    return this.#count;
  }

  /** Appends one trade (a non-finite price or quantity is skipped). */
  add(trade: LoggedTrade): void {
    if (!Number.isFinite(trade.price) || !Number.isFinite(trade.quantity)) return;
    if (this.#count === this.#time.length) this.#grow();
    const i = this.#count++;
    this.#clock = Math.max(this.#clock, trade.collectorTimestamp);
    this.#time[i] = this.#clock;
    this.#price[i] = trade.price;
    this.#quantity[i] = trade.quantity;
    this.#side[i] = trade.side === 'buy' ? 1 : trade.side === 'sell' ? -1 : 0;
  }

  /** Copies of the trades from index `from` on. */
  slice(from: number): TradeColumnsOut {
    const start = Math.max(0, Math.min(from, this.#count));
    return {
      time: this.#time.slice(start, this.#count),
      price: this.#price.slice(start, this.#count),
      quantity: this.#quantity.slice(start, this.#count),
      side: this.#side.slice(start, this.#count),
    };
  }

  /** Memory held, bytes. */
  bytes(): number {
    return this.#time.byteLength * 4;
  }

  #grow(): void {
    const grow = (from: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
      const next = new Float64Array(from.length * 2);
      next.set(from);
      return next;
    };
    this.#time = grow(this.#time);
    this.#price = grow(this.#price);
    this.#quantity = grow(this.#quantity);
    this.#side = grow(this.#side);
  }
}

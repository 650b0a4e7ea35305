/**
 * Trades as typed columns, the input of every order-flow engine in `shared/research/`.
 *
 * Null convention of the research engines: a number that is not known or not defined is NaN in a
 * `Float64Array` (printed as null, never as 0). A trade's side is a code in an `Int8Array`
 * (`sideCode`): 0 is an unknown side, which is never counted as a buy.
 */

/** Side codes of `TradeSeries.side` (the same codes as the contract's `tradeSideCode`). */
export const sideCode = { buy: 1, sell: -1, unknown: 0 } as const;

/** Trades as parallel typed columns, one entry per trade, in the order given (collector arrival order). */
export interface TradeSeries {
  /** Collector time, Unix ms. */
  readonly time: Float64Array;
  readonly price: Float64Array;
  /** Base-asset quantity. */
  readonly quantity: Float64Array;
  /** 1 buy (the taker bought, lifting the ask), −1 sell (the taker sold, hitting the bid), 0 unknown. */
  readonly side: Int8Array;
}

/** The side code of a trade side as rows and records carry it: `'buy'`, `'sell'`, or null (unknown). */
export function sideCodeOf(side: 'buy' | 'sell' | null | undefined): -1 | 0 | 1 {
  return side === 'buy' ? sideCode.buy : side === 'sell' ? sideCode.sell : sideCode.unknown;
}

/** Whether a trade can be aggregated: a finite time, a finite price above 0 and a finite quantity of at least 0. */
export function isUsableTrade(time: number, price: number, quantity: number): boolean {
  return Number.isFinite(time) && Number.isFinite(price) && price > 0 && Number.isFinite(quantity) && quantity >= 0;
}

/** Appends trades into growing typed columns (doubling), then hands them over trimmed. */
export class TradeSeriesBuilder {
  private time = new Float64Array(1024);
  private price = new Float64Array(1024);
  private quantity = new Float64Array(1024);
  private side = new Int8Array(1024);
  private count = 0;

  /** Trades appended so far. */
  get length(): number {
    return this.count;
  }

  /** Appends one trade; `side` is a `sideCode`. */
  push(time: number, price: number, quantity: number, side: number): void {
    if (this.count === this.time.length) this.grow();
    const at = this.count++;
    this.time[at] = time;
    this.price[at] = price;
    this.quantity[at] = quantity;
    this.side[at] = side === 1 ? 1 : side === -1 ? -1 : 0;
  }

  /** The trades so far as a series (copies, trimmed to length); the builder stays usable. */
  build(): TradeSeries {
    const n = this.count;
    return { time: this.time.slice(0, n), price: this.price.slice(0, n), quantity: this.quantity.slice(0, n), side: this.side.slice(0, n) };
  }

  private grow(): void {
    const size = this.time.length * 2;
    const time = new Float64Array(size);
    const price = new Float64Array(size);
    const quantity = new Float64Array(size);
    const side = new Int8Array(size);
    time.set(this.time);
    price.set(this.price);
    quantity.set(this.quantity);
    side.set(this.side);
    this.time = time;
    this.price = price;
    this.quantity = quantity;
    this.side = side;
  }
}

/** A series from plain arrays (tests, the contract's `TradeColumns`); sides are codes. */
export function tradeSeriesOf(columns: { time: ArrayLike<number>; price: ArrayLike<number>; quantity: ArrayLike<number>; side: ArrayLike<number> }): TradeSeries {
  const side = new Int8Array(columns.side.length);
  for (let i = 0; i < side.length; i++) {
    const code = columns.side[i];
    side[i] = code === 1 ? 1 : code === -1 ? -1 : 0;
  }
  return { time: Float64Array.from(columns.time), price: Float64Array.from(columns.price), quantity: Float64Array.from(columns.quantity), side };
}

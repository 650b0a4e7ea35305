import type { CandleColumns, FundingColumns, TradeColumns } from '../../../shared/contract/market-schemas.ts';
import { tradeSideCode } from '../../../shared/contract/market-schemas.ts';
import type { CandleInterval, CandleRow } from '../../../shared/rows/candle-row.ts';
import { isLaterCandleRevision } from '../../../shared/rows/candle-revisions.ts';
import type { DecimalString } from '../../../shared/rows/common.ts';
import type { LatestFundingRow } from '../../../shared/rows/funding-row.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { ColumnRing, grownFloat64, grownInt8 } from './column-ring.ts';

/**
 * Folds candle revisions as they arrive, in any order, into one candle per open time (field
 * notes: the highest `collector_timestamp` wins, ties to the larger `event_id`), and builds the
 * columns sorted by open time. The rows are one market, interval and instrument (the caller
 * makes sure), so the open time names the candle. At most `cap` candles are kept, the newest:
 * past the cap, a new open time drops the oldest held (`/ohlcv` comes in open-time order), and
 * `droppedUntil` says up to which open time candles were left out.
 */
export class CandleColumnsBuilder {
  readonly #interval: CandleInterval;
  readonly #cap: number;
  /** Each candle's latest revision and how many revisions were folded into it. */
  readonly #latest = new Map<number, { row: CandleRow; revisions: number }>();
  #droppedUntil: number | null = null;

  constructor(interval: CandleInterval, cap: number) {
    this.#interval = interval;
    this.#cap = cap;
  }

  /** Candles so far. */
  get length(): number {
    return this.#latest.size;
  }

  /** The newest open time left out for the cap, or null while none was. */
  get droppedUntil(): number | null {
    return this.#droppedUntil;
  }

  #drop(openTime: number): void {
    this.#droppedUntil = Math.max(this.#droppedUntil ?? openTime, openTime);
  }

  /** Folds one revision, dropping the oldest candle held when a new one would pass the cap. */
  add(row: CandleRow): void {
    const open = row.open_timestamp;
    const held = this.#latest.get(open);
    if (held === undefined) {
      if (this.#latest.size >= this.#cap) {
        const oldest = this.#latest.keys().next().value ?? open;
        if (open < oldest) return this.#drop(open);
        this.#latest.delete(oldest);
        this.#drop(oldest);
      }
      this.#latest.set(open, { row, revisions: 1 });
      return;
    }
    held.revisions++;
    if (isLaterCandleRevision(row, held.row)) held.row = row;
  }

  /**
   * The folded candles as columns, in open-time order; `revisions` counts the rows folded into
   * them. Left out (`truncated`): what the cap dropped, and candles at or before `olderLeftOut` the
   * caller did not ask for (null: none).
   */
  build(olderLeftOut: number | null = null): CandleColumns {
    const droppedUntil = this.#droppedUntil === null ? olderLeftOut : Math.max(this.#droppedUntil, olderLeftOut ?? this.#droppedUntil);
    const kept = [...this.#latest.values()].filter(({ row }) => droppedUntil === null || row.open_timestamp > droppedUntil);
    const sorted = kept.map(({ row }) => row).sort((a, b) => a.open_timestamp - b.open_timestamp);
    return {
      interval: this.#interval,
      openTime: sorted.map((row) => row.open_timestamp),
      open: sorted.map((row) => row.open),
      high: sorted.map((row) => row.high),
      low: sorted.map((row) => row.low),
      close: sorted.map((row) => row.close),
      baseVolume: sorted.map((row) => row.base_volume),
      quoteVolume: sorted.map((row) => row.quote_volume),
      tradeCount: sorted.map((row) => row.trade_count),
      closed: sorted.map((row) => row.is_closed),
      revisions: kept.reduce((sum, candle) => sum + candle.revisions, 0),
      cap: this.#cap,
      truncated: droppedUntil !== null,
      droppedUntil,
    };
  }
}

/** The side code of a trade: a null side is unknown (0), never a buy. */
export function tradeSideCodeOf(side: TradeRow['side']): number {
  if (side === 'buy') return tradeSideCode.buy;
  if (side === 'sell') return tradeSideCode.sell;
  return tradeSideCode.unknown;
}

/** Bytes a trade takes in a `TradeRing`: time, price and quantity as doubles, side and liquidation as bytes. */
export const tradeRowBytes = 3 * 8 + 2;

/**
 * Trades in compact columns, keeping the newest `capacity` of those given (a ring: the oldest is
 * dropped for each trade past it). Rows must come in collector-time order.
 */
export class TradeRing extends ColumnRing<TradeRow> {
  #time: Float64Array;
  #price: Float64Array;
  #quantity: Float64Array;
  #side: Int8Array;
  #liquidation: Int8Array;

  constructor(capacity: number) {
    super(capacity);
    const size = ColumnRing.firstSize(capacity);
    this.#time = new Float64Array(size);
    this.#price = new Float64Array(size);
    this.#quantity = new Float64Array(size);
    this.#side = new Int8Array(size);
    this.#liquidation = new Int8Array(size);
  }

  protected resize(size: number): void {
    this.#time = grownFloat64(this.#time, size);
    this.#price = grownFloat64(this.#price, size);
    this.#quantity = grownFloat64(this.#quantity, size);
    this.#side = grownInt8(this.#side, size);
    this.#liquidation = grownInt8(this.#liquidation, size);
  }

  protected write(slot: number, row: TradeRow): void {
    this.#time[slot] = row.collector_timestamp;
    this.#price[slot] = row.price;
    this.#quantity[slot] = row.quantity;
    this.#side[slot] = tradeSideCodeOf(row.side);
    this.#liquidation[slot] = row.liquidation === true ? 1 : 0;
  }

  protected timeAt(slot: number): number {
    return this.#time[slot] ?? Number.NaN;
  }

  /** Appends the trades held, oldest first, to `columns`. */
  appendTo(columns: TradeSeries): void {
    this.forEachSlot((slot) => {
      columns.time.push(this.#time[slot] ?? 0);
      columns.price.push(this.#price[slot] ?? 0);
      columns.quantity.push(this.#quantity[slot] ?? 0);
      columns.side.push(this.#side[slot] ?? 0);
      columns.liquidation.push(this.#liquidation[slot] ?? 0);
    });
  }
}

/** Trade columns without how the load was cut. */
export type TradeSeries = Omit<TradeColumns, 'truncated' | 'cap' | 'droppedUntil'>;

/** The trades of `rings` (oldest ring first) as one set of columns, with how the load was cut. */
export function tradeColumnsOf(rings: readonly TradeRing[], cut: SeriesCut): TradeColumns {
  const columns: TradeSeries = { time: [], price: [], quantity: [], side: [], liquidation: [] };
  for (const ring of rings) ring.appendTo(columns);
  return { ...columns, ...cut };
}

/** How a series load was cut to its budget (`market-schemas.ts`). */
export interface SeriesCut {
  cap: number;
  truncated: boolean;
  droppedUntil: number | null;
}

/**
 * A decimal string as a number for charting; null (not published) stays null, never 0. A
 * published "-0" is 0, so both transports carry the same value (JSON has no negative zero).
 */
export function chartNumber(value: DecimalString | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  if (!Number.isFinite(number)) return null;
  return number === 0 ? 0 : number;
}

/** Bytes a funding observation takes in a `FundingRing`: eight doubles (a null is NaN). */
export const fundingRowBytes = 8 * 8;

/** Funding columns without how the load was cut. */
export type FundingSeries = Omit<FundingColumns, 'truncated' | 'cap' | 'droppedUntil'>;

const fundingFields = ['fundingRate', 'predictedFundingRate', 'premium', 'markPrice', 'indexPrice', 'openInterest', 'fundingTime'] as const;

/** A stored double as a published value: NaN is "not published". */
function publishedOf(value: number | undefined): number | null {
  return value === undefined || Number.isNaN(value) ? null : value;
}

/**
 * Funding observations in compact columns (a field not published is NaN, read back as null, never
 * 0), keeping the newest `capacity` of those given. Rows must come in collector-time order.
 */
export class FundingRing extends ColumnRing<LatestFundingRow> {
  #time: Float64Array;
  #fields: Float64Array[];

  constructor(capacity: number) {
    super(capacity);
    const size = ColumnRing.firstSize(capacity);
    this.#time = new Float64Array(size);
    this.#fields = fundingFields.map(() => new Float64Array(size));
  }

  protected resize(size: number): void {
    this.#time = grownFloat64(this.#time, size);
    this.#fields = this.#fields.map((column) => grownFloat64(column, size));
  }

  protected write(slot: number, row: LatestFundingRow): void {
    this.#time[slot] = row.collector_timestamp;
    const values = [
      chartNumber(row.funding_rate),
      chartNumber(row.predicted_funding_rate),
      chartNumber(row.premium),
      chartNumber(row.mark_price),
      chartNumber(row.index_price),
      chartNumber(row.open_interest),
      row.funding_timestamp,
    ];
    values.forEach((value, field) => {
      const column = this.#fields[field];
      if (column !== undefined) column[slot] = value ?? Number.NaN;
    });
  }

  protected timeAt(slot: number): number {
    return this.#time[slot] ?? Number.NaN;
  }

  /** Appends the observations held, oldest first, to `columns`. */
  appendTo(columns: FundingSeries): void {
    this.forEachSlot((slot) => {
      columns.time.push(this.#time[slot] ?? 0);
      fundingFields.forEach((field, index) => columns[field].push(publishedOf(this.#fields[index]?.[slot])));
    });
  }
}

/** The observations of `rings` (oldest ring first) as one set of columns, with how the load was cut. */
export function fundingColumnsOf(rings: readonly FundingRing[], cut: SeriesCut): FundingColumns {
  const columns: FundingSeries = { time: [], fundingRate: [], predictedFundingRate: [], premium: [], markPrice: [], indexPrice: [], openInterest: [], fundingTime: [] };
  for (const ring of rings) ring.appendTo(columns);
  return { ...columns, ...cut };
}

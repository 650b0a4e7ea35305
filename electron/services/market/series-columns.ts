import type { CandleColumns, FundingColumns, TradeColumns } from '../../../shared/contract/market-schemas.ts';
import { tradeSideCode } from '../../../shared/contract/market-schemas.ts';
import type { CandleInterval, CandleRow } from '../../../shared/rows/candle-row.ts';
import { isLaterCandleRevision } from '../../../shared/rows/candle-revisions.ts';
import type { DecimalString } from '../../../shared/rows/common.ts';
import type { LatestFundingRow } from '../../../shared/rows/funding-row.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';

/**
 * Folds candle revisions as they arrive, in any order, into one candle per open time (field
 * notes: the highest `collector_timestamp` wins, ties to the larger `event_id`), and builds the
 * columns sorted by open time. The rows are one market, interval and instrument (the caller
 * makes sure), so the open time names the candle. At most `cap` candles are kept.
 */
export class CandleColumnsBuilder {
  readonly #interval: CandleInterval;
  readonly #cap: number;
  readonly #latest = new Map<number, CandleRow>();
  #revisions = 0;

  constructor(interval: CandleInterval, cap: number) {
    this.#interval = interval;
    this.#cap = cap;
  }

  /** Candles so far. */
  get length(): number {
    return this.#latest.size;
  }

  /** Folds one revision; false, folding nothing, when it would open a candle past the cap. */
  add(row: CandleRow): boolean {
    const held = this.#latest.get(row.open_timestamp);
    if (held === undefined) {
      if (this.#latest.size >= this.#cap) return false;
      this.#latest.set(row.open_timestamp, row);
    } else if (isLaterCandleRevision(row, held)) {
      this.#latest.set(row.open_timestamp, row);
    }
    this.#revisions++;
    return true;
  }

  /** The folded candles as columns, in open-time order; `revisions` counts the rows folded. */
  build(truncated: boolean): CandleColumns {
    const sorted = [...this.#latest.values()].sort((a, b) => a.open_timestamp - b.open_timestamp);
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
      revisions: this.#revisions,
      cap: this.#cap,
      truncated,
    };
  }
}

/** The side code of a trade: a null side is unknown (0), never a buy. */
export function tradeSideCodeOf(side: TradeRow['side']): number {
  if (side === 'buy') return tradeSideCode.buy;
  if (side === 'sell') return tradeSideCode.sell;
  return tradeSideCode.unknown;
}

/** Appends trades to columns as they arrive, up to `cap` rows. */
export class TradeColumnsBuilder {
  readonly #cap: number;
  readonly #columns: Omit<TradeColumns, 'truncated' | 'cap'> = { time: [], price: [], quantity: [], side: [], liquidation: [] };

  constructor(cap: number) {
    this.#cap = cap;
  }

  /** Rows so far. */
  get length(): number {
    return this.#columns.time.length;
  }

  /** Adds one trade; false, adding nothing, once the cap is reached. */
  add(row: TradeRow): boolean {
    if (this.length >= this.#cap) return false;
    const c = this.#columns;
    c.time.push(row.collector_timestamp);
    c.price.push(row.price);
    c.quantity.push(row.quantity);
    c.side.push(tradeSideCodeOf(row.side));
    c.liquidation.push(row.liquidation === true ? 1 : 0);
    return true;
  }

  /** The columns. */
  build(truncated: boolean): TradeColumns {
    return { ...this.#columns, cap: this.#cap, truncated };
  }
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

/** Appends funding observations to columns as they arrive, up to `cap` rows. */
export class FundingColumnsBuilder {
  readonly #cap: number;
  readonly #columns: Omit<FundingColumns, 'truncated' | 'cap'> = {
    time: [],
    fundingRate: [],
    predictedFundingRate: [],
    premium: [],
    markPrice: [],
    indexPrice: [],
    openInterest: [],
    fundingTime: [],
  };

  constructor(cap: number) {
    this.#cap = cap;
  }

  /** Rows so far. */
  get length(): number {
    return this.#columns.time.length;
  }

  /** Adds one observation (a field it did not publish is null); false, adding nothing, once the cap is reached. */
  add(row: LatestFundingRow): boolean {
    if (this.length >= this.#cap) return false;
    const c = this.#columns;
    c.time.push(row.collector_timestamp);
    c.fundingRate.push(chartNumber(row.funding_rate));
    c.predictedFundingRate.push(chartNumber(row.predicted_funding_rate));
    c.premium.push(chartNumber(row.premium));
    c.markPrice.push(chartNumber(row.mark_price));
    c.indexPrice.push(chartNumber(row.index_price));
    c.openInterest.push(chartNumber(row.open_interest));
    c.fundingTime.push(row.funding_timestamp);
    return true;
  }

  /** The columns. */
  build(truncated: boolean): FundingColumns {
    return { ...this.#columns, cap: this.#cap, truncated };
  }
}

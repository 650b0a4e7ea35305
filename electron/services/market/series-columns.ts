import type { CandleColumns, FundingColumns, TradeColumns } from '../../../shared/contract/market-schemas.ts';
import { tradeSideCode } from '../../../shared/contract/market-schemas.ts';
import type { CandleInterval, CandleRow } from '../../../shared/rows/candle-row.ts';
import type { DecimalString } from '../../../shared/rows/common.ts';
import type { LatestFundingRow } from '../../../shared/rows/funding-row.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';

/**
 * Folded candles (one row per candle) as columns, sorted by open time. The caller has folded the
 * revisions with `latestCandleRevisions`.
 */
export function candleColumnsOf(interval: CandleInterval, candles: readonly CandleRow[], revisions: number, cap: number, truncated: boolean): CandleColumns {
  const sorted = [...candles].sort((a, b) => a.open_timestamp - b.open_timestamp);
  return {
    interval,
    openTime: sorted.map((row) => row.open_timestamp),
    open: sorted.map((row) => row.open),
    high: sorted.map((row) => row.high),
    low: sorted.map((row) => row.low),
    close: sorted.map((row) => row.close),
    baseVolume: sorted.map((row) => row.base_volume),
    quoteVolume: sorted.map((row) => row.quote_volume),
    tradeCount: sorted.map((row) => row.trade_count),
    closed: sorted.map((row) => row.is_closed),
    revisions,
    cap,
    truncated,
  };
}

/** Appends trades to columns as they arrive. */
export class TradeColumnsBuilder {
  readonly #columns: Omit<TradeColumns, 'truncated' | 'cap'> = { time: [], price: [], quantity: [], side: [], liquidation: [] };

  /** Rows so far. */
  get length(): number {
    return this.#columns.time.length;
  }

  /** Adds one trade; a null side stays unknown (0), never a buy. */
  add(row: TradeRow): void {
    const c = this.#columns;
    c.time.push(row.collector_timestamp);
    c.price.push(row.price);
    c.quantity.push(row.quantity);
    c.side.push(row.side === 'buy' ? tradeSideCode.buy : row.side === 'sell' ? tradeSideCode.sell : tradeSideCode.unknown);
    c.liquidation.push(row.liquidation === true ? 1 : 0);
  }

  /** The columns. */
  build(cap: number, truncated: boolean): TradeColumns {
    return { ...this.#columns, cap, truncated };
  }
}

/** A decimal string as a number for charting; null (not published) stays null, never 0. */
export function chartNumber(value: DecimalString | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Appends funding observations to columns as they arrive. */
export class FundingColumnsBuilder {
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

  /** Rows so far. */
  get length(): number {
    return this.#columns.time.length;
  }

  /** Adds one observation; a field it did not publish is null. */
  add(row: LatestFundingRow): void {
    const c = this.#columns;
    c.time.push(row.collector_timestamp);
    c.fundingRate.push(chartNumber(row.funding_rate));
    c.predictedFundingRate.push(chartNumber(row.predicted_funding_rate));
    c.premium.push(chartNumber(row.premium));
    c.markPrice.push(chartNumber(row.mark_price));
    c.indexPrice.push(chartNumber(row.index_price));
    c.openInterest.push(chartNumber(row.open_interest));
    c.fundingTime.push(row.funding_timestamp);
  }

  /** The columns. */
  build(cap: number, truncated: boolean): FundingColumns {
    return { ...this.#columns, cap, truncated };
  }
}

import type { FundingColumns, TradeColumns } from '../../../../../shared/contract/market-schemas.ts';

/** How a series load was cut: what every loaded series carries. */
export interface SeriesCut {
  truncated: boolean;
  droppedUntil: number | null;
}

/**
 * Where a series is complete from: the first ms after what its load left out, else the start of
 * the bounds it was asked for. History before it is asked for next.
 */
export function completeFrom(cut: SeriesCut, askedFrom: number): number {
  return cut.droppedUntil === null ? askedFrom : Math.max(askedFrom, cut.droppedUntil + 1);
}

/**
 * Older trades put in front of newer ones (pan-back history). The older load ends where the newer
 * one is complete from, so what is left out is the older one's start; the cap is the newer load's.
 */
export function prependTrades(older: TradeColumns, newer: TradeColumns): TradeColumns {
  return {
    time: older.time.concat(newer.time),
    price: older.price.concat(newer.price),
    quantity: older.quantity.concat(newer.quantity),
    side: older.side.concat(newer.side),
    liquidation: older.liquidation.concat(newer.liquidation),
    cap: newer.cap,
    truncated: older.truncated,
    droppedUntil: older.droppedUntil,
  };
}

/** Older funding observations put in front of newer ones, as `prependTrades`. */
export function prependFunding(older: FundingColumns, newer: FundingColumns): FundingColumns {
  return {
    time: older.time.concat(newer.time),
    fundingRate: older.fundingRate.concat(newer.fundingRate),
    predictedFundingRate: older.predictedFundingRate.concat(newer.predictedFundingRate),
    premium: older.premium.concat(newer.premium),
    markPrice: older.markPrice.concat(newer.markPrice),
    indexPrice: older.indexPrice.concat(newer.indexPrice),
    openInterest: older.openInterest.concat(newer.openInterest),
    fundingTime: older.fundingTime.concat(newer.fundingTime),
    cap: newer.cap,
    truncated: older.truncated,
    droppedUntil: older.droppedUntil,
  };
}

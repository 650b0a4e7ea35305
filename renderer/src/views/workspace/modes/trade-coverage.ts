/**
 * Which part of time the loaded trades cover completely, so a footprint is drawn only for
 * candles none of whose trades can be missing.
 */

/** The span of time whose trades are all loaded, and why it starts where it does. */
export interface TradeCoverage {
  /** Every trade at or after this time (Unix ms) is loaded… */
  from: number;
  /** …up to and including this time. */
  to: number;
  /** What cut it short at the start: trades left out to keep the newest (`dropped`), the anonymous latest ten minutes (`latest`), or only the range (null). */
  cut: 'dropped' | 'latest' | null;
}

/** What the workspace knows of its trade load. */
export interface TradeLoadFacts {
  /** Where the joined trades (main load and pan-back history) are complete from (`history/series-history.ts` `completeFrom`); null when unknown. */
  completeFrom: number | null;
  /** The main load's bounds' end, or null for the anonymous latest ten minutes. */
  boundsEnd: number | null;
  /** The first (oldest) trade's time, or null for no trades. */
  firstTrade: number | null;
  /** The last (newest) trade's time, or null for no trades. */
  lastTrade: number | null;
  /** Whether the load left its oldest trades out (`droppedUntil` set) somewhere in what is joined. */
  dropped: boolean;
}

/**
 * The coverage of a trade load. With bounds, trades are complete from `completeFrom` to the
 * bounds' end. The anonymous latest ten minutes start somewhere at or before the first trade, so
 * only from the first trade on is known complete, up to the last trade.
 */
export function tradeCoverage(facts: TradeLoadFacts): TradeCoverage | null {
  if (facts.boundsEnd === null) {
    if (facts.firstTrade === null || facts.lastTrade === null) return null;
    return { from: facts.firstTrade, to: facts.lastTrade, cut: 'latest' };
  }
  if (facts.completeFrom === null) return null;
  return { from: facts.completeFrom, to: facts.boundsEnd, cut: facts.dropped ? 'dropped' : null };
}

/**
 * Whether all trades of the candle [openTime, openTime + barMs) are loaded: the candle lies wholly
 * inside the coverage. A candle that opens before it (trades dropped, or before the anonymous
 * window) or closes after its end (not loaded yet) is incomplete.
 */
export function candleTradesComplete(openTime: number, barMs: number, coverage: TradeCoverage | null): boolean {
  if (coverage === null) return false;
  return openTime >= coverage.from && openTime + barMs - 1 <= coverage.to;
}

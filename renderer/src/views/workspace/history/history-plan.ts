import { anonymousRefusal } from '../../../../../shared/access-windows.ts';
import { olderChunk, type TimeBounds } from '../workspace-range.ts';

/** The series that pan-back history loads for. */
export type HistorySeries = 'candles' | 'trades' | 'funding';

/** Where candles come from: the venue's own (`/ohlcv`), or built from trades (`/historical/trades`). */
export type CandleOrigin = 'published' | 'built';

/**
 * Where each series is complete from (Unix ms): everything from there to the range's end is
 * loaded. Null: not loaded yet, or a series that has no history here (anonymous trades are the
 * latest ten minutes; a spot market has no funding).
 */
export interface HistoryPosition {
  candles: number | null;
  trades: number | null;
  funding: number | null;
}

/** What decides the next step besides the position. */
export interface HistoryRules {
  origin: CandleOrigin;
  /** The length of each older chunk of candles: the main range's. */
  chunkMs: number;
  /** The market's coverage start: nothing older is asked for. */
  coverageStart: number;
  hasKey: boolean;
  /** The service's clock, to judge the anonymous windows. */
  now: number;
  /** Trades held so far, and the most the workspace keeps (the trade load's cap). */
  tradesHeld: number;
  tradeBudget: number;
  /** True when the user panned to the oldest candle and wants older ones. */
  wantsOlder: boolean;
  /** Series stopped by a notice (a key needed, a failure, the budget): not asked for again until the next pan. */
  stopped: ReadonlySet<HistorySeries>;
}

/** The next thing to do: load a series over bounds, stop a series with a notice, say the start of coverage is reached, or nothing. */
export type HistoryStep =
  | { kind: 'load'; series: HistorySeries; bounds: TimeBounds }
  | { kind: 'stop'; series: HistorySeries; why: 'key' | 'budget'; message: string }
  | { kind: 'exhausted' }
  | null;

/**
 * The next step of pan-back history. Every pane follows the candles: trades and funding behind the
 * oldest candle catch up first (over the span from the candles' start to their own), then, when the
 * user asked, the chunk of candles before the oldest (as long as the main range, clipped at the
 * coverage start). Access is judged before anything is sent (spec 4.14): bounded trades need a key,
 * candles and funding outside the rolling anonymous hour too. Trades stop at the budget.
 */
export function nextHistoryStep(position: HistoryPosition, rules: HistoryRules): HistoryStep {
  const candles = position.candles;
  if (candles === null) return null;
  const { trades, funding } = position;
  if (rules.origin === 'published' && trades !== null && trades > candles && !rules.stopped.has('trades')) {
    if (rules.tradesHeld >= rules.tradeBudget) {
      return { kind: 'stop', series: 'trades', why: 'budget', message: `Older trades are not loaded: the workspace holds its most, ${rules.tradeBudget.toLocaleString('en-US')} trades. VWAP, realized vol and markers start at the oldest trade held.` };
    }
    const bounds = { start: candles, end: trades - 1 };
    const refusal = rules.hasKey ? null : anonymousRefusal('historical', '/historical/trades', bounds, rules.now);
    return refusal === null ? { kind: 'load', series: 'trades', bounds } : { kind: 'stop', series: 'trades', why: 'key', message: refusal };
  }
  if (funding !== null && funding > candles && !rules.stopped.has('funding')) {
    const bounds = { start: candles, end: funding - 1 };
    const refusal = rules.hasKey ? null : anonymousRefusal('latest-hour', '/funding-rates', bounds, rules.now);
    return refusal === null ? { kind: 'load', series: 'funding', bounds } : { kind: 'stop', series: 'funding', why: 'key', message: refusal };
  }
  if (!rules.wantsOlder || rules.stopped.has('candles')) return null;
  const chunk = olderChunk(candles, rules.chunkMs, rules.coverageStart);
  if (chunk === null) return { kind: 'exhausted' };
  const refusal = rules.hasKey ? null : rules.origin === 'published' ? anonymousRefusal('latest-hour', '/ohlcv', chunk, rules.now) : anonymousRefusal('historical', '/historical/trades', chunk, rules.now);
  return refusal === null ? { kind: 'load', series: 'candles', bounds: chunk } : { kind: 'stop', series: 'candles', why: 'key', message: refusal };
}

import type { CandleColumns } from '../../../../shared/contract/market-schemas.ts';
import { hourMs } from '../../../../shared/time/time-units.ts';
import { prependCandles } from './candle-history.ts';
import type { TimeBounds } from './workspace-range.ts';

// A long range's candles are read back from its end in windows, newest first, and drawn after each
// one: a 7 d span shows its latest hour as soon as that hour is read, while older hours are still
// being read (on the demo, generated), instead of a blank chart until the last one is in.

/** The first window read back from a long range's end; each next one is twice as long. */
export const firstCandleWindowMs = hourMs;

/** A range at most this long is read in one call, as before (the default spans stay one request). */
export const oneCallCandleSpanMs = 6 * hourMs;

/**
 * The most candle slots a range read in windows may hold: well under the 200,000 newest candles
 * one call keeps, so no window is cut and the joined windows equal one call's answer. A range
 * with more slots is read in one call (which keeps its newest candles and says what it left out).
 */
export const windowedCandleSlots = 100_000;

/**
 * The inclusive windows a candle range is read in, newest first: 1 h back from its end, then 2 h,
 * 4 h, … before it, the last cut at the range's start. They cover the range exactly, without
 * overlap, so each candle (filtered by its open time) is in exactly one. A short range, or one
 * with more than `windowedCandleSlots` candles of `barMs`, is one window.
 */
export function candleWindows(bounds: TimeBounds, barMs: number): TimeBounds[] {
  const span = bounds.end - bounds.start + 1;
  if (span <= oneCallCandleSpanMs || span / barMs > windowedCandleSlots) return [bounds];
  const windows: TimeBounds[] = [];
  let end = bounds.end;
  let length = firstCandleWindowMs;
  while (end >= bounds.start) {
    const start = Math.max(bounds.start, end - length + 1);
    windows.push({ start, end });
    end = start - 1;
    length *= 2;
  }
  return windows;
}

/**
 * Reads a range's candles window by window (`candleWindows`), newest first, showing the candles
 * read so far after each window but the last (`show`), and answers all of them joined in time
 * order. `read` loads one window; a failure or a cancel of any window fails the whole load.
 */
export async function readCandleWindows(bounds: TimeBounds, barMs: number, read: (window: TimeBounds) => Promise<CandleColumns>, show: (soFar: CandleColumns) => void): Promise<CandleColumns> {
  const windows = candleWindows(bounds, barMs);
  let joined: CandleColumns | null = null;
  for (const [index, window] of windows.entries()) {
    const older = await read(window);
    joined = joined === null ? older : prependCandles(older, joined);
    if (index < windows.length - 1) show(joined);
  }
  if (joined === null) throw new Error('a candle range has at least one window');
  return joined;
}

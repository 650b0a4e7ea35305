/**
 * Which of the loaded candles the chart is handed. lightweight-charts processes every point it is
 * given before it first paints, so 100k candles at once cost a second; the chart is handed the
 * newest `initialDrawnBars` first and widened from memory, doubling, as the user pans toward the
 * oldest drawn bar. Only once every loaded candle is drawn does a pan ask the service for more.
 */

/** Candles handed to a fresh chart: four screens of the most bars shown at first. */
export const initialDrawnBars = 6_000;

/** Where the drawn window of `count` loaded candles starts on a fresh chart. */
export function initialDrawnFrom(count: number): number {
  return Math.max(0, count - initialDrawnBars);
}

/** Where the window starts after widening from `from`: twice as many bars (at least `initialDrawnBars` more), never before 0. */
export function widenedDrawnFrom(from: number, count: number): number {
  const drawn = count - from;
  return Math.max(0, from - Math.max(drawn, initialDrawnBars));
}

/**
 * Where the window starts when the loaded candles change to `count` with `prepended` bars put in
 * front (a pan-back load, or the next window of a long range still arriving; null for a different
 * set) while it started at `previousFrom` (null for a fresh chart). Bars a pan-back load puts in
 * front are drawn when every earlier bar was (the window reached the oldest); otherwise the window
 * keeps its first candle. Bars that arrive while `previousArriving` (the range's own load, read back
 * from its end) are drawn as a fresh chart's would be: its newest `initialDrawnBars`, or more when
 * the user had already widened the window. A different set starts afresh.
 */
export function drawnFromAfterChange(previousFrom: number | null, prepended: number | null, count: number, previousArriving = false): number {
  if (previousFrom === null || prepended === null) return initialDrawnFrom(count);
  if (previousArriving) return Math.min(previousFrom + prepended, initialDrawnFrom(count));
  return previousFrom === 0 ? 0 : previousFrom + prepended;
}

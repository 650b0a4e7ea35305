import type { CandleColumns } from '../../../../shared/contract/market-schemas.ts';

/**
 * Older candles put in front of newer ones (pan-back history). Where the older chunk's last candle
 * and the newer chunk's first share an open time (candles built from trades, cut at a chunk
 * boundary inside an interval), the two halves become one candle: the older open, the newer close,
 * the extremes of both, and summed volumes and counts. Revisions add up. The older chunk ends where
 * the newer one starts (or where it left rows out), so what is left out is the older one's start.
 */
export function prependCandles(older: CandleColumns, newer: CandleColumns): CandleColumns {
  const lastOlder = older.openTime.length - 1;
  const overlap = lastOlder >= 0 && newer.openTime.length > 0 && older.openTime[lastOlder] === newer.openTime[0];
  const join = <T>(a: readonly T[], b: readonly T[], merged: (x: T, y: T) => T): T[] => {
    const x = a[lastOlder];
    const y = b[0];
    if (!overlap || x === undefined || y === undefined) return a.concat(b);
    return a.slice(0, lastOlder).concat([merged(x, y)], b.slice(1));
  };
  const sum = (x: number | null, y: number | null): number | null => (x === null || y === null ? null : x + y);
  return {
    interval: newer.interval,
    openTime: join(older.openTime, newer.openTime, (x) => x),
    open: join(older.open, newer.open, (x) => x),
    high: join(older.high, newer.high, Math.max),
    low: join(older.low, newer.low, Math.min),
    close: join(older.close, newer.close, (_x, y) => y),
    baseVolume: join(older.baseVolume, newer.baseVolume, sum),
    quoteVolume: join(older.quoteVolume, newer.quoteVolume, sum),
    tradeCount: join(older.tradeCount, newer.tradeCount, sum),
    closed: join(older.closed, newer.closed, (_x, y) => y),
    revisions: older.revisions + newer.revisions,
    cap: newer.cap,
    truncated: older.truncated,
    droppedUntil: older.droppedUntil,
  };
}

/**
 * How many bars were put in front when the chart's candles went from `previous` to `next`: the
 * growth in count when both end on the same candle and `next` starts earlier (a pan-back load), else
 * null (a different set of candles, to be shown afresh).
 */
export function prependedBars(previous: Pick<CandleColumns, 'openTime'> | null, next: Pick<CandleColumns, 'openTime'>): number | null {
  if (previous === null || previous.openTime.length === 0) return null;
  const grew = next.openTime.length - previous.openTime.length;
  const sameEnd = next.openTime.at(-1) === previous.openTime.at(-1);
  const startsEarlier = (next.openTime[0] ?? Number.POSITIVE_INFINITY) < (previous.openTime[0] ?? Number.NEGATIVE_INFINITY);
  return sameEnd && startsEarlier && grew >= 0 ? grew : null;
}

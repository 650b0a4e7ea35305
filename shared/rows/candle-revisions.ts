import type { CandleRow } from './candle-row.ts';

function candleKey(row: CandleRow): string {
  // \u0000 separates the parts; a null instrument is \u0001, which no venue symbol contains.
  return `${row.source}\u0000${row.market}\u0000${row.instrument ?? '\u0001'}\u0000${row.interval}\u0000${row.open_timestamp}`;
}

/** Whether revision `a` supersedes `b`: later collector time, ties to the larger event_id (code-unit order). */
export function isLaterCandleRevision(a: CandleRow, b: CandleRow): boolean {
  if (a.collector_timestamp !== b.collector_timestamp) return a.collector_timestamp > b.collector_timestamp;
  return a.event_id > b.event_id;
}

/**
 * Folds venue-published candle revisions to the current state of each candle (field notes): per
 * (source, market, instrument, interval, open_timestamp), the row with the highest
 * `collector_timestamp`, ties to the larger `event_id`. Candles keep the order in which each first
 * appears, so an `/ohlcv` page (ordered by open time) stays ordered. Nulls are kept as they are.
 */
export function latestCandleRevisions(rows: readonly CandleRow[]): CandleRow[] {
  const latest = new Map<string, CandleRow>();
  for (const row of rows) {
    const key = candleKey(row);
    const held = latest.get(key);
    if (held === undefined || isLaterCandleRevision(row, held)) latest.set(key, row);
  }
  return [...latest.values()];
}

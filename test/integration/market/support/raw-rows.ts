import type { CandleColumns } from '../../../../shared/contract/market-schemas.ts';
import type { CandleRow } from '../../../../shared/rows/candle-row.ts';
import { requestService, type Query } from '../../conformance/support/http.ts';
import { pageAll } from '../../conformance/support/paging.ts';

/**
 * Every raw row of a paged endpoint, fetched over HTTP with fetch and paged by hand (following
 * `next_cursor`), not through the app's client: the oracle's side of a comparison.
 */
export async function rawRows<Row>(baseUrl: string, path: string, query: Query, key?: string): Promise<Row[]> {
  const service = { get: <T>(target: string, options: Parameters<typeof requestService>[2]) => requestService<T>(baseUrl, target, options) };
  return (await pageAll<Row>(service, path, { query, ...(key === undefined ? {} : { key }) })).items;
}

/**
 * The field notes' rule, written plainly: the revisions of each open time, ordered by collector
 * time then event_id (code-unit order), newest first; the first of each is the candle. Sorted by
 * open time.
 */
export function foldedCandles(rows: readonly CandleRow[]): CandleRow[] {
  const byOpenTime = new Map<number, CandleRow[]>();
  for (const row of rows) byOpenTime.set(row.open_timestamp, [...(byOpenTime.get(row.open_timestamp) ?? []), row]);
  const newestFirst = (a: CandleRow, b: CandleRow): number =>
    b.collector_timestamp - a.collector_timestamp || (a.event_id === b.event_id ? 0 : a.event_id < b.event_id ? 1 : -1);
  return [...byOpenTime.values()].map((revisions) => [...revisions].sort(newestFirst)[0] as CandleRow).sort((a, b) => a.open_timestamp - b.open_timestamp);
}

/** The columns `market.candles` must return for these folded candles (cap and truncation aside). */
export function candleColumnsOfRows(interval: CandleColumns['interval'], candles: readonly CandleRow[], revisions: number): Omit<CandleColumns, 'cap' | 'truncated' | 'droppedUntil'> {
  return {
    interval,
    openTime: candles.map((row) => row.open_timestamp),
    open: candles.map((row) => row.open),
    high: candles.map((row) => row.high),
    low: candles.map((row) => row.low),
    close: candles.map((row) => row.close),
    baseVolume: candles.map((row) => row.base_volume),
    quoteVolume: candles.map((row) => row.quote_volume),
    tradeCount: candles.map((row) => row.trade_count),
    closed: candles.map((row) => row.is_closed),
    revisions,
  };
}

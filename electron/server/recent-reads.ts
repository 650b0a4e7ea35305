import type { MarketDataStore } from './store/market-data-store.ts';
import { pageRows } from './rows/row-pager.ts';

/** How far back the recent reads reach: the Events view's default range. */
export const recentReadMs = 10 * 60_000;

/**
 * Reads what a query over the last ten minutes of every dataset needs before its first row, other
 * than the rows themselves: the hours' capture summaries and the trades their candles are built
 * from (the store keeps both well past a query's idle time). Run after the demo's live hours are
 * rebuilt, so the first page of such a query (the Events view's default) need not read them.
 */
export async function readRecentHours(store: MarketDataStore, now: number): Promise<void> {
  const datasets = store.datasets().map(({ source, market }) => ({ source, market }));
  await pageRows(store, {
    kinds: ['ohlcv'],
    datasets,
    range: { start: now - recentReadMs, end: now },
    instrument: undefined,
    limit: 1,
    after: undefined,
    options: { latestHourFunding: false, candlesByCollectorTime: true },
  });
}

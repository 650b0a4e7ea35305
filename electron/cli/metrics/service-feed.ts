import { sideCodeOf } from '../../../shared/research/trade-series.ts';
import { PageBookInputs } from '../../host/book/page-book-inputs.ts';
import type { MarketDataClient } from '../../host/client/market-data-client.ts';
import type { FeedHandlers, FeedReport, MarketFeed } from './market-feed.ts';

/** The market and range a service feed reads. */
export interface ServiceRange {
  source: string;
  market: string;
  instrument: string | undefined;
  /** [from, to), Unix ms (the service's `end` is inclusive: to − 1 is sent). */
  from: number;
  to: number;
  /** Books are read this much longer than the range (markouts need the mids after the last trade's horizons). */
  booksBeyondMs: number;
  /** Books are read from this much before the range (venues: the book in force at `from`); absent: 0. */
  booksBeforeMs?: number;
}

/** Rows per page: the service's maximum, so a range takes the fewest round trips. */
const pageLimit = 1000;

/**
 * One market's books and trades from a Market Data Service, through the client (paging, 429
 * waits, 422 splitting, row guards). Books are `/l2-orderbooks` (the service's own replay, from
 * before the range, so the first event already has the whole top 25); a change of capture
 * session or an hour with no rows clears them (`PageBookInputs`). Trades are `/historical/trades`.
 */
export class ServiceFeed implements MarketFeed {
  constructor(
    private readonly client: MarketDataClient,
    private readonly range: ServiceRange,
  ) {}

  async read(handlers: FeedHandlers): Promise<FeedReport> {
    const { source, market, instrument, from, to } = this.range;
    const filter = { source, market, ...(instrument === undefined ? {} : { instrument }), start: from, limit: pageLimit };
    const onBook = handlers.book;
    if (onBook !== undefined) {
      const pages = new PageBookInputs('l2-orderbooks');
      for await (const page of this.client.l2Orderbooks({ ...filter, start: from - (this.range.booksBeforeMs ?? 0), end: to - 1 + this.range.booksBeyondMs }).pages()) {
        for (const input of pages.inputsOf(page.items)) onBook(input);
        await handlers.flush?.();
      }
    }
    const onTrade = handlers.trade;
    if (onTrade !== undefined) {
      for await (const page of this.client.historicalTrades({ ...filter, end: to - 1 }).pages()) {
        for (const row of page.items) onTrade(row.collector_timestamp, row.price, row.quantity, sideCodeOf(row.side), row.exchange_timestamp ?? Number.NaN);
        await handlers.flush?.();
      }
    }
    return { otherMarketRecords: 0, source, market };
  }
}

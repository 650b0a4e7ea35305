import { readMarketFiles } from '../../host/book/market-files.ts';
import type { FeedHandlers, FeedReport, MarketChoice, MarketFeed } from './market-feed.ts';

/**
 * One market's book inputs and trades from snapshot files, through the reader the research worker
 * uses too (`readMarketFiles`: the files in the order given, each in its own line order; coverage
 * gaps and collector restarts clear the books; trades alone decode only the trade lines). The
 * market is `choice`'s, or the first record's; records of other markets are counted and left out.
 */
export class FileFeed implements MarketFeed {
  constructor(
    private readonly files: readonly string[],
    private readonly choice: MarketChoice,
  ) {}

  async read(handlers: FeedHandlers): Promise<FeedReport> {
    const read = await readMarketFiles(this.files, this.choice, { book: handlers.book, trade: handlers.trade, batch: handlers.flush });
    return { otherMarketRecords: read.otherMarketRecords, source: read.source, market: read.market };
  }
}

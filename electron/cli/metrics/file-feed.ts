import { sideCodeOf } from '../../../shared/research/trade-series.ts';
import type { TradeRecord } from '../../../shared/snapshot/records.ts';
import { isBookReset } from '../../services/book/book-input.ts';
import { bookInputsFromFiles } from '../../services/book/file-book-source.ts';
import { SnapshotReader } from '../../services/snapshot/snapshot-reader.ts';
import type { FeedHandlers, FeedReport, MarketChoice, MarketFeed } from './market-feed.ts';

/**
 * One market's book inputs and trades from snapshot files, in the order given and each file in its
 * own line order. Books come through `bookInputsFromFiles` (coverage gaps and collector restarts
 * clear them); a read for trades alone decodes only the trade lines. The market is `choice`'s, or
 * the first record's; records of other markets are counted and left out.
 */
export class FileFeed implements MarketFeed {
  constructor(
    private readonly files: readonly string[],
    private readonly choice: MarketChoice,
  ) {}

  async read(handlers: FeedHandlers): Promise<FeedReport> {
    const report: FeedReport = { otherMarketRecords: 0, source: this.choice.source ?? null, market: this.choice.market ?? null };
    const ours = (source: string, market: string): boolean => {
      if (report.source === null) report.source = source;
      if (report.market === null) report.market = market;
      return source === report.source && market === report.market;
    };
    const instrument = this.choice.instrument;
    const onTrade = handlers.trade;
    const takeTrades = (trades: readonly TradeRecord[]): void => {
      if (onTrade === undefined) return;
      for (const trade of trades) {
        if (!ours(trade.source, trade.market) || (instrument !== undefined && trade.instrument !== instrument)) {
          report.otherMarketRecords++;
          continue;
        }
        onTrade(trade.collectorTimestamp, trade.price, trade.quantity, sideCodeOf(trade.side), trade.exchangeTimestamp ?? Number.NaN);
      }
    };
    const onBook = handlers.book;
    if (onBook === undefined) {
      for (const file of this.files) {
        for await (const records of new SnapshotReader({ path: file }, { onlyTypes: new Set(['trade']) })) {
          takeTrades(records.filter((record): record is TradeRecord => record.type === 'trade'));
          await handlers.flush?.();
        }
      }
      return report;
    }
    for await (const inputs of bookInputsFromFiles(this.files, onTrade === undefined ? {} : { onTrades: takeTrades })) {
      for (const input of inputs) {
        if (isBookReset(input)) {
          onBook(input);
        } else if (ours(input.source, input.market) && (instrument === undefined || input.instrument === instrument)) {
          onBook(input);
        } else {
          report.otherMarketRecords++;
        }
      }
      await handlers.flush?.();
    }
    return report;
  }
}

import { sideCodeOf } from '../../../shared/research/trade-series.ts';
import type { TradeRecord } from '../../../shared/snapshot/records.ts';
import { isBookReset } from '../book/book-input.ts';
import { bookInputsFromFiles } from '../book/file-book-source.ts';
import { SnapshotReader } from '../snapshot/snapshot-reader.ts';
import type { JobRead } from './research-job.ts';
import type { ResearchStudy } from './research-study.ts';

/** Which market of the files a study reads; absent: the first market a record names. */
export interface FileMarketChoice {
  source?: string | undefined;
  market?: string | undefined;
}

/**
 * Feeds a study one market's book inputs and trades from snapshot files, in the order given and
 * each file in its own line order: books through `bookInputsFromFiles` (coverage gaps and
 * collector restarts clear them), trades beside them. A study that reads trades only decodes only
 * the trade lines. Records of other markets are counted in `read` and left out.
 */
export async function feedFiles(paths: readonly string[], choice: FileMarketChoice, study: ResearchStudy<unknown>, read: JobRead, onBatch: () => void): Promise<void> {
  if (choice.source !== undefined) read.source = choice.source;
  if (choice.market !== undefined) read.market = choice.market;
  const ours = (source: string, market: string): boolean => {
    if (read.source === null) read.source = source;
    if (read.market === null) read.market = market;
    return source === read.source && market === read.market;
  };
  const takeTrades = (trades: readonly TradeRecord[]): void => {
    for (const trade of trades) {
      if (!ours(trade.source, trade.market)) {
        read.otherMarketRecords++;
        continue;
      }
      read.trades++;
      study.trade(trade.collectorTimestamp, trade.price, trade.quantity, sideCodeOf(trade.side), trade.exchangeTimestamp ?? Number.NaN);
    }
  };
  if (!study.needs.books) {
    for (const path of paths) {
      for await (const records of new SnapshotReader({ path }, { onlyTypes: new Set(['trade']) })) {
        takeTrades(records.filter((record): record is TradeRecord => record.type === 'trade'));
        onBatch();
      }
    }
    return;
  }
  for await (const inputs of bookInputsFromFiles(paths, study.needs.trades ? { onTrades: takeTrades } : {})) {
    for (const input of inputs) {
      if (isBookReset(input)) {
        study.book(0, input);
      } else if (ours(input.source, input.market)) {
        read.bookEvents++;
        study.book(0, input);
      } else {
        read.otherMarketRecords++;
      }
    }
    onBatch();
  }
}

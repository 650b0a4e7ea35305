import { sideCodeOf } from '../../../shared/research/trade-series.ts';
import type { TradeRecord } from '../../../shared/snapshot/records.ts';
import { SnapshotReader } from '../../codec/snapshot-reader.ts';
import { isBookReset, type BookInput } from './book-input.ts';
import { bookInputsFromFiles } from './file-book-source.ts';

/** Which market (and instrument) of the files is read; an absent source or market is the first record's. */
export interface MarketFileChoice {
  source?: string | undefined;
  market?: string | undefined;
  instrument?: string | undefined;
}

/** What a read wants, in stream order: book inputs (events of the market's books, and resets), trades, or both. */
export interface MarketFileHandlers {
  book?: ((input: BookInput) => void) | undefined;
  /** One trade of the market: `side` a side code (1 buy, −1 sell, 0 unknown), `exchangeTime` NaN when unknown. */
  trade?: ((time: number, price: number, quantity: number, side: number, exchangeTime: number) => void) | undefined;
  /** Called after each batch, so output can stream (or progress be told) while reading goes on. */
  batch?: (() => Promise<void> | void) | undefined;
}

/** What a read found so far: the market read (once known), what it handed on, and what it left out. Updated as it reads. */
export interface MarketFileRead {
  source: string | null;
  market: string | null;
  /** Book events of the market handed on (resets not counted). */
  bookEvents: number;
  trades: number;
  /** Records of other markets (or instruments), left out. */
  otherMarketRecords: number;
}

/**
 * Reads one market's book inputs and trades from snapshot files, in the order given and each file
 * in its own line order: books through `bookInputsFromFiles` (coverage gaps and collector
 * restarts clear them), trades beside them; a read for trades alone decodes only the trade lines.
 * The market is `choice`'s, or the first record's; records of other markets (or instruments) are
 * counted in `read` (updated as it goes, so progress can be told from `batch`) and left out. The
 * one reader of market files for `mde metrics` and the research worker.
 */
export async function readMarketFiles(
  paths: readonly string[],
  choice: MarketFileChoice,
  handlers: MarketFileHandlers,
  read: MarketFileRead = { source: null, market: null, bookEvents: 0, trades: 0, otherMarketRecords: 0 },
): Promise<MarketFileRead> {
  if (choice.source !== undefined) read.source = choice.source;
  if (choice.market !== undefined) read.market = choice.market;
  const ours = (source: string, market: string): boolean => {
    if (read.source === null) read.source = source;
    if (read.market === null) read.market = market;
    return source === read.source && market === read.market;
  };
  const instrument = choice.instrument;
  const onTrade = handlers.trade;
  const takeTrades = (trades: readonly TradeRecord[]): void => {
    if (onTrade === undefined) return;
    for (const trade of trades) {
      if (!ours(trade.source, trade.market) || (instrument !== undefined && trade.instrument !== instrument)) {
        read.otherMarketRecords++;
        continue;
      }
      read.trades++;
      onTrade(trade.collectorTimestamp, trade.price, trade.quantity, sideCodeOf(trade.side), trade.exchangeTimestamp ?? Number.NaN);
    }
  };
  const onBook = handlers.book;
  if (onBook === undefined) {
    for (const path of paths) {
      for await (const records of new SnapshotReader({ path }, { onlyTypes: new Set(['trade']) })) {
        takeTrades(records.filter((record): record is TradeRecord => record.type === 'trade'));
        await handlers.batch?.();
      }
    }
    return read;
  }
  for await (const inputs of bookInputsFromFiles(paths, onTrade === undefined ? {} : { onTrades: takeTrades })) {
    for (const input of inputs) {
      if (isBookReset(input)) {
        onBook(input);
      } else if (ours(input.source, input.market) && (instrument === undefined || input.instrument === instrument)) {
        read.bookEvents++;
        onBook(input);
      } else {
        read.otherMarketRecords++;
      }
    }
    await handlers.batch?.();
  }
  return read;
}

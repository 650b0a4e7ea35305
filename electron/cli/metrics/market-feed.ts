import type { BookInput } from '../../host/book/book-input.ts';

/** Which market a feed reads; absent fields are taken from the first record that has them. */
export interface MarketChoice {
  source: string | undefined;
  market: string | undefined;
  instrument: string | undefined;
}

/** What a metric asks of a feed: book inputs, trades, or both, in stream order. */
export interface FeedHandlers {
  /** Each book input (events of every book of the market, and resets) in stream order. */
  book?: (input: BookInput) => void;
  /** Each trade of the market (and instrument, if chosen), in stream order; `side` is a side code, `exchangeTime` NaN when unknown. */
  trade?: (time: number, price: number, quantity: number, side: number, exchangeTime: number) => void;
  /** Called between batches, so rows can stream out while reading goes on. */
  flush?: () => Promise<void>;
}

/** What a feed read, for the summary on stderr. */
export interface FeedReport {
  /** Records of other markets (or instruments), left out. */
  otherMarketRecords: number;
  /** The market read, once known. */
  source: string | null;
  market: string | null;
}

/** A source of one market's book inputs and trades. */
export interface MarketFeed {
  read(handlers: FeedHandlers): Promise<FeedReport>;
}

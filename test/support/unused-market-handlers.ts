import type { MarketHandlers } from '../../electron/host/market/market-handlers.ts';

const unused = (): Promise<never> => Promise.reject(new Error('this test does not serve market data'));

/** `market.*` handlers for tests that exercise other channels: every call rejects. */
export const unusedMarketHandlers: MarketHandlers = {
  'market.count': unused,
  'market.intervals': unused,
  'market.candles': unused,
  'market.trades': unused,
  'market.funding': unused,
  'market.instruments': unused,
  'market.optionChain': unused,
  'market.intents': unused,
  'market.quotes': unused,
  'market.events': unused,
  'market.eventsStream': unused,
  'market.cancel': unused,
};

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { marketKey, marketSearchFields, marketsOfKeys, paramsForMarket, withRecentMarket } from '../../../renderer/src/navigation/market-lists.ts';
import { matchScore, rankItems, searchTerms, type SearchField } from '../../../renderer/src/navigation/palette-search.ts';

function market(source: string, name: string, symbol: string, sourceType: string, categories: string[], base: string, quote: string): CatalogMarket {
  return {
    source,
    market: name,
    symbol,
    start: '2026-11-19T00:00:00.000Z',
    end: '2026-11-22T00:00:00.000Z',
    source_type: sourceType,
    categories,
    access: { status: 'open', public_cutoff_date: null },
    instrument: { base, quote, tick_size: null, lot_size: null, min_notional: null },
  };
}

const catalog: CatalogMarket[] = [
  market('hyperliquid', 'BTC', 'BTCUSD', 'perpetuals', ['Futures', 'Perpetual'], 'BTC', 'USD'),
  market('hyperliquid', 'ETH', 'ETHUSD', 'perpetuals', ['Futures', 'Perpetual'], 'ETH', 'USD'),
  market('aster', 'BTCUSDT', 'BTCUSDT', 'perpetuals', ['Futures', 'Perpetual'], 'BTC', 'USDT'),
  market('binance', 'BTC-USDT', 'BTCUSDT', 'spot', ['Spot'], 'BTC', 'USDT'),
  market('deribit', 'BTC', 'BTCUSD', 'options', ['Options'], 'BTC', 'USD'),
  market('deribit', 'ETH', 'ETHUSD', 'options', ['Options'], 'ETH', 'USD'),
  market('fermiswap', 'ethereum', 'WETHUSDC', 'propamm', ['DEX', 'Quotes'], 'ETH', 'USDC'),
];
const names = (found: CatalogMarket[]): string[] => found.map((entry) => marketKey(entry.source, entry.market));

describe('rankItems over markets', () => {
  it('finds deribit BTC from "deribit btc", and only it', () => {
    expect(names(rankItems(catalog, marketSearchFields, 'deribit btc', 10))).toEqual(['deribit/BTC']);
    expect(names(rankItems(catalog, marketSearchFields, '  Deribit   BTC ', 10))).toEqual(['deribit/BTC']);
    expect(names(rankItems(catalog, marketSearchFields, 'deribit/btc', 10))).toEqual(['deribit/BTC']);
  });

  it('ranks exact names above prefixes above substrings, keeping catalog order on ties', () => {
    // "btc": exact market (hyperliquid, deribit: 12), then prefixes of the name (aster, binance: 8).
    expect(names(rankItems(catalog, marketSearchFields, 'btc', 10))).toEqual(['hyperliquid/BTC', 'deribit/BTC', 'aster/BTCUSDT', 'binance/BTC-USDT']);
    // "eth": exact (hyperliquid, deribit), prefix of "ethereum" (fermiswap: 8) after them.
    expect(names(rankItems(catalog, marketSearchFields, 'eth', 10))).toEqual(['hyperliquid/ETH', 'deribit/ETH', 'fermiswap/ethereum']);
  });

  it('finds markets by kind and category, and cuts to the limit', () => {
    expect(names(rankItems(catalog, marketSearchFields, 'options', 10))).toEqual(['deribit/BTC', 'deribit/ETH']);
    expect(names(rankItems(catalog, marketSearchFields, 'dex', 10))).toEqual(['fermiswap/ethereum']);
    expect(rankItems(catalog, marketSearchFields, 'btc', 2)).toHaveLength(2);
  });

  it('puts the market named as typed before one whose symbol only is (binance BTCUSDT before the spot BTC-USDT)', () => {
    const withPerp = [...catalog, market('binance', 'BTCUSDT', 'BTCUSDT', 'perpetuals', ['Futures', 'Perpetual'], 'BTC', 'USDT')];
    // By hand: the perpetual's name is "btcusdt" (exact, 4 × 3 = 12), the spot's symbol only (3 × 3 = 9); both "binance" (2 × 3).
    expect(names(rankItems(withPerp, marketSearchFields, 'binance btcusdt', 10))).toEqual(['binance/BTCUSDT', 'binance/BTC-USDT']);
    expect(names(rankItems(withPerp, marketSearchFields, 'binance btc-usdt', 10))).toEqual(['binance/BTC-USDT']);
  });

  it('matches nothing on an empty search or a word no field has', () => {
    expect(rankItems(catalog, marketSearchFields, '   ', 10)).toEqual([]);
    expect(rankItems(catalog, marketSearchFields, 'btc zebra', 10)).toEqual([]);
  });
});

describe('matchScore', () => {
  it('weighs exact, prefix and substring matches by the field', () => {
    const fields: SearchField[] = [
      { text: 'btc', weight: 3 },
      { text: 'hyperliquid', weight: 2 },
    ];
    expect(matchScore(fields, ['btc'])).toBe(9);
    expect(matchScore(fields, ['bt'])).toBe(6);
    expect(matchScore(fields, ['tc'])).toBe(3);
    expect(matchScore(fields, ['hyper'])).toBe(4);
    expect(matchScore(fields, ['liquid'])).toBe(2);
    expect(matchScore(fields, ['btc', 'hyperliquid'])).toBe(15);
    expect(matchScore(fields, ['btc', 'eth'])).toBe(0);
    expect(searchTerms(' A  b ')).toEqual(['a', 'b']);
  });

  it('keeps exactly the items where every word is in some field, against a naive filter', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 4 });
    const item = fc.array(word, { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fc.array(word, { minLength: 1, maxLength: 3 }), (items, terms) => {
        const fieldsOf = (texts: string[]): SearchField[] => texts.map((text) => ({ text, weight: 1 }));
        const found = rankItems(items, fieldsOf, terms.join(' '), Number.MAX_SAFE_INTEGER);
        const naive = items.filter((texts) => terms.every((term) => texts.some((text) => text.includes(term))));
        expect(new Set(found)).toEqual(new Set(naive));
        expect(found).toHaveLength(naive.length);
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe('recently viewed markets', () => {
  it('puts the opened market first, once, and keeps at most the limit', () => {
    expect(withRecentMarket([], 'deribit/BTC')).toEqual(['deribit/BTC']);
    expect(withRecentMarket(['a/1', 'deribit/BTC', 'b/2'], 'deribit/BTC')).toEqual(['deribit/BTC', 'a/1', 'b/2']);
    expect(withRecentMarket(['a/1', 'b/2', 'c/3'], 'd/4', 3)).toEqual(['d/4', 'a/1', 'b/2']);
    expect(withRecentMarket(Array.from({ length: 50 }, (_, index) => `s/${index}`), 'new/1')).toHaveLength(50);
  });

  it('resolves keys to catalog entries in the keys’ order, skipping unknown ones, even with a slash in the market', () => {
    const withSlash = market('binance', 'BTC/USDT', 'BTCUSDT', 'spot', ['Spot'], 'BTC', 'USDT');
    expect(names(marketsOfKeys(['deribit/ETH', 'gone/X', 'binance/BTC/USDT', 'hyperliquid/BTC'], [...catalog, withSlash]))).toEqual([
      'deribit/ETH',
      'binance/BTC/USDT',
      'hyperliquid/BTC',
    ]);
  });

  it('opens a market keeping the interval and range, dropping the previous market’s choices', () => {
    expect(paramsForMarket({ source: 'a', market: 'b', interval: '5m', span: '6h', instrument: 'x', expiry: 5, focus: 'f' }, 'deribit', 'BTC')).toEqual({
      source: 'deribit',
      market: 'BTC',
      interval: '5m',
      span: '6h',
    });
    expect(paramsForMarket({ start: 1, end: 2 }, 's', 'm')).toEqual({ source: 's', market: 'm', start: 1, end: 2 });
    expect(paramsForMarket(undefined, 's', 'm')).toEqual({ source: 's', market: 'm' });
  });
});

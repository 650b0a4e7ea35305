import { describe, expect, it } from 'vitest';
import { marketKey, maxRecent, parseMarketKey, toggledFavourite, withRecent } from '../../../renderer/src/views/catalog/market-lists.ts';
import { marketListsSchema } from '../../../shared/settings.ts';

describe('recently viewed', () => {
  it('puts the opened market first and keeps each market once', () => {
    expect(withRecent([], 'a/1')).toEqual(['a/1']);
    expect(withRecent(['a/1', 'b/2', 'c/3'], 'c/3')).toEqual(['c/3', 'a/1', 'b/2']);
    expect(withRecent(['a/1', 'b/2'], 'a/1')).toEqual(['a/1', 'b/2']);
  });

  it('keeps at most 50, dropping the oldest, and the result always passes the settings schema', () => {
    const full = Array.from({ length: maxRecent }, (_, i) => `s/m${i}`);
    const next = withRecent(full, 'new/one');
    expect(next).toHaveLength(50);
    expect(next[0]).toBe('new/one');
    expect(next[49]).toBe('s/m48');
    expect(marketListsSchema.safeParse({ favourites: [], recent: next }).success).toBe(true);
  });
});

describe('favourites', () => {
  it('stars a market at the end and unstars it in place', () => {
    expect(toggledFavourite(['a/1', 'b/2'], 'c/3')).toEqual({ favourites: ['a/1', 'b/2', 'c/3'], full: false });
    expect(toggledFavourite(['a/1', 'b/2', 'c/3'], 'b/2')).toEqual({ favourites: ['a/1', 'c/3'], full: false });
  });

  it('refuses a new star when the list is full, but still unstars', () => {
    expect(toggledFavourite(['a/1', 'b/2'], 'c/3', 2)).toEqual({ favourites: ['a/1', 'b/2'], full: true });
    expect(toggledFavourite(['a/1', 'b/2'], 'a/1', 2)).toEqual({ favourites: ['b/2'], full: false });
  });
});

describe('market keys', () => {
  it('write source/market and read it back, a market with slashes included', () => {
    expect(marketKey({ source: 'deribit', market: 'BTC' })).toBe('deribit/BTC');
    expect(parseMarketKey('uniswap/ethereum/WETH-USDC')).toEqual({ source: 'uniswap', market: 'ethereum/WETH-USDC' });
    expect(parseMarketKey(marketKey({ source: 'a', market: 'b' }))).toEqual({ source: 'a', market: 'b' });
  });

  it('refuse a key without a source or a market', () => {
    for (const key of ['', 'nomarket', '/BTC', 'deribit/']) expect(parseMarketKey(key)).toBeNull();
  });
});

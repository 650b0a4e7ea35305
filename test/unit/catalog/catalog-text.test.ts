import { describe, expect, it } from 'vitest';
import { catalogSubtitle, noMatchSentence } from '../../../renderer/src/views/catalog/catalog-text.ts';

describe('the catalog subtitle', () => {
  const count = { markets: 20_021, sources: 35 };

  it('says how many are shown of the /count total while filtered', () => {
    expect(catalogSubtitle({ shown: 312, listed: 20_021, listedSources: 35, count, simulated: false })).toBe('showing 312 of 20,021 markets · 35 sources');
  });

  it('says only the total when nothing is filtered out, with simulated data labelled', () => {
    expect(catalogSubtitle({ shown: 21, listed: 21, listedSources: 8, count: { markets: 21, sources: 8 }, simulated: true })).toBe('21 markets · 8 sources · simulated');
    expect(catalogSubtitle({ shown: 1, listed: 1, listedSources: 1, count: { markets: 1, sources: 1 }, simulated: false })).toBe('1 market · 1 source');
  });

  it('falls back to the catalog as read without /count, and names the difference when they disagree', () => {
    expect(catalogSubtitle({ shown: 2, listed: 2, listedSources: 2, count: null, simulated: false })).toBe('2 markets · 2 sources');
    expect(catalogSubtitle({ shown: 2, listed: 2, listedSources: 2, count: { markets: 4, sources: 3 }, simulated: false })).toBe('4 markets (2 listed) · 3 sources');
    expect(catalogSubtitle({ shown: 0, listed: 2, listedSources: 2, count: { markets: 4, sources: 3 }, simulated: false })).toBe('showing 0 of 4 markets (2 listed) · 3 sources');
  });
});

describe('the sentence when nothing matches', () => {
  const none = { text: '', source: null, category: null, access: null, favouritesOnly: false };

  it('names the search and every filter chosen, in order', () => {
    expect(noMatchSentence({ ...none, text: '  btc usdt ', source: 'okx', category: 'Options', access: 'restricted' })).toBe('Nothing matches “btc usdt” in okx · Options · restricted.');
    expect(noMatchSentence({ ...none, text: 'zz' })).toBe('Nothing matches “zz”.');
  });

  it('names the filters alone when there is no search, favourites included', () => {
    expect(noMatchSentence({ ...none, favouritesOnly: true, category: 'Spot' })).toBe('No market in Spot · favourites.');
    expect(noMatchSentence(none)).toBe('No market.');
  });
});

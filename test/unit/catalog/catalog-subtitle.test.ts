import { describe, expect, it } from 'vitest';
import { catalogSubtitle } from '../../../renderer/src/views/catalog/catalog-subtitle.ts';

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

import { describe, expect, it } from 'vitest';
import { maxFavourites, toggledFavourite } from '../../../renderer/src/views/catalog/favourites.ts';
import { marketListsSchema } from '../../../shared/settings.ts';

describe('favourites', () => {
  it('stars a market at the end and unstars it in place', () => {
    expect(toggledFavourite(['a/1', 'b/2'], 'c/3')).toEqual({ favourites: ['a/1', 'b/2', 'c/3'], full: false });
    expect(toggledFavourite(['a/1', 'b/2', 'c/3'], 'b/2')).toEqual({ favourites: ['a/1', 'c/3'], full: false });
  });

  it('refuses a new star when the list is full, but still unstars', () => {
    expect(toggledFavourite(['a/1', 'b/2'], 'c/3', 2)).toEqual({ favourites: ['a/1', 'b/2'], full: true });
    expect(toggledFavourite(['a/1', 'b/2'], 'a/1', 2)).toEqual({ favourites: ['b/2'], full: false });
  });

  it('never grows past what the settings schema accepts', () => {
    const full = Array.from({ length: maxFavourites }, (_, i) => `s/m${i}`);
    const { favourites, full: refused } = toggledFavourite(full, 'new/one');
    expect(refused).toBe(true);
    expect(marketListsSchema.safeParse({ favourites, recent: [] }).success).toBe(true);
    expect(marketListsSchema.safeParse({ favourites: [...full, 'new/one'], recent: [] }).success).toBe(false);
  });
});

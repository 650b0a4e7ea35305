import { describe, expect, it } from 'vitest';
import { catalogKeyAction, type KeyPlace } from '../../../renderer/src/views/catalog/catalog-key-map.ts';

const moves = ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End'] as const;

describe('the catalog key map', () => {
  it('moves the selection from the list, a control in it, or the page, with every list key', () => {
    for (const place of ['list', 'list-control', 'page'] as const) {
      for (const key of moves) expect(catalogKeyAction(key, place), `${key} in ${place}`).toEqual({ kind: 'move', key });
    }
  });

  it('moves from the search field with the arrows and pages, but leaves Home and End to the field', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp'] as const) expect(catalogKeyAction(key, 'search')).toEqual({ kind: 'move', key });
    expect(catalogKeyAction('Home', 'search')).toBeNull();
    expect(catalogKeyAction('End', 'search')).toBeNull();
  });

  it('opens with Enter, except on a control in a row (the star keeps its own Enter)', () => {
    for (const place of ['list', 'page', 'search'] as const) expect(catalogKeyAction('Enter', place)).toEqual({ kind: 'open' });
    expect(catalogKeyAction('Enter', 'list-control')).toBeNull();
  });

  it('stars with f (or F) on the list or the page, never while typing in the search', () => {
    for (const place of ['list', 'list-control', 'page'] as const) {
      expect(catalogKeyAction('f', place)).toEqual({ kind: 'favourite' });
      expect(catalogKeyAction('F', place)).toEqual({ kind: 'favourite' });
    }
    expect(catalogKeyAction('f', 'search')).toBeNull();
  });

  it('clears the search with Escape only in the search field', () => {
    expect(catalogKeyAction('Escape', 'search')).toEqual({ kind: 'escape-search' });
    expect(catalogKeyAction('Escape', 'page')).toBeNull();
  });

  it('leaves every key aimed elsewhere (the navigation rail, a select) alone', () => {
    const elsewhere: KeyPlace = 'elsewhere';
    for (const key of [...moves, 'Enter', 'f', 'Escape']) expect(catalogKeyAction(key, elsewhere), key).toBeNull();
    expect(catalogKeyAction('x', 'page')).toBeNull();
  });
});

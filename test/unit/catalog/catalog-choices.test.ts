import { describe, expect, it } from 'vitest';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { choicesOf } from '../../../renderer/src/views/catalog/catalog-choices.ts';

function market(source: string, categories: string[]): CatalogMarket {
  return {
    source,
    market: 'M',
    symbol: 'MUSD',
    start: '2026-01-01T00:00:00Z',
    end: '2026-01-02T00:00:00Z',
    source_type: 'spot',
    categories,
    access: { status: 'open', public_cutoff_date: null },
    instrument: { base: null, quote: null, tick_size: null, lot_size: null, min_notional: null },
  };
}

describe('the filter choices of a catalog', () => {
  it('lists each source once by name, and the known categories in their order before the others by name', () => {
    const choices = choicesOf([market('okx', ['Spot', 'Zeta']), market('binance', ['Quotes', 'DEX']), market('okx', ['Futures', 'Alpha']), market('aevo', [])]);
    expect(choices.sources).toEqual(['aevo', 'binance', 'okx']);
    expect(choices.categories).toEqual(['Futures', 'Spot', 'DEX', 'Quotes', 'Alpha', 'Zeta']);
  });

  it('offers nothing for an empty catalog', () => {
    expect(choicesOf([])).toEqual({ sources: [], categories: [] });
  });
});

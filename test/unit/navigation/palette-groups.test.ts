import { describe, expect, it } from 'vitest';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { paletteGroups, type PaletteGroup, type PaletteInput } from '../../../renderer/src/navigation/palette-groups.ts';
import { viewRegistry } from '../../../renderer/src/views/view-registry.ts';

function market(source: string, name: string, sourceType: string, categories: string[]): CatalogMarket {
  return {
    source,
    market: name,
    symbol: name.replace(/[^A-Z]/g, ''),
    start: '2026-11-19T00:00:00.000Z',
    end: '2026-11-22T00:00:00.000Z',
    source_type: sourceType,
    categories,
    access: { status: 'open', public_cutoff_date: null },
    instrument: { base: null, quote: null, tick_size: null, lot_size: null, min_notional: null },
  };
}

const markets = [
  market('hyperliquid', 'BTC', 'perpetuals', ['Futures']),
  market('deribit', 'BTC', 'options', ['Options']),
  market('deribit', 'ETH', 'options', ['Options']),
  market('uniswapx', 'intents', 'intents', ['Intents']),
  market('binance', 'LINK-USDT', 'spot', ['Spot']),
];

function input(patch: Partial<PaletteInput>): PaletteInput {
  return { page: 'all', search: '', markets, catalogNote: 'Loading the catalog…', favourites: [], recent: [], views: viewRegistry, ...patch };
}

/** Each group as its id and the rows' names, for comparing with a hand-written list. */
function outline(groups: PaletteGroup[]): [string, string[]][] {
  return groups.map((group) => [
    group.id,
    group.items.map((item) => {
      switch (item.kind) {
        case 'command':
          return item.spec.label;
        case 'market':
          return `${item.market.source}/${item.market.market}${item.favourite ? ' ★' : ''}`;
        case 'link':
          return `link ${item.route.view}`;
        case 'note':
          return `note: ${item.text}`;
      }
    }),
  ]);
}

describe('paletteGroups', () => {
  it('lists recent markets, every view and every action but the palette itself before anything is typed', () => {
    const groups = paletteGroups(input({ recent: ['deribit/ETH', 'gone/X', 'hyperliquid/BTC'], favourites: ['hyperliquid/BTC'] }));
    expect(groups.map((group) => group.id)).toEqual(['recent', 'views', 'actions']);
    expect(outline(groups)[0]).toEqual(['recent', ['deribit/ETH', 'hyperliquid/BTC ★']]);
    expect(groups[1]?.items).toHaveLength(11);
    const actions = outline(groups)[2]?.[1] ?? [];
    expect(actions).toContain('Go to market…');
    expect(actions).toContain('Copy a link to this view');
    expect(actions).not.toContain('Command palette');
  });

  it('shows favourites, then recent, on the market page, or how to search when there are none', () => {
    expect(outline(paletteGroups(input({ page: 'markets', favourites: ['deribit/BTC'], recent: ['hyperliquid/BTC'] })))).toEqual([
      ['favourites', ['deribit/BTC ★']],
      ['recent', ['hyperliquid/BTC']],
    ]);
    expect(outline(paletteGroups(input({ page: 'markets' })))).toEqual([['markets', ['note: Type to search 5 markets by name, symbol, source or kind']]]);
  });

  it('finds deribit BTC on the market page, and no commands there', () => {
    expect(outline(paletteGroups(input({ page: 'markets', search: 'deribit btc' })))).toEqual([['markets', ['deribit/BTC']]]);
    expect(outline(paletteGroups(input({ page: 'markets', search: 'utc' })))).toEqual([]);
  });

  it('orders groups by their best match: the Options view before the option markets for "options"', () => {
    expect(outline(paletteGroups(input({ search: 'options' })))).toEqual([
      ['views', ['Options']],
      ['markets', ['deribit/BTC', 'deribit/ETH']],
    ]);
    expect(outline(paletteGroups(input({ search: 'deribit' })))).toEqual([['markets', ['deribit/BTC', 'deribit/ETH']]]);
    // "link": the LINK-USDT market (a prefix of its name, 6) before "Copy a link to this view" (inside a label, 3).
    expect(outline(paletteGroups(input({ search: 'link' })))).toEqual([
      ['markets', ['binance/LINK-USDT']],
      ['actions', ['Copy a link to this view']],
    ]);
    expect(outline(paletteGroups(input({ search: 'utc' })))).toEqual([['actions', ['Toggle UTC / local time']]]);
  });

  it('offers a pasted deep link first', () => {
    const groups = paletteGroups(input({ search: 'http://127.0.0.1:5173/#/options/deribit/BTC?interval=bad' }));
    expect(groups[0]).toEqual({
      id: 'link',
      heading: 'Link',
      items: [{ kind: 'link', route: { view: 'options', params: { source: 'deribit', market: 'BTC' } }, dropped: [expect.stringContaining('interval "bad"')] }],
    });
    expect(paletteGroups(input({ search: '#/nowhere' })).some((group) => group.id === 'link')).toBe(false);
  });

  it('says why markets cannot be listed, typed or not', () => {
    expect(outline(paletteGroups(input({ markets: null, catalogNote: 'Catalog unavailable: down' })))[0]).toEqual(['markets', ['note: Catalog unavailable: down']]);
    expect(outline(paletteGroups(input({ markets: null, catalogNote: 'Loading the catalog…', search: 'btc' })))).toEqual([['markets', ['note: Loading the catalog…']]]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { defaultPlace } from '../../../renderer/src/views/downloads/default-market.ts';

function market(source: string, name: string): CatalogMarket {
  return {
    source,
    market: name,
    symbol: name,
    start: '2026-11-19T00:00:00.000Z',
    end: '2026-11-22T00:00:00.000Z',
    source_type: 'perpetuals',
    categories: [],
    access: { status: 'open', public_cutoff_date: null },
    instrument: { base: null, quote: null, tick_size: null, lot_size: null, min_notional: null },
  };
}

const catalog = [market('binance', 'BTC-USDT'), market('hyperliquid', 'ETH'), market('deribit', 'BTC')];

describe('defaultPlace', () => {
  it("prefers the view's own market, then the workspace's, then the most recent the catalog lists, then the catalog's first", () => {
    expect(defaultPlace({ source: 'aster', market: 'X' }, { source: 'deribit', market: 'BTC' }, ['hyperliquid/ETH'], catalog)).toEqual({ source: 'aster', market: 'X' });
    expect(defaultPlace({}, { source: 'deribit', market: 'BTC' }, ['hyperliquid/ETH'], catalog)).toEqual({ source: 'deribit', market: 'BTC' });
    // A recent market the catalog no longer lists is passed over.
    expect(defaultPlace({}, undefined, ['gone/OLD', 'hyperliquid/ETH'], catalog)).toEqual({ source: 'hyperliquid', market: 'ETH' });
    expect(defaultPlace({ source: 'binance' }, {}, [], catalog)).toEqual({ source: 'binance', market: 'BTC-USDT' });
    expect(defaultPlace({}, undefined, [], [])).toBeNull();
  });
});

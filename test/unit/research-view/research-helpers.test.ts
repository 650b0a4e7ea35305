import { describe, expect, it } from 'vitest';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { keyRefusalOf } from '../../../renderer/src/views/research/research-scope.ts';
import { venuesOfAsset } from '../../../renderer/src/views/research/venue-choices.ts';

// The Research view's own rules: which venues are the same asset, and when a panel's load would
// be refused without a key (so nothing is sent and "This needs an API key" shows instead).

function market(source: string, market: string, base: string | null, symbol: string, sourceType = 'perpetuals', categories = ['Futures']): CatalogMarket {
  return {
    source,
    market,
    symbol,
    start: '2026-01-01T00:00:00Z',
    end: '2026-12-01T00:00:00Z',
    source_type: sourceType,
    categories,
    access: { status: 'open', public_cutoff_date: null },
    instrument: { base, quote: 'USD', tick_size: '0.1', lot_size: '0.001', min_notional: '10' },
  };
}

describe('venuesOfAsset', () => {
  it('matches book markets by normalized base (else symbol), the chosen one first, options and DEX left out', () => {
    const catalog = [
      market('binance', 'BTC-USDT', 'BTC', 'BTCUSDT', 'spot', ['Spot']),
      market('hyperliquid', 'BTC', 'BTC', 'BTCUSD'),
      market('deribit', 'BTC', 'BTC', 'BTCUSD', 'options', ['Options']),
      market('lighter', 'BTC-USD', 'btc', 'BTCUSD', 'orderbook'),
      market('hyperliquid', 'ETH', 'ETH', 'ETHUSD'),
      market('uniswapx', 'intents', 'BTC', 'INTENTS', 'intents', ['Intents']),
    ];
    expect(venuesOfAsset(catalog, { source: 'hyperliquid', market: 'BTC' })).toEqual([
      { source: 'hyperliquid', market: 'BTC' },
      { source: 'binance', market: 'BTC-USDT' },
      { source: 'lighter', market: 'BTC-USD' },
    ]);
    expect(venuesOfAsset(catalog, { source: 'gone', market: 'X' })).toEqual([{ source: 'gone', market: 'X' }]);
  });
});

describe('keyRefusalOf', () => {
  const now = Date.UTC(2026, 10, 20, 12, 0, 0);
  const target = (start: number, end: number) => ({ kind: 'market' as const, source: 'hyperliquid', market: 'BTC', start, end });

  it('refuses without a key: books before the last hour, and trades with any range; files and keys never', () => {
    const older = target(now - 3 * 3_600_000, now - 2 * 3_600_000);
    expect(keyRefusalOf({ target: older, hasKey: false }, { books: true, trades: false }, now)).toContain('/l2-orderbooks');
    expect(keyRefusalOf({ target: target(now - 600_000, now), hasKey: false }, { books: true, trades: false }, now)).toBeNull();
    expect(keyRefusalOf({ target: target(now - 600_000, now), hasKey: false }, { books: false, trades: true }, now)).toContain('/historical/trades');
    expect(keyRefusalOf({ target: older, hasKey: true }, { books: true, trades: true }, now)).toBeNull();
    expect(keyRefusalOf({ target: older, hasKey: undefined }, { books: true, trades: true }, now)).toBeNull();
    expect(keyRefusalOf({ target: { kind: 'files', fileIds: ['f'] }, hasKey: false }, { books: true, trades: true }, now)).toBeNull();
  });
});

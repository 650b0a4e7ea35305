import { describe, expect, it } from 'vitest';
import { historyModeFor } from '../../../renderer/src/navigation/route-history.ts';
import { routeLabel, routeTitle } from '../../../renderer/src/navigation/route-title.ts';
import type { Route } from '../../../renderer/src/navigation/route.ts';
import { viewRegistry } from '../../../renderer/src/views/view-registry.ts';

const btc: Route = { view: 'workspace', params: { source: 'hyperliquid', market: 'BTC', interval: '1m', span: '6h' } };

describe('historyModeFor', () => {
  it('pushes a new entry when the view, the source or the market changes', () => {
    expect(historyModeFor(btc, { ...btc, view: 'options' })).toBe('push');
    expect(historyModeFor(btc, { ...btc, params: { ...btc.params, market: 'ETH' } })).toBe('push');
    expect(historyModeFor(btc, { ...btc, params: { ...btc.params, source: 'aster' } })).toBe('push');
    expect(historyModeFor({ view: 'catalog', params: {} }, btc)).toBe('push');
    expect(historyModeFor(btc, { ...btc, params: { interval: '1m' } })).toBe('push');
  });

  it('replaces the entry for an interval, range, instrument, expiry or focus within the same market', () => {
    expect(historyModeFor(btc, { ...btc, params: { ...btc.params, interval: '5m' } })).toBe('replace');
    expect(historyModeFor(btc, { ...btc, params: { source: 'hyperliquid', market: 'BTC', interval: '1m', start: 1, end: 2 } })).toBe('replace');
    expect(historyModeFor(btc, { ...btc, params: { ...btc.params, instrument: 'X', expiry: 5, focus: 'f' } })).toBe('replace');
    expect(historyModeFor(btc, btc)).toBe('replace');
  });
});

describe('routeTitle', () => {
  it('names the view and what it shows, then the app', () => {
    expect(routeTitle(btc, viewRegistry)).toBe('Market · hyperliquid BTC — Market Data Explorer');
    expect(routeTitle({ view: 'options', params: { source: 'deribit', market: 'BTC', instrument: 'BTC-27NOV26-100000-C' } }, viewRegistry)).toBe(
      'Options · deribit BTC BTC-27NOV26-100000-C — Market Data Explorer',
    );
    expect(routeLabel({ view: 'settings', params: {} }, viewRegistry)).toBe('Settings');
  });
});

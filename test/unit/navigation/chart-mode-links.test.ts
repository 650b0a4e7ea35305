import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from '../../../renderer/src/navigation/route.ts';
import { shortcutSectionsOf } from '../../../renderer/src/navigation/shortcut-registry.ts';
import { isChartMode } from '../../../renderer/src/stores/chart-mode.ts';
import { viewRegistry } from '../../../renderer/src/views/view-registry.ts';

// The workspace's chart modes as links and the shortcut sheet carry them (moved from
// workspace/modes/chart-mode.test.ts: both read the view registry).
describe('chart modes', () => {
  it('the mode rides in the link (candles, the default, is left out) and a bad one is dropped and named', () => {
    expect(formatRoute('workspace', { source: 'hyperliquid', market: 'BTC', interval: '1m', chart: 'footprint' })).toBe('#/workspace/hyperliquid/BTC?interval=1m&chart=footprint');
    expect(formatRoute('workspace', { source: 'hyperliquid', market: 'BTC', chart: 'candles' })).toBe('#/workspace/hyperliquid/BTC');
    const parsed = parseRoute('#/workspace/hyperliquid/BTC?chart=dollar-bars', viewRegistry);
    expect(parsed.kind === 'route' ? parsed.route.params.chart : null).toBe('dollar-bars');
    const bad = parseRoute('#/workspace/hyperliquid/BTC?chart=renko&interval=5m', viewRegistry);
    expect(bad.kind === 'route' ? [bad.route.params, bad.dropped.join('\n')] : null).toEqual([{ source: 'hyperliquid', market: 'BTC', interval: '5m' }, expect.stringMatching(/chart "renko": not one of candles, footprint, tick-bars/)]);
    expect(isChartMode('footprint')).toBe(true);
  });

  it('the shortcut sheet lists the mode keys, and no other workspace key uses them', () => {
    const workspace = shortcutSectionsOf(viewRegistry).find((section) => section.id === 'workspace');
    const keys = workspace?.entries.flatMap((entry) => entry.keys) ?? [];
    expect(keys).toEqual(expect.arrayContaining(['c', 'f', 'a', '+', '−']));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

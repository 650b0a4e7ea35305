import { describe, expect, it } from 'vitest';
import { activityKindOf, modeForKey } from '../../../../renderer/src/stores/chart-mode.ts';
import { footprintNotice } from '../../../../renderer/src/views/workspace/modes/footprint-notice.ts';
import { compactVolume } from '../../../../renderer/src/views/workspace/modes/footprint-paint.ts';
import { paramsForMarket } from '../../../../renderer/src/navigation/market-lists.ts';

describe('chart modes', () => {
  it('c, f and a choose the mode; a again steps tick → volume → dollar → tick', () => {
    expect(modeForKey('c', 'footprint')).toBe('candles');
    expect(modeForKey('f', 'candles')).toBe('footprint');
    expect(modeForKey('a', 'candles')).toBe('tick-bars');
    expect(modeForKey('a', 'footprint')).toBe('tick-bars');
    expect(modeForKey('a', 'tick-bars')).toBe('volume-bars');
    expect(modeForKey('a', 'volume-bars')).toBe('dollar-bars');
    expect(modeForKey('a', 'dollar-bars')).toBe('tick-bars');
    expect(modeForKey('x', 'candles')).toBeNull();
    expect([activityKindOf('candles'), activityKindOf('footprint'), activityKindOf('volume-bars')]).toEqual([null, null, 'volume']);
  });

  it('opening another market keeps the chart mode', () => {
    expect(paramsForMarket({ source: 'a', market: 'b', interval: '5m', chart: 'footprint' }, 'binance', 'ETHUSDT')).toEqual({ source: 'binance', market: 'ETHUSDT', interval: '5m', chart: 'footprint' });
  });
});

describe('footprint notice and numbers', () => {
  const time = (ms: number): string => `T${ms}`;
  it('says why candles are plain: loading, failed (Retry), down, no trades, a refused setting, anonymous (Add API key), trades left out (Narrow)', () => {
    expect(footprintNotice({ kind: 'loading', rows: 1200 }, null, time)).toEqual({ tone: 'faint', text: 'Loading the trades for the footprint… 1,200 rows so far', fix: null, busy: true });
    expect(footprintNotice({ kind: 'error' }, null, time)?.fix).toBe('retry');
    expect(footprintNotice({ kind: 'down' }, null, time)?.tone).toBe('warn');
    expect(footprintNotice({ kind: 'ready', count: 0, cap: 10, coverage: null }, null, time)?.text).toMatch(/No trades in this range/);
    expect(footprintNotice({ kind: 'ready', count: 5, cap: 10, coverage: null }, 'The price step must be a number above 0, not 0.', time)?.text).toMatch(/price step/);
    expect(footprintNotice({ kind: 'ready', count: 5, cap: 10, coverage: { from: 7, to: 9, cut: 'latest' } }, null, time)).toEqual({ tone: 'warn', text: 'Footprint from the latest ten minutes of trades only (anonymous): candles before T7 are plain.', fix: 'key', busy: false });
    expect(footprintNotice({ kind: 'ready', count: 5, cap: 1_290_000, coverage: { from: 7, to: 9, cut: 'dropped' } }, null, time)?.text).toBe('Footprint from T7 on: older trades were left out to keep the newest 1,290,000, so older candles are plain.');
    expect(footprintNotice({ kind: 'ready', count: 5, cap: 10, coverage: { from: 7, to: 9, cut: null } }, null, time)).toBeNull();
  });

  it('prints cell volumes in about five characters', () => {
    expect([0, 0.00042, 0.034, 3.254, 12.44, 842.2, 1_234, 12_345, 1_234_567, 0.00001].map(compactVolume)).toEqual(['0', '.0004', '.0340', '3.25', '12.4', '842', '1.2k', '12k', '1.2M', '<.0001']);
  });
});

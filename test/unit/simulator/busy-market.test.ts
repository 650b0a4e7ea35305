import { describe, expect, it } from 'vitest';
import { demoDatasets } from '../../../electron/server/simulator/demo-datasets.ts';
import { generateHourInto, generateHourText } from '../../../electron/server/simulator/generate-hour.ts';
import { dataset } from './simulated-rows.ts';

const hour = Date.UTC(2026, 10, 18, 14);

describe('the busy market, binance/BTCUSDT', () => {
  it('is a USDT-margined perpetual with exchange-grade ticks, left out of the background warm-up', () => {
    const ds = dataset('binance', 'BTCUSDT');
    expect(ds).toMatchObject({ kind: 'perp', symbol: 'BTCUSDT', tick: 0.1, lot: 0.001, categories: ['Futures', 'Perpetual'], warmUp: false });
    expect(ds.terms).toMatchObject({ base: 'BTC', quote: 'USDT', tick_size: '0.1', lot_size: '0.001' });
    expect(ds.basis).toBeCloseTo(1.0001, 6);
    expect(demoDatasets.filter((d) => !d.warmUp).map((d) => `${d.source}/${d.market}`)).toEqual(['binance/BTCUSDT']);
  });

  it('writes over 500,000 order-book rows and a few tens of thousands of trades in a full hour (counted lines)', () => {
    let lines = 0;
    const header = generateHourInto(5, dataset('binance', 'BTCUSDT'), hour, Number.POSITIVE_INFINITY, {
      write: () => {
        throw new Error('expected bytes');
      },
      bytes: (chunk) => {
        for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
      },
    });
    const counts = (JSON.parse(header) as { data: Record<string, number> }).data;
    expect(lines).toBe(counts['event_count']);
    expect(counts['orderbook_count']).toBeGreaterThan(500_000);
    expect(counts['trade_count']).toBeGreaterThan(20_000);
    expect(counts['trade_count']).toBeLessThan(80_000);
  }, 60_000);

  it('keeps a live prefix of the hour an exact prefix of a longer one, and is deterministic', () => {
    const ds = dataset('binance', 'BTCUSDT');
    const longer = generateHourText(5, ds, hour, hour + 150_000).split('\n').slice(1);
    const shorter = generateHourText(5, ds, hour, hour + 60_000).split('\n').slice(1).filter((line) => line !== '');
    expect(shorter.length).toBeGreaterThan(8000);
    expect(shorter).toEqual(longer.slice(0, shorter.length));
    expect(generateHourText(5, ds, hour, hour + 60_000)).toBe(generateHourText(5, ds, hour, hour + 60_000));
  });
});

import { describe, expect, it } from 'vitest';
import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import { HourRecords } from '../../../electron/server/store/hour-records.ts';
import type { DecodedHour, HourFile, HourRef, MarketDataStore } from '../../../electron/server/store/market-data-store.ts';
import { SyntheticCatalogStore } from '../../../electron/server/store/synthetic-catalog-store.ts';
import type { SyntheticMarket } from '../../../electron/server/store/synthetic-markets.ts';

const hour: HourRef = { source: 'real', market: 'BTC', date: '2026-11-20', hour: 5, hourStart: Date.UTC(2026, 10, 20, 5), key: 'standard-real-BTC-2026-11-20-05' };
const option = { source: 'real', market: 'BTC', instrument: 'BTC-C' } as InstrumentEntry;

const served: readonly DatasetDescriptor[] = [
  { source: 'real', market: 'BTC', symbol: 'BTCUSD', sourceType: 'perpetuals', categories: ['Futures'], terms: { base: 'BTC', quote: 'USD', tick_size: '1', lot_size: '0.001', min_notional: '10' }, access: { status: 'open', publicCutoffDate: null, gate: 'none' } },
];

/** A store with one dataset, answering with its hour and option contract whatever market is asked about. */
const inner: MarketDataStore = {
  datasets: () => served,
  coverage: (source) => Promise.resolve(source === 'real' ? { start: 1, end: 2 } : null),
  instruments: () => Promise.resolve([option]),
  hours: () => Promise.resolve([hour]),
  hourByKey: (key) => Promise.resolve(key === hour.key ? hour : null),
  file: (ref) => Promise.resolve({ ...ref, path: '/f', bytes: 1 }),
  readyFile: (ref) => Promise.resolve({ ...ref, path: '/f', bytes: 1 } satisfies HourFile),
  readHour: (ref) => Promise.resolve({ file: ref, records: HourRecords.of([]), dataEnd: 9 } satisfies DecodedHour),
  captureSegments: (ref) => Promise.resolve([{ line: 1, sessionId: ref.key }]),
};

function synthetic(market: string, coverageStart: number, coverageEnd: number | null): SyntheticMarket {
  const descriptor: DatasetDescriptor = { source: 'made', market, symbol: `${market}USD`, sourceType: 'spot', categories: ['Spot'], terms: { base: market, quote: 'USD', tick_size: null, lot_size: null, min_notional: null }, access: { status: 'open', publicCutoffDate: null, gate: 'none' }, rowKinds: [] };
  return { ...descriptor, coverageStart, coverageEnd };
}

const now = Date.UTC(2026, 10, 22, 12);
const live = synthetic('LIVE', Date.UTC(2024, 0, 1), null);
const ended = synthetic('ENDED', Date.UTC(2023, 0, 1), Date.UTC(2025, 0, 1));
const expiresLater = synthetic('LATER', Date.UTC(2026, 6, 1), Date.UTC(2026, 11, 25, 8));
const store = new SyntheticCatalogStore(inner, [live, ended, expiresLater], () => now);

describe('SyntheticCatalogStore', () => {
  it('lists the served datasets first, unchanged, then the synthetic markets', () => {
    expect(store.datasets()).toEqual([...inner.datasets(), live, ended, expiresLater]);
    expect(store.datasets()[0]).toBe(inner.datasets()[0]);
  });

  it('gives each synthetic market its coverage, never past now; the served datasets keep theirs', async () => {
    expect(await store.coverage('made', 'LIVE')).toEqual({ start: Date.UTC(2024, 0, 1), end: now });
    expect(await store.coverage('made', 'ENDED')).toEqual({ start: Date.UTC(2023, 0, 1), end: Date.UTC(2025, 0, 1) });
    expect(await store.coverage('made', 'LATER')).toEqual({ start: Date.UTC(2026, 6, 1), end: now });
    expect(await store.coverage('real', 'BTC')).toEqual({ start: 1, end: 2 });
    expect(await store.coverage('made', 'UNKNOWN')).toBeNull();
  });

  it('has no hours and no option contracts for a synthetic market, and passes the rest through', async () => {
    expect(await store.hours('made', 'LIVE', 0, now)).toEqual([]);
    expect(await store.instruments('made', 'LIVE')).toEqual([]);
    expect(await store.hours('real', 'BTC', 0, now)).toEqual([hour]);
    expect(await store.instruments('real', 'BTC')).toEqual([option]);
    expect(await store.hourByKey(hour.key)).toEqual(hour);
    expect((await store.readHour(hour)).dataEnd).toBe(9);
    expect(await store.captureSegments(hour)).toEqual([{ line: 1, sessionId: hour.key }]);
  });

  it('refuses a synthetic market named like a served dataset, or listed twice', () => {
    expect(() => new SyntheticCatalogStore(inner, [{ ...live, source: 'real', market: 'BTC' }], () => now)).toThrow('has the name of a served dataset');
    expect(() => new SyntheticCatalogStore(inner, [live, live], () => now)).toThrow('listed twice');
  });
});

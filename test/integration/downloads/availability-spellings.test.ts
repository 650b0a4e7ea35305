import { afterEach, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { availabilityOf } from '../../../electron/host/downloads/availability.ts';
import { startScriptedService, type ScriptedService } from '../client/support/scripted-service.ts';

// A service whose listing spells keys as the SDKs do (`…-HHMMSS`) and lists a whole-day file
// without an hour: the calendar's hours come out by their UTC hour, and an hour counts as local
// when the library holds it under its canonical key (or in a day file), whichever spelling the
// listing used.

let scripted: ScriptedService | null = null;
afterEach(async () => {
  await scripted?.close();
  scripted = null;
});

const listing = {
  source: 'binance',
  market: 'BTC-USDT',
  access: { status: 'open', public_cutoff_date: null },
  total: 3,
  total_bytes: 30,
  limit: 1000,
  has_more: false,
  next_cursor: null,
  snapshots: [
    { date: '2024-01-01', hour: 0, key: 'standard-binance-BTC-USDT-2024-01-01-000000' },
    { date: '2024-01-01', hour: 1, key: 'standard-binance-BTC-USDT-2024-01-01-010000' },
    { date: '2024-01-02', key: 'standard-binance-BTC-USDT-2024-01-02' },
  ],
};

describe('availability of a listing in the real tools\' spellings', () => {
  it('reads …-HHMMSS entries by their hour, a whole-day entry as its 24 hours, and marks held hours local by canonical key', async () => {
    scripted = await startScriptedService(() => ({ status: 200, body: listing }));
    const client = new MarketDataClient({ baseUrl: scripted.baseUrl });
    const local = new Set(['standard-binance-BTC-USDT-2024-01-01-01']);
    const availability = await availabilityOf(client, { source: 'binance', market: 'BTC-USDT', from: Date.UTC(2024, 0, 1), to: Date.UTC(2024, 0, 3) }, { localKeys: () => Promise.resolve(local), hasKey: () => Promise.resolve(true) });
    expect(availability.hours.slice(0, 2).map((hour) => [hour.date, hour.hour, hour.key, hour.local])).toEqual([
      ['2024-01-01', 0, 'standard-binance-BTC-USDT-2024-01-01-000000', false],
      ['2024-01-01', 1, 'standard-binance-BTC-USDT-2024-01-01-010000', true],
    ]);
    const dayHours = availability.hours.slice(2);
    expect(dayHours.map((hour) => hour.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(new Set(dayHours.map((hour) => hour.key))).toEqual(new Set(['standard-binance-BTC-USDT-2024-01-02']));
  });
});

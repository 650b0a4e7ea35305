import { describe, expect, it } from 'vitest';
import { listingPage } from '../../../electron/server/store/snapshot-listing.ts';
import type { HourFile, HourRef, MarketDataStore } from '../../../electron/server/store/market-data-store.ts';

const hourMs = 3_600_000;
const first = Date.UTC(2026, 10, 18);

function hourRef(index: number): HourRef {
  const hourStart = first + index * hourMs;
  const hour = new Date(hourStart).getUTCHours();
  return { source: 's', market: 'm', date: '2026-11-18', hour, hourStart, key: `standard-s-m-2026-11-18-${String(hour).padStart(2, '0')}` };
}

/** A store whose files are generated only when the test says so; `ready` hours are on disk already. */
function gatedStore(ready: ReadonlySet<number>): { store: MarketDataStore; asked: number[]; finish: () => void } {
  const asked: number[] = [];
  const waiting: (() => void)[] = [];
  const fileOf = (hour: HourRef): HourFile => ({ ...hour, path: `/x/${hour.key}`, bytes: 1000 + hour.hour });
  const unused = (name: string) => (): never => {
    throw new Error(`the listing called ${name}`);
  };
  // Only the two methods a listing calls answer; anything else fails the test loudly.
  const store: MarketDataStore = {
    readyFile: (hour) => Promise.resolve(ready.has(hour.hour) ? fileOf(hour) : null),
    file: (hour) => {
      if (ready.has(hour.hour)) return Promise.resolve(fileOf(hour));
      asked.push(hour.hour);
      return new Promise((resolve) => waiting.push(() => resolve(fileOf(hour))));
    },
    datasets: unused('datasets'),
    coverage: unused('coverage'),
    instruments: unused('instruments'),
    hours: unused('hours'),
    hourByKey: unused('hourByKey'),
    readHour: unused('readHour'),
    captureSegments: unused('captureSegments'),
  };
  return { store, asked, finish: () => waiting.splice(0).forEach((release) => release()) };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('a /snapshots page asks for every hour it generates before it waits for one', () => {
  it('starts all the budgeted generations at once, skips ready hours, and lists in hour order', async () => {
    const hours = Array.from({ length: 12 }, (_, i) => hourRef(i));
    const { store, asked, finish } = gatedStore(new Set([1, 4]));
    const page = listingPage(store, hours, Number.NEGATIVE_INFINITY, 200, 5);
    await settle();
    // Nothing has finished, yet all five budgeted hours are being generated (the ready ones cost nothing).
    expect(asked).toEqual([0, 2, 3, 5, 6]);
    finish();
    const result = await page;
    expect(result.files.map((file) => file.hour)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(result.cutShort).toBe(true);
    expect(result.resumeAt).toBe(hourRef(7).hourStart);
  });

  it('stops at the limit before the budget', async () => {
    const hours = Array.from({ length: 6 }, (_, i) => hourRef(i));
    const { store, asked, finish } = gatedStore(new Set());
    const page = listingPage(store, hours, hourRef(2).hourStart, 2, 24);
    await settle();
    expect(asked).toEqual([2, 3]);
    finish();
    const result = await page;
    expect(result.files.map((file) => file.hour)).toEqual([2, 3]);
    expect(result.cutShort).toBe(false);
    expect(result.resumeAt).toBe(hourRef(4).hourStart);
  });
});

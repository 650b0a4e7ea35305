import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HourGenerator } from '../../electron/server/simulator/hour-generator.ts';
import { DemoStore } from '../../electron/server/store/demo-store.ts';

// Building the busy market's last whole day ahead of demand: which hours, in which order, and
// that it stops when told, skips what is on disk and waits for its moment before each file.

/** 05:30 UTC on 2026-11-20: the live hour is 05:00, the last whole day 2026-11-19. */
const now = Date.UTC(2026, 10, 20, 5, 30);

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function demo(generated: string[]): Promise<DemoStore> {
  dir = await mkdtemp(join(tmpdir(), 'mde-pregenerate-'));
  const generate: HourGenerator = (_seed, dataset, hourStart, until) => {
    generated.push(`${dataset.source}/${dataset.market}@${new Date(hourStart).toISOString().slice(0, 13)}${Number.isFinite(until) ? ' live' : ''}`);
    return Promise.resolve(new Uint8Array(10));
  };
  const store = new DemoStore({ dataDir: dir, seed: 2, now: () => now, historyDays: 3, generate });
  await store.open();
  return store;
}

/** The hours expected, written out: 04:00 of the 20th back to 00:00 of the 19th, newest first. */
const expectedHours = [
  ...['04', '03', '02', '01', '00'].map((hour) => `binance/BTCUSDT@2026-11-20T${hour}`),
  ...Array.from({ length: 24 }, (_, i) => `binance/BTCUSDT@2026-11-19T${String(23 - i).padStart(2, '0')}`),
];

describe('DemoStore.pregenerate', () => {
  it('builds the busy market\'s complete hours of today and the previous day, newest first, each after its moment', async () => {
    const generated: string[] = [];
    const store = await demo(generated);
    let moments = 0;
    await store.pregenerate(new AbortController().signal, () => {
      moments++;
      return Promise.resolve();
    });
    expect(generated).toEqual(expectedHours);
    expect(moments).toBe(expectedHours.length);
  });

  it('skips hours already on disk, and does nothing the second time', async () => {
    const generated: string[] = [];
    const store = await demo(generated);
    const ready = await store.hours('binance', 'BTCUSDT', Date.UTC(2026, 10, 19, 10), Date.UTC(2026, 10, 19, 12));
    for (const hour of ready) await store.file(hour);
    expect(generated).toHaveLength(2);
    await store.pregenerate(new AbortController().signal);
    expect(generated.slice(2)).toEqual(expectedHours.filter((hour) => !hour.endsWith('2026-11-19T10') && !hour.endsWith('2026-11-19T11')));
    const before = generated.length;
    await store.pregenerate(new AbortController().signal);
    expect(generated).toHaveLength(before);
  });

  it('stops between files once aborted', async () => {
    const generated: string[] = [];
    const store = await demo(generated);
    const stop = new AbortController();
    let moments = 0;
    await store.pregenerate(stop.signal, () => {
      if (++moments === 4) stop.abort();
      return Promise.resolve();
    });
    expect(generated).toEqual(expectedHours.slice(0, 3));
  });

  it('reaches no further back than the demo\'s history', async () => {
    const generated: string[] = [];
    dir = await mkdtemp(join(tmpdir(), 'mde-pregenerate-'));
    const generate: HourGenerator = (_seed, _dataset, hourStart) => {
      generated.push(new Date(hourStart).toISOString().slice(0, 13));
      return Promise.resolve(new Uint8Array(10));
    };
    // Three hours of history: 02:00 to the live hour 05:00.
    const store = new DemoStore({ dataDir: dir, seed: 2, now: () => now, historyDays: 3 / 24 + 0.5 / 24, generate });
    await store.open();
    await store.pregenerate(new AbortController().signal);
    expect(generated).toEqual(['2026-11-20T04', '2026-11-20T03', '2026-11-20T02']);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IdleTimer } from '../../electron/server/store/byte-budget-cache.ts';
import { decodeHourFile } from '../../electron/server/store/decode-hour-file.ts';
import { decodedHourBytes } from '../../electron/server/store/decoded-hour-cache.ts';
import { DirectoryStore, type DirectoryStoreOptions, type HourDecoder } from '../../electron/server/store/directory-store.ts';
import type { HourRef } from '../../electron/server/store/market-data-store.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { fixtureText } from '../unit/snapshot/decode-helpers.ts';

// A folder's decoded hours are kept within a byte budget and dropped once unread for a while:
// a decode is saved while the hour fits and is read, and done again once it was not kept.

describe('the decoded hours a folder store keeps', () => {
  let root: string;
  let decodes: number;
  const counting: HourDecoder = (path, lineTypes, fromLine, enough, onBatch) => {
    decodes++;
    return decodeHourFile(path, lineTypes, fromLine, enough, onBatch);
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'mde-hour-budget-'));
    await mkdir(join(root, 'aster', 'ETH-USDT', '2024-06-01'), { recursive: true });
    const text = new TextEncoder().encode(fixtureText('v2-book-trades.jsonl'));
    await writeFile(join(root, 'aster', 'ETH-USDT', '2024-06-01', 'standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst'), compressZstdFrame(text));
    decodes = 0;
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function storeWith(options: DirectoryStoreOptions): Promise<{ store: DirectoryStore; hour: HourRef }> {
    const store = new DirectoryStore(root, counting, options);
    await store.scan();
    const [hour] = await store.hours('aster', 'ETH-USDT', Date.UTC(2024, 5, 1), Date.UTC(2024, 5, 1, 1));
    if (hour === undefined) throw new Error('the fixture hour is not indexed');
    return { store, hour };
  }

  it('keeps an hour that fits its budget, and decodes again one that does not', async () => {
    const roomy = await storeWith({ maxBytes: 1024 * 1024 });
    const first = await roomy.store.readHour(roomy.hour);
    // The fixture's seven records: a few kilobytes as kept, well within a megabyte.
    expect(decodedHourBytes(first)).toBeGreaterThan(0);
    expect(decodedHourBytes(first)).toBeLessThan(1024 * 1024);
    expect(await roomy.store.readHour(roomy.hour)).toBe(first);
    expect(decodes).toBe(1);

    decodes = 0;
    const tight = await storeWith({ maxBytes: decodedHourBytes(first) - 1 });
    const once = await tight.store.readHour(tight.hour);
    const again = await tight.store.readHour(tight.hour);
    // Served both times, kept neither time.
    expect(decodes).toBe(2);
    expect(again).not.toBe(once);
    expect([...again.records]).toEqual([...once.records]);
  });

  it('drops an hour unread for the idle time, by the injected clock', async () => {
    let now = 0;
    const timers: { at: number; run: () => void }[] = [];
    const timer: IdleTimer = (run, delayMs) => {
      const entry = { at: now + delayMs, run };
      timers.push(entry);
      return () => timers.splice(timers.indexOf(entry), 1);
    };
    const fire = (): void => {
      for (const entry of timers.filter((candidate) => candidate.at <= now)) {
        timers.splice(timers.indexOf(entry), 1);
        entry.run();
      }
    };
    let idle = 0;
    const { store, hour } = await storeWith({ maxBytes: 1024 * 1024, idleMs: 30_000, now: () => now, timer, onIdle: () => idle++ });
    await store.readHour(hour);
    now = 20_000;
    // Read again at 20 s: kept, and idle from now on.
    await store.readHour(hour);
    expect(decodes).toBe(1);
    now = 49_999;
    fire();
    await store.readHour(hour);
    expect(decodes).toBe(1);
    // Read at 49.999 s: still kept 1 ms short of 30 s later (and that read starts the idle time again).
    now = 79_998;
    fire();
    await store.readHour(hour);
    expect(decodes).toBe(1);
    expect(idle).toBe(0);
    // 30 s unread: dropped (the store is told its cache is idle, to have the hour collected), and
    // no sweep is left waiting.
    now = 79_998 + 30_000;
    fire();
    expect(timers).toHaveLength(0);
    expect(idle).toBe(1);
    await store.readHour(hour);
    expect(decodes).toBe(2);
  });
});

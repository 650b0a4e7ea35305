import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DownloadQueue } from '../../../electron/host/downloads/download-queue.ts';
import { SnapshotLibrary } from '../../../electron/host/library/snapshot-library.ts';
import { flushQueue, handLinks, HandTransfers } from '../../support/hand-transfers.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// `settled(key)`: what a replay that reads hour files waits on. It must answer once the key is in
// the library, or once its download failed or was cancelled, and never before.

const keyOf = (hour: number): string => `standard-demo-BTC-2026-03-01-${String(hour).padStart(2, '0')}`;
const temp = useTempDirs();

async function setUp() {
  const userData = await temp();
  const root = join(userData, 'library');
  const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(0) });
  const transfers = new HandTransfers();
  const queue = new DownloadQueue({ transfer: transfers.transfer, links: handLinks(), library, concurrency: 2 });
  /** Where the library keeps a key (its standard layout), written as a transfer would land it. */
  const place = async (key: string): Promise<string> => {
    const path = join(root, 'data', 'standard', 'demo', 'BTC', '2026-03-01', `${key}.jsonl.zst`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, 'an hour');
    return path;
  };
  return { queue, transfers, place };
}

/** The settlement of a promise so far: its value, or 'pending'. */
async function stateOf<T>(promise: Promise<T>): Promise<T | 'pending'> {
  await flushQueue();
  return Promise.race([promise, new Promise<'pending'>((resolve) => setImmediate(() => resolve('pending')))]);
}

describe("the download queue's key settlement", () => {
  it('answers a key already in the library at once, with its path', async () => {
    const { queue, place } = await setUp();
    const path = await place(keyOf(3));
    expect(await queue.settled(keyOf(3))).toEqual({ kind: 'landed', path });
  });

  it('waits while the key downloads and answers its path once it has landed, in any spelling of the key', async () => {
    const { queue, transfers, place } = await setUp();
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(4), keyOf(5)] });
    const fifth = queue.settled(`${keyOf(5)}.jsonl.zst`);
    const fourth = queue.settled(keyOf(4));
    expect(await stateOf(fourth)).toBe('pending');
    const path = await place(keyOf(5));
    transfers.land(keyOf(5));
    expect(await fifth).toEqual({ kind: 'landed', path });
    // The other key is still on its way: landing one wakes only what it settles.
    expect(await stateOf(fourth)).toBe('pending');
    const fourthPath = await place(keyOf(4));
    transfers.land(keyOf(4));
    expect(await fourth).toEqual({ kind: 'landed', path: fourthPath });
  });

  it('answers a failed download with its reason and fix, and a cancelled one as cancelled', async () => {
    const { queue, transfers } = await setUp();
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(6), keyOf(7)] });
    const failed = queue.settled(keyOf(6));
    const cancelled = queue.settled(keyOf(7));
    await flushQueue();
    transfers.active.get(keyOf(6))?.fail(Object.assign(new Error('the disk is full'), { kind: 'disk-full', resolution: 'Free some space.' }));
    expect(await failed).toMatchObject({ kind: 'not-landed', state: 'failed', message: expect.stringContaining(keyOf(6)) as unknown });
    await queue.cancel([keyOf(7)]);
    expect(await cancelled).toMatchObject({ kind: 'not-landed', state: 'cancelled' });
  });

  it('answers a key that is neither queued nor in the library as absent', async () => {
    const { queue } = await setUp();
    expect(await queue.settled(keyOf(9))).toMatchObject({ kind: 'not-landed', state: 'absent' });
  });
});

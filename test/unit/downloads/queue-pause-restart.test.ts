// Pins that a pause or cancel survives a restart, even one right after it: a paused queue comes back paused with every item, one paused item stays the only one paused, a cancelled one stays gone.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DownloadQueue as QueueView } from '../../../shared/contract/library-schemas.ts';
import { DownloadJournal } from '../../../electron/host/downloads/download-journal.ts';
import { DownloadQueue } from '../../../electron/host/downloads/download-queue.ts';
import { SnapshotLibrary } from '../../../electron/host/library/snapshot-library.ts';
import { flushQueue, handLinks, HandTransfers } from '../../support/hand-transfers.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const keyOf = (hour: number): string => `standard-demo-BTC-2026-03-01-${String(hour).padStart(2, '0')}`;
const keys = [keyOf(0), keyOf(1), keyOf(2)];
const temp = useTempDirs();

/** One app start: a queue over the journal and library in `userData`, with its own hand-driven transfers. */
function start(userData: string) {
  const library = new SnapshotLibrary({ root: () => Promise.resolve(join(userData, 'library')), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(0) });
  const transfers = new HandTransfers();
  const queue = new DownloadQueue({ transfer: transfers.transfer, links: handLinks(), library, journal: new DownloadJournal(join(userData, 'downloads.json')), concurrency: 1, now: () => 0 });
  return { library, transfers, queue };
}

/** The first start: three hours queued, the first downloading with 10 of 40 bytes in its part. */
async function downloadingOneOfThree(userData: string) {
  const first = start(userData);
  await first.queue.open();
  await first.queue.enqueue({ source: 'demo', market: 'BTC', keys });
  await flushQueue();
  first.transfers.request(keyOf(0)).onProgress(10, 40);
  const part = `${await first.library.destinationOf(keyOf(0))}.part`;
  await mkdir(dirname(part), { recursive: true });
  await writeFile(part, 'ten bytes!');
  return { ...first, part };
}

const rows = (view: QueueView): [string, string][] => view.items.map((item) => [item.key, item.state]);

// The app may quit the moment after the pause (the transfer not yet stopped), or a while after.
for (const [when, settle] of [
  ['at once', () => Promise.resolve()],
  ['once the transfer stopped', flushQueue],
] as const) {
  describe(`a restart ${when} after a pause`, () => {
    it('the whole queue paused comes back paused with every item, nothing starts until resume()', async () => {
      const userData = await temp();
      const first = await downloadingOneOfThree(userData);
      first.queue.pause();
      await settle();
      await first.queue.close();
      expect(first.transfers.abortReasons).toEqual([{ key: keyOf(0), reason: 'pause' }]);

      const again = start(userData);
      const view = await again.queue.open();
      await flushQueue();
      expect(view.paused).toBe(true);
      expect(rows(view)).toEqual(keys.map((key) => [key, 'paused']));
      expect(view.items[0]?.totalBytes).toBe(40);
      expect(existsSync(first.part)).toBe(true);
      expect(again.transfers.started).toEqual([]);

      const resumed = again.queue.resume();
      await flushQueue();
      expect(resumed.paused).toBe(false);
      expect(again.transfers.started).toEqual([keyOf(0)]);
      for (const key of keys) {
        again.transfers.land(key);
        await flushQueue();
      }
      await again.queue.idle();
      expect(again.transfers.started).toEqual(keys);
      expect(rows(again.queue.snapshot())).toEqual(keys.map((key) => [key, 'done']));
      await again.queue.close();
    });

    it('one paused item is not a paused queue: it alone stays paused, the others start', async () => {
      const userData = await temp();
      const first = await downloadingOneOfThree(userData);
      first.queue.pause([keyOf(0)]);
      await settle();
      await first.queue.close();

      const again = start(userData);
      const view = await again.queue.open();
      await flushQueue();
      expect(view.paused).toBe(false);
      expect(rows(again.queue.snapshot())).toEqual([
        [keyOf(0), 'paused'],
        [keyOf(1), 'downloading'],
        [keyOf(2), 'queued'],
      ]);
      expect(again.transfers.started).toEqual([keyOf(1)]);
      expect(existsSync(first.part)).toBe(true);

      // A whole-queue resume after the restart takes the paused item back too.
      again.queue.resume();
      again.transfers.land(keyOf(1));
      await flushQueue();
      expect(again.transfers.started).toEqual([keyOf(1), keyOf(0)]);
      await again.queue.close();
    });
  });
}

describe('a restart right after a cancel', () => {
  it('the cancelled download does not come back and its part is removed', async () => {
    const userData = await temp();
    const first = await downloadingOneOfThree(userData);
    await first.queue.cancel([keyOf(0)]);
    await first.queue.close();

    const again = start(userData);
    const view = await again.queue.open();
    expect(view.items.map((item) => item.key)).toEqual([keyOf(1), keyOf(2)]);
    expect(existsSync(first.part)).toBe(false);
    await again.queue.close();
  });
});

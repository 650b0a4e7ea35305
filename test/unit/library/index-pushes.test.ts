import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LibraryIndex } from '../../../shared/contract/library-schemas.ts';
import { SnapshotLibrary } from '../../../electron/host/library/snapshot-library.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// The renderer shows the last index pushed. Indexes are built concurrently (a file lands while a
// count finishes), so a scan begun earlier but finishing later must not replace a newer one.

const tempDir = useTempDirs();

describe('library index pushes', () => {
  it('never pushes an index begun before one already pushed', async () => {
    const root = await tempDir();
    const pushed: LibraryIndex[] = [];
    // The first index's free-space check is held until the second index has been pushed.
    let releaseFirst = (): void => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let calls = 0;
    let firstWaiting = (): void => undefined;
    const firstIsWaiting = new Promise<void>((resolve) => (firstWaiting = resolve));
    const library = new SnapshotLibrary({
      root: () => Promise.resolve(root),
      countsPath: join(root, 'counts.json'),
      count: () => Promise.resolve(7),
      freeBytes: async () => {
        calls++;
        if (calls === 1) {
          firstWaiting();
          await firstHeld;
        }
        return 1_000;
      },
      onChanged: (index) => pushed.push(index),
    });
    const older = library.changed();
    // Let the first index finish its scan (no files yet) and wait on the free space.
    await firstIsWaiting;
    const folder = join(root, 'data', 'standard', 'demo', 'BTC', '2026-11-20');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'standard-demo-BTC-2026-11-20-05.jsonl.zst'), new Uint8Array([1, 2, 3]));
    await library.changed();
    releaseFirst();
    await older;
    await library.countsIdle();
    const last = pushed.at(-1);
    expect(last?.datasets[0]?.files.map((file) => [file.key, file.records])).toEqual([['standard-demo-BTC-2026-11-20-05', 7]]);
    expect(pushed.every((index) => index.datasets.length === 1)).toBe(true);
    await library.close();
  });
});

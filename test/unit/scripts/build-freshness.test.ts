import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliBuildIsStale, outputsAreStale } from '../../../scripts/build-freshness.mjs';
import { useTempDirs } from '../../support/temp-dir.ts';

const tempDir = useTempDirs();
// Folders count too (their times are "now" as files are made), so the times here sit around now.
const now = Math.floor(Date.now() / 1000);

/** Writes `path` under `root` with the given modification time (seconds). */
async function fileAt(root: string, path: string, mtime: number): Promise<void> {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), path);
  await utimes(join(root, path), mtime, mtime);
}

describe('rebuild only when a source is newer than the bundle', () => {
  it('is stale when an output is missing, or a file anywhere under an input folder is newer', async () => {
    const root = await tempDir();
    await fileAt(root, 'src/a/deep.ts', now + 1000);
    expect(outputsAreStale(root, ['src'], ['out/x.js'])).toBe(true);
    await fileAt(root, 'out/x.js', now + 2000);
    expect(outputsAreStale(root, ['src'], ['out/x.js'])).toBe(false);
    await fileAt(root, 'src/a/deep.ts', now + 3000);
    expect(outputsAreStale(root, ['src'], ['out/x.js'])).toBe(true);
  });

  it('the mde bundle follows the CLI, the services, shared code and the lock file', async () => {
    const root = await tempDir();
    for (const path of ['electron/cli/mde.ts', 'electron/host/x.ts', 'shared/y.ts', 'package.json', 'package-lock.json', 'scripts/build-cli.mjs']) await fileAt(root, path, now + 1000);
    await fileAt(root, 'renderer/src/z.tsx', now + 5000);
    await fileAt(root, 'out/cli/mde.js', now + 2000);
    // The renderer is not part of the command line.
    expect(cliBuildIsStale(root)).toBe(false);
    await fileAt(root, 'shared/y.ts', now + 3000);
    expect(cliBuildIsStale(root)).toBe(true);
  });
});

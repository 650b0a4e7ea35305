// Pins that every file the downloads rename into place is flushed to disk first (and a landed snapshot's folder after): atomic writes, the journal, a landed download.
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadJournal } from '../../../electron/host/downloads/download-journal.ts';
import { openPartFile, type PartOpener } from '../../../electron/host/downloads/part-file.ts';
import { nodeLandingFs, type LandingFs } from '../../../electron/host/downloads/snapshot-transfer.ts';
import { writeFileAtomic, type AtomicWriteFs } from '../../../electron/base/atomic-write.ts';
import { startHostileDownloadHost, type HostileDownloadHost } from '../../support/hostile-download-host.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { destinationIn, faultSource, runTransfer } from './transfer-support.ts';

/** One file-system call, in the order it was made. */
interface Step {
  op: 'write' | 'sync' | 'close' | 'rename' | 'sync-folder';
  path: string;
  to?: string;
}

/** Real `node:fs` calls for atomic writes, each recorded in `steps`. */
function recordingAtomicFs(steps: Step[]): AtomicWriteFs {
  return {
    mkdir: (path, options) => mkdir(path, options),
    open: async (path, flags, mode) => {
      const handle = await open(path, flags, mode);
      return {
        writeFile: async (data) => {
          steps.push({ op: 'write', path });
          await handle.writeFile(data);
        },
        sync: async () => {
          steps.push({ op: 'sync', path });
          await handle.sync();
        },
        close: async () => {
          steps.push({ op: 'close', path });
          await handle.close();
        },
      };
    },
    rename: async (from, to) => {
      steps.push({ op: 'rename', path: from, to });
      await rename(from, to);
    },
    rm: (path, options) => rm(path, options),
  };
}

/** The real part file and landing, each call recorded in `steps`. */
function recordingTransferFs(steps: Step[]): { openPart: PartOpener; landing: LandingFs } {
  return {
    openPart: async (path, mode) => {
      const real = await openPartFile(path, mode);
      return {
        write: async (chunk) => {
          steps.push({ op: 'write', path });
          await real.write(chunk);
        },
        sync: async () => {
          steps.push({ op: 'sync', path });
          await real.sync();
        },
        close: async () => {
          steps.push({ op: 'close', path });
          await real.close();
        },
      };
    },
    landing: {
      rename: async (from, to) => {
        steps.push({ op: 'rename', path: from, to });
        await nodeLandingFs.rename(from, to);
      },
      syncFolder: async (folder) => {
        steps.push({ op: 'sync-folder', path: folder });
        await nodeLandingFs.syncFolder(folder);
      },
    },
  };
}

/** Asserts the one rename onto `target` moved a file whose last write was followed by a sync; returns the file renamed. */
function expectSyncedBeforeRename(steps: readonly Step[], target: string): string {
  const renames = steps.filter((step) => step.op === 'rename');
  expect(renames.map((step) => step.to)).toEqual([target]);
  const at = steps.findIndex((step) => step.op === 'rename');
  const moved = steps[at]?.path ?? '';
  const lastWrite = steps.findLastIndex((step) => step.op === 'write' && step.path === moved);
  const lastSync = steps.findLastIndex((step, i) => i < at && step.op === 'sync' && step.path === moved);
  expect(lastSync, `no sync of ${moved} before its rename`).toBeGreaterThanOrEqual(0);
  expect(lastSync).toBeGreaterThan(lastWrite);
  return moved;
}

const tempDir = useTempDirs();

describe('an atomic write syncs its temporary file before renaming it over the target', () => {
  it('writeFileAtomic: write, sync, close, then rename', async () => {
    const folder = await tempDir();
    const target = join(folder, 'settings.json');
    const steps: Step[] = [];
    await writeFileAtomic(target, '{"a":1}\n', recordingAtomicFs(steps));
    const temp = expectSyncedBeforeRename(steps, target);
    expect(dirname(temp)).toBe(folder);
    expect(steps.map((step) => step.op)).toEqual(['write', 'sync', 'close', 'rename']);
    expect(await readFile(target, 'utf8')).toBe('{"a":1}\n');
  });

  it('the download journal: every write goes through a synced temporary file', async () => {
    const folder = await tempDir();
    const path = join(folder, 'downloads.json');
    const steps: Step[] = [];
    const journal = new DownloadJournal(path, recordingAtomicFs(steps));
    await journal.write({ paused: true, items: [] });
    expect(journal.lastError).toBeNull();
    expectSyncedBeforeRename(steps, path);
    expect((await journal.read()).state).toEqual({ paused: true, items: [] });
  });
});

describe('a download syncs its part before renaming it into the library, and the folder after', () => {
  const source = faultSource();
  const size = source.bytes.length;
  let host: HostileDownloadHost | null = null;
  afterEach(async () => {
    await host?.close();
    host = null;
  });

  for (const [label, cutOnce] of [
    ['in one go', null],
    ['after a cut and a Range resume', 30_000],
  ] as const) {
    it(`a fresh download ${label}`, async () => {
      const folder = await tempDir();
      const destination = destinationIn(folder);
      host = await startHostileDownloadHost(source.bytes, ({ index }) => (index === 0 && cutOnce !== null ? [{ kind: 'cut', afterBytes: cutOnce }] : []));
      const steps: Step[] = [];
      const run = await runTransfer(host, destination, { dependencies: recordingTransferFs(steps) });
      expect(run.result?.sha256).toBe(source.sha256);
      expect(expectSyncedBeforeRename(steps, destination)).toBe(`${destination}.part`);
      expect(steps.slice(steps.findIndex((step) => step.op === 'rename'))).toEqual([
        { op: 'rename', path: `${destination}.part`, to: destination },
        { op: 'sync-folder', path: folder },
      ]);
    });
  }

  it('a part an earlier run left whole (the host answers 416): flushed by this run before it lands', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    await writeFile(`${destination}.part`, source.bytes);
    host = await startHostileDownloadHost(source.bytes);
    const steps: Step[] = [];
    const run = await runTransfer(host, destination, { dependencies: recordingTransferFs(steps) });
    expect(run.result?.bytes).toBe(size);
    expect(host.requests.map((request) => request.status)).toEqual([416]);
    expect(steps).toEqual([
      { op: 'sync', path: `${destination}.part` },
      { op: 'close', path: `${destination}.part` },
      { op: 'rename', path: `${destination}.part`, to: destination },
      { op: 'sync-folder', path: folder },
    ]);
  });
});

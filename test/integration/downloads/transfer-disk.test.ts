import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openPartFile, type PartOpener } from '../../../electron/host/downloads/part-file.ts';
import { startHostileDownloadHost, type HostileDownloadHost } from '../../support/hostile-download-host.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { destinationIn, faultSource, filesIn, runTransfer } from './transfer-support.ts';

const source = faultSource();
const tempDir = useTempDirs();
let host: HostileDownloadHost | null = null;

afterEach(async () => {
  await host?.close();
  host = null;
});

/** A part opener whose writes fail with ENOSPC once `capacity` bytes are on disk, as a full disk does. */
function diskOf(capacity: number): PartOpener {
  return async (path, mode) => {
    const real = await openPartFile(path, mode);
    let written = 0;
    return {
      ...real,
      write: async (chunk) => {
        if (written + chunk.length > capacity) {
          throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC' });
        }
        written += chunk.length;
        await real.write(chunk);
      },
    };
  };
}

describe('free disk space', () => {
  it('too little free space for the announced size: "disk-full" before a byte is written, naming the folder and the bytes', async () => {
    const folder = await tempDir();
    host = await startHostileDownloadHost(source.bytes);
    const seen: string[] = [];
    const run = await runTransfer(host, destinationIn(folder), {
      dependencies: {
        statfs: (path) => {
          seen.push(path);
          return Promise.resolve({ bavail: 10, bsize: 4096 });
        },
      },
    });
    expect(run.error?.kind).toBe('disk-full');
    expect(run.error?.message).toContain(folder);
    expect(run.error?.message).toContain(`${(source.bytes.length / 1024).toFixed(1)} KiB needed`);
    expect(seen).toEqual([folder]);
    expect(run.progress.filter((bytes) => bytes > 0)).toEqual([]);
    expect(await filesIn(folder)).toEqual([]);
  });

  it('enough space for the file plus the margin: the check passes and the file lands', async () => {
    const folder = await tempDir();
    host = await startHostileDownloadHost(source.bytes);
    const margin = 1024;
    const exact = source.bytes.length + margin;
    const run = await runTransfer(host, destinationIn(folder), { dependencies: { diskMarginBytes: margin, statfs: () => Promise.resolve({ bavail: exact, bsize: 1 }) } });
    expect(run.result?.sha256).toBe(source.sha256);
    const short = await runTransfer(host, destinationIn(await tempDir()), { dependencies: { diskMarginBytes: margin, statfs: () => Promise.resolve({ bavail: exact - 1, bsize: 1 }) } });
    expect(short.error?.kind).toBe('disk-full');
  });

  it('a resume checks only the bytes still to come', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    const kept = 10_000;
    await writeFile(`${destination}.part`, source.bytes.subarray(0, kept));
    host = await startHostileDownloadHost(source.bytes);
    const remaining = source.bytes.length - kept;
    const run = await runTransfer(host, destination, { dependencies: { diskMarginBytes: 0, statfs: () => Promise.resolve({ bavail: remaining, bsize: 1 }) } });
    expect(run.result?.sha256).toBe(source.sha256);
  });

  it('ENOSPC while writing: the part is removed and the failure names the folder and the bytes still needed', async () => {
    const folder = await tempDir();
    host = await startHostileDownloadHost(source.bytes);
    const run = await runTransfer(host, destinationIn(folder), { dependencies: { openPart: diskOf(20_000) } });
    expect(run.error?.kind).toBe('disk-full');
    expect(run.error?.message).toContain(folder);
    expect(run.error?.message).toMatch(/KiB more are needed/);
    expect(run.error?.resolution).toMatch(/Free some space/);
    expect(await filesIn(folder)).toEqual([]);
  });
});

// Pins a download host that truncates the body once, then serves Range properly: the part resumes where it stopped, one retry, the file lands whole.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostileDownloadHost, type HostFault, type HostileDownloadHost } from '../../support/hostile-download-host.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { destinationIn, faultSource, filesIn, runTransfer } from './transfer-support.ts';

const source = faultSource();
const size = source.bytes.length;
const tempDir = useTempDirs();
let host: HostileDownloadHost | null = null;

afterEach(async () => {
  await host?.close();
  host = null;
});

/** Serves the file with `first` applied to the first request only; records the part's bytes (none when absent) as each later request arrives. */
async function truncatedOnce(destination: string, first: readonly HostFault[]): Promise<{ host: HostileDownloadHost; partAtResume: Buffer[] }> {
  const partAtResume: Buffer[] = [];
  host = await startHostileDownloadHost(source.bytes, ({ index }) => {
    if (index === 0) return first;
    const part = `${destination}.part`;
    partAtResume.push(existsSync(part) ? readFileSync(part) : Buffer.alloc(0));
    return [];
  });
  return { host, partAtResume };
}

const cut = 30_000;

describe('a body truncated on the first try only', () => {
  for (const { label, first, resumedAt, resumeStatus } of [
    { label: 'the connection cut after 30000 bytes', first: [{ kind: 'cut', afterBytes: cut }], resumedAt: cut, resumeStatus: 206 },
    { label: 'a Content-Length 500 bytes too long, then a close after 30000 bytes', first: [{ kind: 'long-length', extra: 500 }, { kind: 'cut', afterBytes: cut }], resumedAt: cut, resumeStatus: 206 },
    { label: 'a Content-Length 500 bytes too long, every byte sent, then a close', first: [{ kind: 'long-length', extra: 500 }], resumedAt: size, resumeStatus: 416 },
  ] satisfies { label: string; first: HostFault[]; resumedAt: number; resumeStatus: number }[]) {
    it(`${label}: resumed from byte ${resumedAt === size ? 'size' : resumedAt}, one retry, lands whole and verified`, async () => {
      const folder = await tempDir();
      const destination = destinationIn(folder);
      const { host: h, partAtResume } = await truncatedOnce(destination, first);
      const run = await runTransfer(h, destination);

      expect(run.error).toBeNull();
      expect(run.result).toEqual({ bytes: size, records: source.records, sha256: source.sha256 });
      expect((await readFile(destination)).equals(source.bytes)).toBe(true);
      expect(await filesIn(folder)).toEqual([destination.split('/').at(-1)]);
      // One retry, after the first backoff step.
      expect(run.retries).toHaveLength(1);
      expect(run.sleeps).toEqual([500]);
      expect(run.verifying).toBe(1);
      // The resume asked for the bytes after the part, which held exactly the file's first bytes.
      expect(h.requests.map((request) => [request.status, request.range])).toEqual([
        [200, undefined],
        [resumeStatus, `bytes=${resumedAt}-`],
      ]);
      expect(partAtResume).toHaveLength(1);
      expect(partAtResume[0]?.equals(source.bytes.subarray(0, resumedAt))).toBe(true);
      // Progress never went back to 0: nothing was fetched twice.
      expect(run.progress).toContain(resumedAt);
      run.progress.forEach((bytes, i) => expect(bytes).toBeGreaterThanOrEqual(run.progress[i - 1] ?? 0));
      expect(run.progress.at(-1)).toBe(size);
    });
  }

  it('a clean 200 whose Content-Length is 30000 (the file is longer): only the decoder can tell, so the whole file is fetched again, once', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    const { host: h, partAtResume } = await truncatedOnce(destination, [{ kind: 'short-body', bytes: cut }]);
    const run = await runTransfer(h, destination);

    expect(run.result).toEqual({ bytes: size, records: source.records, sha256: source.sha256 });
    expect((await readFile(destination)).equals(source.bytes)).toBe(true);
    expect(run.retries).toHaveLength(1);
    expect(run.retries[0]).toMatch(/truncated.*downloading the whole file again/);
    // No Range: those 30000 bytes looked like a whole file, and a file that ends mid-frame is not trusted as a prefix.
    expect(h.requests.map((request) => [request.status, request.range])).toEqual([
      [200, undefined],
      [200, undefined],
    ]);
    expect(partAtResume.map((part) => part.length)).toEqual([0]);
    expect(await filesIn(folder)).toEqual([destination.split('/').at(-1)]);
  });
});

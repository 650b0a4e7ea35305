import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryPathOf } from '../../electron/codec/layout/library-layout.ts';
import { startEmbeddedServiceThread } from '../../electron/server/embedded-thread.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// The embedded local service in its own worker thread, as the service host runs it: it answers
// HTTP on 127.0.0.1, reads its folder again on request, and ends its thread when closed.

const fixture = join(import.meta.dirname, '..', 'fixtures', 'snapshots', 'v2-book-trades.jsonl');

async function threads(): Promise<number> {
  return (await readdir('/proc/self/task')).length;
}

describe('the embedded service runs in a thread of its own', () => {
  const tempDir = useTempDirs();

  it('serves a folder over HTTP, sees a file written later once asked to read the folder again, and goes with its thread', async () => {
    const root = await tempDir();
    const before = await threads();
    const service = await startEmbeddedServiceThread({ data: { kind: 'directory', root }, keys: [{ key: 'test-key-0123456789', tier: 'paid' }] });
    expect(await threads()).toBeGreaterThan(before);
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.directory?.contents()).toMatchObject({ exists: true, files: 0 });

    // One hour file of aster ETH-USDT, 2024-06-01 00:00 (the fixture's header), put where the library keeps it.
    const path = libraryPathOf(root, 'standard-aster-ETH-USDT-2024-06-01-00');
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, compressZstdFrame(await readFile(fixture)));
    expect(service.directory?.contents().files).toBe(0);
    await service.directory?.scan();
    expect(service.directory?.contents()).toMatchObject({ exists: true, files: 1, datasets: 1 });

    const catalog = await fetch(`${service.baseUrl}/catalog`, { headers: { authorization: 'Bearer test-key-0123456789' } });
    expect(catalog.status).toBe(200);
    expect(JSON.stringify(await catalog.json())).toContain('ETH-USDT');

    await service.close();
    await expect(fetch(`${service.baseUrl}/catalog`)).rejects.toThrow();
    expect(await threads()).toBeLessThanOrEqual(before);
  });

  it('a service that cannot start rejects with its own words and leaves no thread', async () => {
    // A port another server holds.
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const before = await threads();
    try {
      await expect(startEmbeddedServiceThread({ data: { kind: 'directory', root: await tempDir() }, port })).rejects.toThrow(/EADDRINUSE/);
      expect(await threads()).toBeLessThanOrEqual(before);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

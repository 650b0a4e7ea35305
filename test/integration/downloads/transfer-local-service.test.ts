import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { createSnapshotTransfer } from '../../../electron/host/downloads/snapshot-transfer.ts';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { writeSourceSnapshot, type SourceSnapshot } from '../../support/snapshot-source.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const paidKey = 'mde-transfer-paid-2b7d41c9';
const hour = Date.UTC(2026, 2, 2, 10);

let clock = hour + 2 * 3_600_000;
let root: string;
let service: LocalService;
let client: MarketDataClient;
let source: SourceSnapshot;
const tempDir = useTempDirs();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mde-transfer-service-'));
  source = await writeSourceSnapshot(root, { source: 'hyperliquid', market: 'BTC', hour }, 3_000);
  service = await startEmbeddedService({ data: { kind: 'directory', root }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => clock, urlTtlSeconds: 600 } });
  client = new MarketDataClient({ baseUrl: service.baseUrl, apiKey: paidKey, now: () => clock });
});

afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

describe('transferSnapshot against the real local service and its download host', () => {
  it('lands a byte-identical, verified file with a keyed client, and the download host never sees Authorization', async () => {
    const folder = join(await tempDir(), 'library', 'hyperliquid', 'BTC', '2026-03-02');
    const destination = join(folder, `${source.key}.jsonl.zst`);
    const link = await client.snapshotDownloadLink(source.key);
    const progress: number[] = [];
    let verifying = 0;
    const result = await createSnapshotTransfer()({
      key: source.key,
      destination,
      url: link.url,
      refreshUrl: async (signal) => (await client.snapshotDownloadLink(source.key, { signal })).url,
      signal: new AbortController().signal,
      onProgress: (bytes) => progress.push(bytes),
      onVerifying: () => verifying++,
    });
    const landed = await readFile(destination);
    expect(createHash('sha256').update(landed).digest('hex')).toBe(source.sha256);
    expect(result).toEqual({ bytes: source.bytes.length, records: source.records, sha256: source.sha256 });
    expect(await readdir(folder)).toEqual([`${source.key}.jsonl.zst`]);
    expect(progress.at(-1)).toBe(source.bytes.length);
    expect(verifying).toBe(1);
    expect(service.downloadHost.requestsWithAuthorization).toEqual([]);
  });

  it('resumes a .part left by an earlier transfer with Range, and still lands the whole file verified', async () => {
    const folder = await tempDir();
    const destination = join(folder, `${source.key}.jsonl.zst`);
    const kept = Math.floor(source.bytes.length / 3);
    await writeFile(`${destination}.part`, source.bytes.subarray(0, kept));
    const progress: number[] = [];
    const result = await createSnapshotTransfer()({
      key: source.key,
      destination,
      url: (await client.snapshotDownloadLink(source.key)).url,
      refreshUrl: async () => (await client.snapshotDownloadLink(source.key)).url,
      signal: new AbortController().signal,
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(result.sha256).toBe(source.sha256);
    // The first figure is the part read back; the host then sent only the rest.
    expect(progress[0]).toBe(kept);
    expect(progress.every((bytes) => bytes >= kept)).toBe(true);
    expect(createHash('sha256').update(await readFile(destination)).digest('hex')).toBe(source.sha256);
  });

  it('an expired link (the service clock moved past it) is replaced through refreshUrl and the file lands', async () => {
    const folder = join(await tempDir(), 'nested');
    await mkdir(folder);
    const destination = join(folder, `${source.key}.jsonl.zst`);
    const stale = (await client.snapshotDownloadLink(source.key)).url;
    clock += 3_600_000;
    let refreshed = 0;
    const result = await createSnapshotTransfer()({
      key: source.key,
      destination,
      url: stale,
      refreshUrl: async (signal) => {
        refreshed++;
        return (await client.snapshotDownloadLink(source.key, { signal })).url;
      },
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    expect(refreshed).toBe(1);
    expect(result.sha256).toBe(source.sha256);
    expect(service.downloadHost.requestsWithAuthorization).toEqual([]);
  });
});

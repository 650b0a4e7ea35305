import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { writeSourceSnapshot, type SourceSnapshot } from '../../support/snapshot-source.ts';

const hour = Date.UTC(2026, 2, 2, 10);
let root: string;
let service: LocalService;
let source: SourceSnapshot;
let url: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mde-range-'));
  source = await writeSourceSnapshot(root, { source: 'hyperliquid', market: 'ETH', hour }, 800);
  service = await startEmbeddedService({ data: { kind: 'directory', root }, extra: { now: () => hour + 2 * 3_600_000 } });
  const client = new MarketDataClient({ baseUrl: service.baseUrl, now: () => hour + 2 * 3_600_000 });
  url = (await client.snapshotDownloadLink(source.key)).url;
});

afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

async function get(range?: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(url, range === undefined ? {} : { headers: { range } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('the download host answers Range like object storage', () => {
  it('a plain GET is 200 with the whole file and Accept-Ranges: bytes', async () => {
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.body.equals(source.bytes)).toBe(true);
  });

  it('bytes=N- is 206 with the tail and Content-Range N-(size-1)/size', async () => {
    const size = source.bytes.length;
    const from = 1234;
    const tail = await get(`bytes=${from}-`);
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${from}-${size - 1}/${size}`);
    expect(tail.headers.get('content-length')).toBe(String(size - from));
    expect(tail.body.equals(source.bytes.subarray(from))).toBe(true);
  });

  it('bytes=N-M is 206 with exactly that slice; an end past the file is clipped', async () => {
    const size = source.bytes.length;
    const slice = await get('bytes=100-199');
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(slice.body.equals(source.bytes.subarray(100, 200))).toBe(true);
    const clipped = await get(`bytes=${size - 5}-${size + 100}`);
    expect(clipped.headers.get('content-range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(clipped.body.equals(source.bytes.subarray(size - 5))).toBe(true);
  });

  it('a start at or past the end is 416 with Content-Range bytes */size', async () => {
    const size = source.bytes.length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-`]) {
      const refused = await get(range);
      expect(refused.status).toBe(416);
      expect(refused.headers.get('content-range')).toBe(`bytes */${size}`);
    }
  });

  it('a Range it does not understand is ignored: 200 with the whole file', async () => {
    const ignored = await get('bytes=1-2,5-6');
    expect(ignored.status).toBe(200);
    expect(ignored.body.equals(source.bytes)).toBe(true);
  });
});

import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogSidecarName, catalogSidecarPath, maxSidecarFieldLength, readCatalogSidecar, writeCatalogSidecar } from '../../electron/codec/layout/catalog-sidecar.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import { generateInProcess } from '../../electron/server/simulator/hour-generator.ts';
import { DemoStore, demoSeedFolder } from '../../electron/server/store/demo-store.ts';
import type { CatalogMarket, CatalogResponse } from '../../shared/rows/catalog.ts';
import { requestService } from './conformance/support/http.ts';
import { makeFifo, releaseFifoReaders } from '../support/fifo.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// The local service's own small files beside the data: a dataset's catalog sidecar, the folder's
// datasets.json, a demo hour's `.partial` marker. None may be a FIFO the service waits on forever,
// a device it reads without end, or a folder that turns every query on its hour into a 500.

const date = '2026-11-20';
const hour = Date.UTC(2026, 10, 20, 10);
const hourMs = 3_600_000;

function hourText(source: string, market: string): string {
  const envelope = (sequence: number, time: number) => ({ collector_timestamp: time, collector_sequence: sequence, exchange_timestamp: null, exchange_sequence: null, source, market });
  const metadata = { ...envelope(0, hour), type: 'metadata', data: { schema_version: 'v2', date, start_time: hour, end_time: hour + 3_599_999, event_count: 1 } };
  const trade = { ...envelope(1, hour + 1000), type: 'trade', data: { price: 100.5, quantity: 1, side: 'buy', order_id: null } };
  return `${[metadata, trade].map((row) => JSON.stringify(row)).join('\n')}\n`;
}

describe.runIf(process.platform !== 'win32')('the local service opens its small files only when they are regular files', () => {
  const tempDir = useTempDirs();
  const fifos: string[] = [];
  const fifo = (path: string): string => {
    fifos.push(makeFifo(path));
    return path;
  };
  // A regression that opened one blocking would hold a thread-pool thread: wake it.
  afterEach(() => releaseFifoReaders(fifos.splice(0)));

  it('a FIFO catalog sidecar and a FIFO datasets.json are passed over: the service starts and describes the dataset by its files', async () => {
    const root = await tempDir();
    const folder = join(root, 'data', 'standard', 'binance', 'BTC-USDT');
    await mkdir(join(folder, date), { recursive: true });
    await writeFile(join(folder, date, `standard-binance-BTC-USDT-${date}-10.jsonl.zst`), compressZstdFrame(new TextEncoder().encode(hourText('binance', 'BTC-USDT'))));
    const sidecar = fifo(join(folder, catalogSidecarName));
    const manifest = fifo(join(root, 'datasets.json'));
    const service = await startEmbeddedService({ data: { kind: 'directory', root }, extra: { now: () => hour + 2 * hourMs } });
    try {
      const body = (await requestService<CatalogResponse>(service.baseUrl, '/catalog', { query: { limit: 100 } })).body;
      expect(body.markets.map((market) => `${market.source}/${market.market}`)).toEqual(['binance/BTC-USDT']);
      expect(await readCatalogSidecar(sidecar, 'binance', 'BTC-USDT')).toBeNull();
      expect(existsSync(manifest)).toBe(true);
    } finally {
      await service.close();
    }
  });

  it('a catalog sidecar linked to /dev/zero is not read', async () => {
    const root = await tempDir();
    await symlink('/dev/zero', join(root, catalogSidecarName));
    expect(await readCatalogSidecar(join(root, catalogSidecarName), 'binance', 'BTC-USDT')).toBeNull();
  });

  it('a sidecar with a field of megabytes (a 50 MB symbol) is not taken, so /catalog stays small', async () => {
    const root = await tempDir();
    const entry: CatalogMarket = {
      source: 'binance',
      market: 'BTC-USDT',
      symbol: 'BTCUSDT',
      start: '2024-01-01T00:00:00.000Z',
      end: '2026-11-25T00:00:00.000Z',
      source_type: 'spot',
      categories: ['Spot'],
      access: { status: 'open', public_cutoff_date: null },
      instrument: { base: 'BTC', quote: 'USDT', tick_size: '0.01', lot_size: '0.00001', min_notional: '5' },
    };
    await writeCatalogSidecar(root, entry, hour);
    const path = catalogSidecarPath(root, 'binance', 'BTC-USDT');
    expect(await readCatalogSidecar(path, 'binance', 'BTC-USDT')).toEqual(entry);
    for (const symbol of ['x'.repeat(maxSidecarFieldLength + 1), 'x'.repeat(50 * 1024 * 1024)]) {
      await writeCatalogSidecar(root, { ...entry, symbol }, hour);
      expect(await readCatalogSidecar(path, 'binance', 'BTC-USDT')).toBeNull();
    }
    await writeCatalogSidecar(root, { ...entry, symbol: 'x'.repeat(maxSidecarFieldLength) }, hour);
    expect((await readCatalogSidecar(path, 'binance', 'BTC-USDT'))?.symbol).toHaveLength(maxSidecarFieldLength);
  });

  describe('a demo hour\'s .partial marker', () => {
    const now = Date.UTC(2026, 11, 1, 10, 30);
    const dataset = { source: 'hyperliquid', market: 'BTC' } as const;

    async function liveHourOnDisk(dir: string): Promise<{ marker: string; store: () => DemoStore }> {
      const store = (): DemoStore => new DemoStore({ dataDir: dir, seed: 5, now: () => now, historyDays: 1, generate: generateInProcess });
      const first = store();
      await first.open();
      const [live] = await first.hours(dataset.source, dataset.market, now, now + 1);
      if (live === undefined) throw new Error('no live hour');
      await first.file(live);
      const marker = join(dir, demoSeedFolder(5), dataset.source, dataset.market, live.date, `${live.key}.jsonl.zst.partial`);
      expect(existsSync(marker)).toBe(true);
      return { marker, store };
    }

    it('as a FIFO is never opened: a restarted store reads the hour', async () => {
      const dir = await tempDir();
      const { marker, store } = await liveHourOnDisk(dir);
      await rm(marker);
      fifo(marker);
      const restarted = store();
      await restarted.open();
      const [live] = await restarted.hours(dataset.source, dataset.market, now, now + 1);
      if (live === undefined) throw new Error('no live hour');
      const read = await restarted.readHour(live, new Set(['trade']));
      expect(read.records.length).toBeGreaterThan(0);
    });

    it.each([
      ['a bare time, as markers once were', (_file: Uint8Array, end: number) => String(end)],
      ['this file\'s length and sha256 with a time after now', (file: Uint8Array, end: number) => `${end} ${file.length} ${createHash('sha256').update(file).digest('hex')}`],
    ])('that lies about where the live version ends (%s) hides no rows: a restarted store serves what a fresh one does', async (_name, forge) => {
      const dir = await tempDir();
      const { marker } = await liveHourOnDisk(dir);
      // Forged: the version written at 10:30 claims to reach the end of the hour, and is dated before the file.
      const hourStart = now - (now % hourMs);
      await writeFile(marker, forge(await readFile(marker.slice(0, -'.partial'.length)), hourStart + hourMs));
      await utimes(marker, new Date(now - hourMs), new Date(now - hourMs));
      const later = now + 60_000;
      const restarted = new DemoStore({ dataDir: dir, seed: 5, now: () => later, historyDays: 1, generate: generateInProcess });
      const control = new DemoStore({ dataDir: await tempDir(), seed: 5, now: () => later, historyDays: 1, generate: generateInProcess });
      const trades = async (store: DemoStore): Promise<number> => {
        await store.open();
        const [live] = await store.hours(dataset.source, dataset.market, later, later + 1);
        if (live === undefined) throw new Error('no live hour');
        return (await store.readHour(live, new Set(['trade']))).records.length;
      };
      const expected = await trades(control);
      expect(expected).toBeGreaterThan(0);
      expect(await trades(restarted)).toBe(expected);
    });

    it.each([
      ['the live hour', now],
      ['an ended hour', now - hourMs],
    ])('as a folder does not fail reads of %s', async (_name, at) => {
      const dir = await tempDir();
      const store = new DemoStore({ dataDir: dir, seed: 5, now: () => now, historyDays: 1, generate: generateInProcess });
      await store.open();
      const [ref] = await store.hours(dataset.source, dataset.market, at, at + 1);
      if (ref === undefined) throw new Error('no hour');
      const folder = join(dir, demoSeedFolder(5), dataset.source, dataset.market, ref.date);
      await mkdir(join(folder, `${ref.key}.jsonl.zst.partial`), { recursive: true });
      const read = await store.readHour(ref, new Set(['trade']));
      expect(read.records.length).toBeGreaterThan(0);
      // Read again (the marker still a folder): served, not failed.
      expect((await store.readHour(ref, new Set(['trade']))).records.length).toBe(read.records.length);
    });
  });
});

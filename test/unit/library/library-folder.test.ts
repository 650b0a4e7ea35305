import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHourFile } from '../../../electron/server/store/decode-hour-file.ts';
import { DirectoryStore, type HourDecoder } from '../../../electron/server/store/directory-store.ts';
import { listFolderHours } from '../../../electron/server/store/snapshot-folder-layout.ts';
import { libraryRootOf } from '../../../electron/host/library/library-root.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { fixtureText } from '../snapshot/decode-helpers.ts';

// Which files of a library folder are served: both layouts (the public tool's `data/standard/…`
// and the flat one), never a `.part`, the `exports/` folder or a name that is not a snapshot key.

const tempDir = useTempDirs();
const fixtureBytes = (): Uint8Array => compressZstdFrame(new TextEncoder().encode(fixtureText('v2-book-trades.jsonl')));

async function put(root: string, relative: string, bytes: Uint8Array = fixtureBytes()): Promise<string> {
  const path = join(root, relative);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, bytes);
  return path;
}

const key = (source: string, market: string, date: string, hour: string) => `standard-${source}-${market}-${date}-${hour}`;
const publicTool = (source: string, market: string, date: string, hour: string) => `data/standard/${source}/${market}/${date}/${key(source, market, date, hour)}.jsonl.zst`;
const flat = (source: string, market: string, date: string, hour: string) => `${source}/${market}/${date}/${key(source, market, date, hour)}.jsonl.zst`;

describe('library folder layouts', () => {
  it('serves files of both layouts, each at its hour, with its size', async () => {
    const root = await tempDir();
    const a = await put(root, publicTool('aster', 'ETH-USDT', '2024-06-01', '00'));
    const b = await put(root, flat('hyperliquid', 'BTC', '2024-06-02', '13'), new Uint8Array([1, 2, 3]));
    const listing = await listFolderHours(root);
    const byKey = new Map(listing.files.map((file) => [file.key, file]));
    expect([...byKey.keys()].sort()).toEqual([key('aster', 'ETH-USDT', '2024-06-01', '00'), key('hyperliquid', 'BTC', '2024-06-02', '13')]);
    expect(byKey.get(key('aster', 'ETH-USDT', '2024-06-01', '00'))).toMatchObject({ path: a, source: 'aster', market: 'ETH-USDT', hour: 0, hourStart: Date.UTC(2024, 5, 1, 0) });
    expect(byKey.get(key('hyperliquid', 'BTC', '2024-06-02', '13'))).toMatchObject({ path: b, bytes: 3, hourStart: Date.UTC(2024, 5, 2, 13) });
    expect(listing).toMatchObject({ exists: true, ignored: 0, partial: 0 });
  });

  it('leaves out .part files, the exports folder, hidden folders and names that are no snapshot key', async () => {
    const root = await tempDir();
    await put(root, publicTool('aster', 'ETH-USDT', '2024-06-01', '00'));
    await put(root, `${publicTool('aster', 'ETH-USDT', '2024-06-01', '01')}.part`);
    await put(root, `${flat('aster', 'ETH-USDT', '2024-06-01', '02')}.part`);
    await put(root, `exports/${flat('aster', 'ETH-USDT', '2024-06-01', '03')}`);
    await put(root, `.trash/${flat('aster', 'ETH-USDT', '2024-06-01', '04')}`);
    await put(root, 'aster/ETH-USDT/2024-06-01/notes.jsonl.zst');
    await put(root, 'aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-24.jsonl.zst');
    await put(root, 'aster/ETH-USDT/2024-06-01/readme.txt');
    const listing = await listFolderHours(root);
    expect(listing.files.map((file) => file.key)).toEqual([key('aster', 'ETH-USDT', '2024-06-01', '00')]);
    expect(listing.partial).toBe(2);
    expect(listing.ignored).toBe(2); // notes, hour 24
  });

  it('leaves out a key filed under another dataset or date folder', async () => {
    const root = await tempDir();
    await put(root, `aster/BTC-USDT/2024-06-01/${key('aster', 'ETH-USDT', '2024-06-01', '05')}.jsonl.zst`);
    await put(root, `data/standard/aster/ETH-USDT/2024-06-02/${key('aster', 'ETH-USDT', '2024-06-01', '06')}.jsonl.zst`);
    await put(root, `loose/${key('aster', 'ETH-USDT', '2024-06-01', '07')}.jsonl.zst`);
    const listing = await listFolderHours(root);
    expect(listing.files).toEqual([]);
    expect(listing.ignored).toBe(3);
  });

  it('serves the public tool copy when one key is in both layouts', async () => {
    const root = await tempDir();
    await put(root, flat('aster', 'ETH-USDT', '2024-06-01', '00'), new Uint8Array([9]));
    const preferred = await put(root, publicTool('aster', 'ETH-USDT', '2024-06-01', '00'));
    const listing = await listFolderHours(root);
    expect(listing.files.map((file) => file.path)).toEqual([preferred]);
    expect(listing.ignored).toBe(1);
  });

  it('serves a file named with the SDKs\' HHMMSS time under its canonical key, and the canonical spelling when both are there', async () => {
    const root = await tempDir();
    const sdk = await put(root, publicTool('binance', 'BTC-USDT', '2024-01-01', '000000'));
    const late = await put(root, publicTool('binance', 'BTC-USDT', '2024-01-01', '130000'), new Uint8Array([1]));
    const canonical = await put(root, publicTool('binance', 'BTC-USDT', '2024-01-01', '13'), new Uint8Array([2, 2]));
    const listing = await listFolderHours(root);
    const byKey = new Map(listing.files.map((file) => [file.key, file]));
    expect([...byKey.keys()].sort()).toEqual([key('binance', 'BTC-USDT', '2024-01-01', '00'), key('binance', 'BTC-USDT', '2024-01-01', '13')]);
    expect(byKey.get(key('binance', 'BTC-USDT', '2024-01-01', '00'))).toMatchObject({ path: sdk, hour: 0, hourStart: Date.UTC(2024, 0, 1, 0) });
    expect(byKey.get(key('binance', 'BTC-USDT', '2024-01-01', '13'))).toMatchObject({ path: canonical, bytes: 2, hour: 13 });
    expect(late).not.toBe(canonical);
    expect(listing.ignored).toBe(1); // the 130000 copy of hour 13
  });

  it('lists a whole-day file (no time in its key) as a day of its dataset', async () => {
    const root = await tempDir();
    const day = await put(root, 'data/standard/lighter/BTC-USD/2026-11-24/standard-lighter-BTC-USD-2026-11-24.jsonl.zst', new Uint8Array([1, 2, 3, 4]));
    const listing = await listFolderHours(root);
    expect(listing.files).toEqual([]);
    expect(listing.days).toEqual([{ source: 'lighter', market: 'BTC-USD', date: '2026-11-24', dayStart: Date.UTC(2026, 10, 24), key: 'standard-lighter-BTC-USD-2026-11-24', path: day, bytes: 4 }]);
    expect(listing.ignored).toBe(0);
  });

  it('says a missing folder does not exist, and lists nothing', async () => {
    const root = join(await tempDir(), 'not-made');
    expect(await listFolderHours(root)).toEqual({ exists: false, files: [], days: [], ignored: 0, partial: 0 });
  });

  it('the library root is the setting, or library/ in the user-data folder when unset', () => {
    expect(libraryRootOf({ libraryRoot: '/data/md' }, '/home/u/.config/mde')).toBe('/data/md');
    expect(libraryRootOf({ libraryRoot: null }, '/home/u/.config/mde')).toBe(join('/home/u/.config/mde', 'library'));
  });
});

describe('DirectoryStore over a library', () => {
  it('infers a dataset per (source, market) found, unless datasets.json describes it, and counts what it holds', async () => {
    const root = await tempDir();
    await put(root, publicTool('aster', 'ETH-USDT', '2024-06-01', '00'));
    await put(root, publicTool('aster', 'ETH-USDT', '2024-06-01', '01'), new Uint8Array(10));
    await put(root, flat('hyperliquid', 'BTC', '2024-06-02', '13'), new Uint8Array(5));
    const described = { source: 'hyperliquid', market: 'BTC', symbol: 'BTC-PERP', sourceType: 'exchange', categories: ['perpetual'], terms: { base: 'BTC', quote: 'USD', tick_size: null, lot_size: null, min_notional: null }, access: { status: 'open', publicCutoffDate: null, gate: 'none' } };
    await writeFile(join(root, 'datasets.json'), JSON.stringify({ datasets: [described] }));
    const store = new DirectoryStore(root, decodeHourFile);
    await store.scan();
    const datasets = [...store.datasets()].sort((a, b) => a.source.localeCompare(b.source));
    expect(datasets.map((d) => [d.source, d.market, d.symbol])).toEqual([
      ['aster', 'ETH-USDT', 'ETHUSDT'],
      ['hyperliquid', 'BTC', 'BTC-PERP'],
    ]);
    const fixtureSize = fixtureBytes().length;
    expect(store.contents()).toEqual({ exists: true, files: 3, datasets: 2, bytes: fixtureSize + 10 + 5, ignored: 0, partial: 0 });
    expect(await store.coverage('aster', 'ETH-USDT')).toEqual({ start: Date.UTC(2024, 5, 1, 0), end: Date.UTC(2024, 5, 1, 2) });
  });

  it('a whole-day file keeps its market in the catalog and serves all 24 hours; hour files of that day are second copies', async () => {
    const root = await tempDir();
    await put(root, 'lighter/BTC-USD/2026-11-24/standard-lighter-BTC-USD-2026-11-24.jsonl.zst', new Uint8Array(48));
    await put(root, flat('lighter', 'BTC-USD', '2026-11-24', '05'), new Uint8Array(3));
    await put(root, flat('lighter', 'BTC-USD', '2026-11-25', '000000'), new Uint8Array(5));
    const store = new DirectoryStore(root, decodeHourFile);
    await store.scan();
    expect(store.datasets().map((dataset) => `${dataset.source}/${dataset.market}`)).toEqual(['lighter/BTC-USD']);
    expect(await store.coverage('lighter', 'BTC-USD')).toEqual({ start: Date.UTC(2026, 10, 24), end: Date.UTC(2026, 10, 25, 1) });
    const hours = await store.hours('lighter', 'BTC-USD', Date.UTC(2026, 10, 24), Date.UTC(2026, 10, 26));
    expect(hours.map((hour) => hour.key)).toEqual([...Array.from({ length: 24 }, (_, h) => key('lighter', 'BTC-USD', '2026-11-24', String(h).padStart(2, '0'))), key('lighter', 'BTC-USD', '2026-11-25', '00')]);
    expect(hours.slice(0, 24).every((hour) => hour.dayFile?.key === 'standard-lighter-BTC-USD-2026-11-24' && hour.dayFile.bytes === 48)).toBe(true);
    expect(store.contents()).toEqual({ exists: true, files: 2, datasets: 1, bytes: 53, ignored: 1, partial: 0 });
    // Any spelling finds its hour; a day key finds the day file's first hour.
    expect(await store.hourByKey('standard-lighter-BTC-USD-2026-11-25-000000')).toMatchObject({ key: key('lighter', 'BTC-USD', '2026-11-25', '00') });
    expect(await store.hourByKey('standard-lighter-BTC-USD-2026-11-24')).toMatchObject({ hour: 0, dayFile: { key: 'standard-lighter-BTC-USD-2026-11-24' } });
  });

  it('a legacy whole-day file (no header, µs timestamps) serves each hour its rows, in line order', async () => {
    const root = await tempDir();
    const day = Date.UTC(2026, 10, 24);
    const at = (hour: number, minute: number): number => (day + hour * 3_600_000 + minute * 60_000) * 1000;
    const rows = [
      { timestamp: at(3, 1), type: 'orderbook', data: { bids: [[10, 1]], asks: [[11, 1]] } },
      { timestamp: at(3, 59), type: 'trade', data: { price: 10.5, quantity: 1, side: 'buy' } },
      { timestamp: at(5, 0), type: 'orderbook_delta', data: { bids: [[10, 2]], asks: [] } },
      { timestamp: at(4, 59), type: 'trade', data: { price: 10.25, quantity: 2, side: 'sell' } },
      { timestamp: at(5, 30), type: 'trade', data: { price: 10.75, quantity: 3, side: 'buy' } },
    ].map((row) => JSON.stringify({ ...row, source: 'lighter', market: 'ETH-USD' }));
    await put(root, 'lighter/ETH-USD/2026-11-24/standard-lighter-ETH-USD-2026-11-24.jsonl.zst', compressZstdFrame(new TextEncoder().encode(`${rows.join('\n')}\n`)));
    const store = new DirectoryStore(root, decodeHourFile);
    await store.scan();
    const hours = await store.hours('lighter', 'ETH-USD', day, day + 86_400_000);
    const linesOf = async (hour: number): Promise<number[]> => {
      const ref = hours[hour];
      if (ref === undefined) throw new Error(`no hour ${hour}`);
      return [...(await store.readHour(ref)).records].map((record) => record.line);
    };
    expect(await linesOf(3)).toEqual([1, 2]);
    expect(await linesOf(4)).toEqual([]);
    // The row stamped 04:59 arrived after one of 05:00: it stays in line order, with hour 5.
    expect(await linesOf(5)).toEqual([3, 4, 5]);
    expect(await linesOf(6)).toEqual([]);
  });

  it('a rescan finds a file that landed and drops one deleted, while a read under way finishes and unchanged hours stay decoded', async () => {
    const root = await tempDir();
    const decodes: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holdNext = true;
    const decode: HourDecoder = async (path, lineTypes) => {
      decodes.push(path);
      if (holdNext) {
        holdNext = false;
        await gate;
      }
      return decodeHourFile(path, lineTypes);
    };
    const kept = await put(root, publicTool('aster', 'ETH-USDT', '2024-06-01', '00'));
    const removed = await put(root, publicTool('aster', 'ETH-USDT', '2024-06-01', '01'));
    const store = new DirectoryStore(root, decode);
    await store.scan();
    const hours = await store.hours('aster', 'ETH-USDT', Date.UTC(2024, 5, 1), Date.UTC(2024, 5, 1, 2));
    expect(hours.map((hour) => hour.hour)).toEqual([0, 1]);
    const [first] = hours;
    if (first === undefined) throw new Error('no first hour');
    // A read starts, a file lands and another is deleted, the store rescans; then the read ends.
    const reading = store.readHour(first);
    await rm(removed);
    await put(root, flat('aster', 'ETH-USDT', '2024-06-01', '02'));
    await store.scan();
    release();
    const decoded = await reading;
    expect([...decoded.records].filter((record) => record.type === 'trade')).toHaveLength(3);
    expect((await store.hours('aster', 'ETH-USDT', Date.UTC(2024, 5, 1), Date.UTC(2024, 5, 1, 3))).map((hour) => hour.hour)).toEqual([0, 2]);
    expect(await store.hourByKey(key('aster', 'ETH-USDT', '2024-06-01', '01'))).toBeNull();
    // The unchanged hour is served from the cache, also after another rescan: no second decode.
    await store.readHour(first);
    // While a rescan reads the folder, the index it replaces still answers.
    const rescanning = store.scan();
    await expect(store.file(first)).resolves.toMatchObject({ key: first.key, path: kept });
    await rescanning;
    await store.readHour(first);
    expect(decodes).toEqual([kept]);
  });
});

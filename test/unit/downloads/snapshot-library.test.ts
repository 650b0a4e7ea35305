import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryPathOf } from '../../../electron/codec/layout/library-layout.ts';
import { SnapshotLibrary } from '../../../electron/host/library/snapshot-library.ts';
import type { LibraryIndex } from '../../../shared/contract/library-schemas.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const temp = useTempDirs();

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** A library laid out by hand as the public tool syncs it, plus things that are not files of it. */
async function handLaidLibrary(root: string): Promise<void> {
  const day = join(root, 'data', 'standard', 'binance', 'BTC-USDT', '2026-01-05');
  await put(join(day, 'standard-binance-BTC-USDT-2026-01-05-01.jsonl.zst'), 'b'.repeat(11));
  await put(join(day, 'standard-binance-BTC-USDT-2026-01-05-00.jsonl.zst'), 'a'.repeat(10));
  // A download the tool had not finished, its temporary file, a stray name, a key in the wrong folder.
  await put(join(day, 'standard-binance-BTC-USDT-2026-01-05-02.jsonl.zst.part'), 'c'.repeat(5));
  await put(join(day, '.standard-binance-BTC-USDT-2026-01-05-03.jsonl.zst.tmp'), 'd');
  await put(join(day, 'notes.txt'), 'e');
  await put(join(root, 'data', 'standard', 'binance', 'BTC-USDT', '2026-01-06', 'standard-binance-BTC-USDT-2026-01-05-04.jsonl.zst'), 'f');
  // A folder named like a file is not one.
  await mkdir(join(day, 'standard-binance-BTC-USDT-2026-01-05-05.jsonl.zst'), { recursive: true });
  // The flat layout, and a key present in both (listed once, from the standard layout).
  await put(join(root, 'deribit', 'ETH', '2026-01-04', 'standard-deribit-ETH-2026-01-04-23.jsonl.zst'), 'g'.repeat(7));
  await put(join(root, 'binance', 'BTC-USDT', '2026-01-05', 'standard-binance-BTC-USDT-2026-01-05-00.jsonl.zst'), 'h'.repeat(3));
  await put(join(root, 'exports', 'trades.csv'), 'x');
}

function summary(index: LibraryIndex): unknown {
  return index.datasets.map((dataset) => ({ id: `${dataset.source}/${dataset.market}`, bytes: dataset.bytes, files: dataset.files.map((file) => [file.key, file.date, file.hour, file.bytes, file.layout]) }));
}

describe('the snapshot library', () => {
  it('opens a library synced by the public tool as it is, and never lists partial or foreign files', async () => {
    const userData = await temp();
    const root = join(userData, 'synced');
    await handLaidLibrary(root);
    const counted: string[] = [];
    const library = new SnapshotLibrary({
      root: () => Promise.resolve(root),
      countsPath: join(userData, 'library-index.json'),
      count: (path) => {
        counted.push(path);
        return Promise.resolve(path.endsWith('-01.jsonl.zst') ? 42 : null);
      },
      freeBytes: () => Promise.resolve(1234),
    });
    const index = await library.index();
    expect(summary(index)).toEqual([
      {
        id: 'binance/BTC-USDT',
        bytes: 21,
        files: [
          ['standard-binance-BTC-USDT-2026-01-05-00', '2026-01-05', 0, 10, 'standard'],
          ['standard-binance-BTC-USDT-2026-01-05-01', '2026-01-05', 1, 11, 'standard'],
        ],
      },
      { id: 'deribit/ETH', bytes: 7, files: [['standard-deribit-ETH-2026-01-04-23', '2026-01-04', 23, 7, 'flat']] },
    ]);
    expect(index).toMatchObject({ root, bytes: 28, freeBytes: 1234 });
    expect(index.datasets.flatMap((dataset) => dataset.files.map((file) => file.records))).toEqual([null, null, null]);
    await library.countsIdle();
    const counts = (await library.index()).datasets.flatMap((dataset) => dataset.files.map((file) => file.records));
    expect(counts).toEqual([null, 42, null]);
    // A failed count is not tried again while the file is unchanged; a known one is never redone.
    await library.countsIdle();
    expect(counted).toHaveLength(3);
    const cached: unknown = JSON.parse(await readFile(join(userData, 'library-index.json'), 'utf8'));
    expect(cached).toMatchObject({ files: { [join(root, 'data', 'standard', 'binance', 'BTC-USDT', '2026-01-05', 'standard-binance-BTC-USDT-2026-01-05-01.jsonl.zst')]: { bytes: 11, records: 42 } } });
    // A new process reads the counts back without decoding.
    const reopened = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'library-index.json'), count: () => Promise.reject(new Error('must not count')) });
    expect((await reopened.index()).datasets[0]?.files[1]?.records).toBe(42);
  });

  it('recounts a file whose size changed', async () => {
    const userData = await temp();
    const root = join(userData, 'library');
    const path = libraryPathOf(root, 'standard-demo-BTC-2026-01-01-00');
    await put(path, 'one');
    let records = 1;
    const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(records) });
    await library.index();
    await library.countsIdle();
    await writeFile(path, 'one more');
    records = 2;
    await library.index();
    await library.countsIdle();
    expect((await library.index()).datasets[0]?.files[0]?.records).toBe(2);
  });

  it('follows the root it is given on every call', async () => {
    const userData = await temp();
    let root = join(userData, 'a');
    await put(libraryPathOf(root, 'standard-demo-BTC-2026-01-01-00'), 'x');
    const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(0) });
    expect((await library.index()).datasets).toHaveLength(1);
    root = join(userData, 'b');
    expect(await library.index()).toMatchObject({ root, datasets: [], bytes: 0 });
    await library.close();
  });

  it('deletes by key in every layout, removing emptied date folders and nothing outside the root', async () => {
    const userData = await temp();
    const root = join(userData, 'library');
    await handLaidLibrary(root);
    const outside = join(userData, 'outside.jsonl.zst');
    await writeFile(outside, 'keep');
    const changes: LibraryIndex[] = [];
    const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(0), onChanged: (index) => changes.push(index) });
    const index = await library.delete(['standard-deribit-ETH-2026-01-04-23', 'standard-binance-BTC-USDT-2026-01-05-00', 'standard-binance-BTC-USDT-2026-01-09-00']);
    expect(summary(index)).toEqual([{ id: 'binance/BTC-USDT', bytes: 11, files: [['standard-binance-BTC-USDT-2026-01-05-01', '2026-01-05', 1, 11, 'standard']] }]);
    expect(existsSync(join(root, 'deribit', 'ETH', '2026-01-04'))).toBe(false);
    expect(existsSync(join(root, 'binance', 'BTC-USDT', '2026-01-05'))).toBe(false);
    // The standard day folder still holds a file (and a .part): it stays.
    expect(existsSync(join(root, 'data', 'standard', 'binance', 'BTC-USDT', '2026-01-05', 'standard-binance-BTC-USDT-2026-01-05-02.jsonl.zst.part'))).toBe(true);
    expect(changes).toHaveLength(1);
    await expect(library.delete(['standard-x-..-2026-01-01-00'])).rejects.toThrow(/cannot be a folder/);
    await expect(library.delete(['../../outside'])).rejects.toThrow(/not a standard snapshot key/);
    expect(await readFile(outside, 'utf8')).toBe('keep');
    await library.close();
  });

  it('refuses names that would leave the root: "..", "/", NUL', () => {
    const root = '/library';
    expect(libraryPathOf(root, 'standard-demo-BTC-2026-01-01-07')).toBe('/library/data/standard/demo/BTC/2026-01-01/standard-demo-BTC-2026-01-01-07.jsonl.zst');
    expect(libraryPathOf(root, 'standard-demo-BTC-2026-01-01-07', 'flat')).toBe('/library/demo/BTC/2026-01-01/standard-demo-BTC-2026-01-01-07.jsonl.zst');
    expect(() => libraryPathOf(root, 'standard-demo-..-2026-01-01-07')).toThrow(/market "\.\." cannot be a folder/);
    expect(() => libraryPathOf(root, 'standard-demo-a/../../etc-2026-01-01-07')).toThrow(/cannot be a folder/);
    expect(() => libraryPathOf(root, 'standard-demo-a\0b-2026-01-01-07')).toThrow(/market "a\\0b" cannot be a folder.*or NUL/);
    expect(() => libraryPathOf(root, 'standard-demo-BTC-2026-01-01-07.jsonl.zst')).toThrow(/not a standard snapshot key/);
  });

  it('does not follow a symlinked file out of the root into the index as a snapshot', async () => {
    const userData = await temp();
    const root = join(userData, 'library');
    const day = join(root, 'data', 'standard', 'demo', 'BTC', '2026-01-01');
    await mkdir(day, { recursive: true });
    await symlink(join(userData, 'elsewhere'), join(day, 'standard-demo-BTC-2026-01-01-00.jsonl.zst'));
    const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(0) });
    expect((await library.index()).datasets).toEqual([]);
    await library.close();
  });
});

describe('the library and the key spellings of the real tools', () => {
  const day = (root: string) => join(root, 'data', 'standard', 'binance', 'BTC-USDT', '2024-01-01');
  const dayFile = (root: string) => join(root, 'data', 'standard', 'lighter', 'BTC-USD', '2026-11-24', 'standard-lighter-BTC-USD-2026-11-24.jsonl.zst');

  async function library(root: string, userData: string): Promise<SnapshotLibrary> {
    await put(join(day(root), 'standard-binance-BTC-USDT-2024-01-01-000000.jsonl.zst'), 'a'.repeat(6));
    await put(dayFile(root), 'd'.repeat(24));
    return new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(null) });
  }

  it('lists an HHMMSS file and a whole-day file under the names they have, and knows the hours they cover', async () => {
    const userData = await temp();
    const root = join(userData, 'library');
    const lib = await library(root, userData);
    const index = await lib.index();
    expect(index.datasets.map((dataset) => dataset.files.map((file) => [file.key, file.date, file.hour, file.span ?? 'hour', file.bytes]))).toEqual([
      [['standard-binance-BTC-USDT-2024-01-01-000000', '2024-01-01', 0, 'hour', 6]],
      [['standard-lighter-BTC-USD-2026-11-24', '2026-11-24', 0, 'day', 24]],
    ]);
    const keys = await lib.keys();
    expect(keys.has('standard-binance-BTC-USDT-2024-01-01-00')).toBe(true);
    expect(keys.has('standard-lighter-BTC-USD-2026-11-24')).toBe(true);
    for (let hour = 0; hour < 24; hour++) expect(keys.has(`standard-lighter-BTC-USD-2026-11-24-${String(hour).padStart(2, '0')}`)).toBe(true);
    expect(keys.has('standard-lighter-BTC-USD-2026-11-25-00')).toBe(false);
    await lib.close();
  });

  it('finds a key held under another spelling or in the day file, lands downloads under the canonical name, and deletes a file by the name it has', async () => {
    const userData = await temp();
    const root = join(userData, 'library');
    const lib = await library(root, userData);
    const sdkFile = join(day(root), 'standard-binance-BTC-USDT-2024-01-01-000000.jsonl.zst');
    expect(await lib.pathOf('standard-binance-BTC-USDT-2024-01-01-00')).toBe(sdkFile);
    expect(await lib.pathOf('standard-binance-BTC-USDT-2024-01-01-000000')).toBe(sdkFile);
    expect(await lib.pathOf('standard-lighter-BTC-USD-2026-11-24-17')).toBe(dayFile(root));
    expect(await lib.pathOf('standard-binance-BTC-USDT-2024-01-01-01')).toBeNull();
    expect(await lib.destinationOf('standard-binance-BTC-USDT-2024-01-01-010000')).toBe(join(day(root), 'standard-binance-BTC-USDT-2024-01-01-01.jsonl.zst'));
    const after = await lib.delete(['standard-binance-BTC-USDT-2024-01-01-000000']);
    expect(existsSync(sdkFile)).toBe(false);
    expect(after.datasets.map((dataset) => dataset.market)).toEqual(['BTC-USD']);
    // The calendar deletes by the listing's (canonical) key: the file of that hour goes whatever its spelling.
    const other = join(day(root), 'standard-binance-BTC-USDT-2024-01-01-020000.jsonl.zst');
    await put(other, 'b');
    await lib.delete(['standard-binance-BTC-USDT-2024-01-01-02']);
    expect(existsSync(other)).toBe(false);
    // An hour key never deletes the whole-day file that holds the hour; the day key does.
    await lib.delete(['standard-lighter-BTC-USD-2026-11-24-05']);
    expect(existsSync(dayFile(root))).toBe(true);
    await lib.delete(['standard-lighter-BTC-USD-2026-11-24']);
    expect(existsSync(dayFile(root))).toBe(false);
    await lib.close();
  });
});

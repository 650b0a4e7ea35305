import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportStem, filesNameParts, freeExportPath, nameStamp } from '../../../electron/host/export/export-file-name.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// Default export names (F14 point 11): by source, market, range and types; filesystem-safe,
// deterministic, never an existing file. Expected names are written out by hand.

const temp = useTempDirs();

describe('export names', () => {
  it('stamps an instant to the minute, or to the second or millisecond when it has them', () => {
    expect(nameStamp(Date.UTC(2026, 10, 25, 1, 0))).toBe('2026-11-25T0100Z');
    expect(nameStamp(Date.UTC(2026, 10, 25, 1, 0, 5))).toBe('2026-11-25T010005Z');
    expect(nameStamp(Date.UTC(2026, 10, 25, 23, 59, 59, 250))).toBe('2026-11-25T235959.250Z');
  });

  it('names a library range by its dataset, range and types, in the columns’ order', () => {
    const range = { start: Date.UTC(2026, 10, 25, 1), end: Date.UTC(2026, 10, 25, 7) };
    expect(exportStem({ datasets: ['binance-BTCUSDT'], range, types: ['orderbook', 'trade'] })).toBe('binance-BTCUSDT-2026-11-25T0100Z-2026-11-25T0700Z-trade+orderbook');
    expect(exportStem({ datasets: ['binance-BTCUSDT'], range, types: [] })).toBe('binance-BTCUSDT-2026-11-25T0100Z-2026-11-25T0700Z-all');
  });

  it('names files by the hours their keys name, first hour’s start to last hour’s end, whatever the order given', () => {
    const paths = ['/lib/x/standard-binance-BTC-USDT-2026-11-25-06.jsonl.zst', '/lib/x/standard-binance-BTC-USDT-2026-11-25-01.jsonl.zst', '/lib/y/standard-binance-BTC-USDT-2026-11-25-03.jsonl.zst'];
    expect(exportStem(filesNameParts(paths, ['trade']))).toBe('binance-BTC-USDT-2026-11-25T0100Z-2026-11-25T0700Z-trade');
    // Two datasets: both named, sorted, joined by +.
    const mixed = ['/a/standard-lighter-ETH-USD-2026-11-24-23.jsonl.zst', '/a/standard-aster-ETH-USDT-2026-11-25-00.jsonl.zst'];
    expect(exportStem(filesNameParts(mixed, []))).toBe('aster-ETH-USDT+lighter-ETH-USD-2026-11-24T2300Z-2026-11-25T0100Z-all');
  });

  it('names a file that is not named by a key by its own name, made safe, with no range', () => {
    expect(exportStem(filesNameParts(['/home/me/my capture (1).jsonl.zst'], ['trade']))).toBe('my_capture_1_-trade');
    expect(exportStem(filesNameParts(['/tmp/..hidden.jsonl.zst'], []))).toBe('_hidden-all');
    const long = exportStem({ datasets: ['x'.repeat(400)], range: null, types: [] });
    expect(long).toHaveLength(200);
    expect(long).not.toMatch(/[/\\\0 ]/);
  });

  it('never picks an existing file or one being written: -2, -3 … after it', async () => {
    const folder = await temp();
    expect(await freeExportPath(join(folder, 'exports'), 'a-all', 'csv')).toBe(join(folder, 'exports', 'a-all.csv'));
    await mkdir(join(folder, 'exports'));
    await writeFile(join(folder, 'exports', 'a-all.csv'), 'earlier');
    expect(await freeExportPath(join(folder, 'exports'), 'a-all', 'csv')).toBe(join(folder, 'exports', 'a-all-2.csv'));
    await writeFile(join(folder, 'exports', 'a-all-2.csv.part'), 'being written');
    expect(await freeExportPath(join(folder, 'exports'), 'a-all', 'csv')).toBe(join(folder, 'exports', 'a-all-3.csv'));
    // Another format is another name.
    expect(await freeExportPath(join(folder, 'exports'), 'a-all', 'parquet')).toBe(join(folder, 'exports', 'a-all.parquet'));
  });
});

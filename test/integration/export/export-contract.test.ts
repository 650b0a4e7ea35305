import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractErrorShape, ContractResult } from '../../../shared/contract/errors.ts';
import type { ExportEnded } from '../../../shared/contract/library-schemas.ts';
import { dispatch } from '../../../electron/host/contract/dispatch.ts';
import { createMainServices, type MainServices } from '../../../electron/host/main-services.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const hour = Date.UTC(2024, 5, 1, 0);

/** A v2 hour file of `count` trades, one every 10 ms from the hour's start; prices are the trade's index. */
function tradeHour(count: number): Uint8Array {
  const lines = [{ collector_timestamp: hour, collector_sequence: 0, source: 'aster', market: 'ETH-USDT', type: 'metadata', data: { schema_version: 'v2' } }];
  for (let i = 0; i < count; i++) {
    lines.push({ collector_timestamp: hour + i * 10, collector_sequence: i + 1, source: 'aster', market: 'ETH-USDT', type: 'trade', data: { price: i, quantity: 1, side: 'buy' } } as never);
  }
  return compressZstdFrame(new TextEncoder().encode(lines.map((line) => JSON.stringify(line)).join('\n')));
}

describe('export.start and export.cancel', () => {
  const tempDir = useTempDirs();
  const running: MainServices[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((services) => services.close()));
  });

  const start = async (): Promise<{ services: MainServices; root: string }> => {
    const services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
    running.push(services);
    const root = await tempDir();
    await services.settings.update({ libraryRoot: root });
    return { services, root };
  };
  const call = (services: MainServices, channel: string, input?: unknown): Promise<ContractResult<unknown>> => dispatch(services.handlers, channel, input);
  const refusal = (result: ContractResult<unknown>): ContractErrorShape => {
    expect(result.ok).toBe(false);
    return result.ok ? { kind: 'internal', message: '', resolution: '', channel: null } : result.error;
  };
  const ended = (services: MainServices): Promise<ExportEnded> =>
    new Promise((resolve) => {
      const detach = services.events.attach((event, payload) => {
        if (event !== 'export.ended') return;
        detach();
        resolve(payload as ExportEnded);
      });
    });
  const exportId = (result: ContractResult<unknown>): string => {
    expect(result).toMatchObject({ ok: true });
    return result.ok ? (result.value as { exportId: string }).exportId : '';
  };

  it('exports a library range to {libraryRoot}/exports and reports the rows', async () => {
    const { services, root } = await start();
    const folder = join(root, 'data/standard/aster/ETH-USDT/2024-06-01');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst'), tradeHour(100));
    const done = ended(services);
    const id = exportId(await call(services, 'export.start', { from: { kind: 'library', source: 'aster', market: 'ETH-USDT', start: hour + 200, end: hour + 500 }, types: ['trade'], format: 'csv', name: 'eth' }));
    const end = await done;
    const out = join(root, 'exports', 'eth.csv');
    expect(end).toEqual({ exportId: id, state: 'done', path: out, rows: 30, bytes: (await readFile(out)).length, message: null });
    const lines = (await readFile(out, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(31);
    // Trade i is at hour + 10 i: [200, 500) holds trades 20..49.
    expect(lines[1]?.split(',').slice(9, 10)).toEqual(['20']);
    expect(lines[30]?.split(',').slice(9, 10)).toEqual(['49']);
    // The same name again is refused before anything runs.
    expect(refusal(await call(services, 'export.start', { from: { kind: 'library', source: 'aster', market: 'ETH-USDT', start: hour, end: hour + 500 }, types: ['trade'], format: 'csv', name: 'eth.csv' })).message).toContain('already exists');
  });

  it('names an export with no name by source, market, range and types, and never replaces an earlier one', async () => {
    const { services, root } = await start();
    const folder = join(root, 'data/standard/aster/ETH-USDT/2024-06-01');
    await mkdir(folder, { recursive: true });
    const key = join(folder, 'standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst');
    await writeFile(key, tradeHour(100));
    const library = { kind: 'library', source: 'aster', market: 'ETH-USDT', start: hour, end: hour + 3_600_000 };
    const run = async (input: unknown): Promise<ExportEnded> => {
      const done = ended(services);
      exportId(await call(services, 'export.start', input));
      return done;
    };
    const first = await run({ from: library, types: ['trade'], format: 'parquet' });
    expect(first.path).toBe(join(root, 'exports', 'aster-ETH-USDT-2024-06-01T0000Z-2024-06-01T0100Z-trade.parquet'));
    const firstBytes = await readFile(join(root, 'exports', 'aster-ETH-USDT-2024-06-01T0000Z-2024-06-01T0100Z-trade.parquet'));
    // The same request again lands beside it; the first file is untouched.
    const again = await run({ from: library, types: ['trade'], format: 'parquet' });
    expect(again.path).toBe(join(root, 'exports', 'aster-ETH-USDT-2024-06-01T0000Z-2024-06-01T0100Z-trade-2.parquet'));
    expect(await readFile(join(root, 'exports', 'aster-ETH-USDT-2024-06-01T0000Z-2024-06-01T0100Z-trade.parquet'))).toEqual(firstBytes);
    // Granted files are named by the hours their keys name; every type is `all`.
    const granted = await call(services, 'files.grantPath', { paths: [key] });
    const fileIds = granted.ok ? (granted.value as { files: { fileId: string }[] }).files.map((file) => file.fileId) : [];
    const files = await run({ from: { kind: 'files', fileIds }, types: [], format: 'csv' });
    expect(files.path).toBe(join(root, 'exports', 'aster-ETH-USDT-2024-06-01T0000Z-2024-06-01T0100Z-all.csv'));
  });

  it('exports granted files, and a cancel ends it with nothing left', async () => {
    const { services, root } = await start();
    const dir = await tempDir();
    const path = join(dir, 'in.jsonl.zst');
    await writeFile(path, tradeHour(50_000));
    const granted = await call(services, 'files.grantPath', { paths: [path, path, path] });
    const fileIds = granted.ok ? (granted.value as { files: { fileId: string }[] }).files.map((file) => file.fileId) : [];
    const done = ended(services);
    const id = exportId(await call(services, 'export.start', { from: { kind: 'files', fileIds }, types: ['trade'], format: 'parquet', name: 'big' }));
    expect(await call(services, 'export.cancel', { exportId: id })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await done).toMatchObject({ exportId: id, state: 'cancelled', path: null });
    expect(await readdir(join(root, 'exports')).catch(() => [])).toEqual([]);
    expect(await call(services, 'export.cancel', { exportId: id })).toEqual({ ok: true, value: { cancelled: false } });
  });

  it('refuses what cannot be exported before starting', async () => {
    const { services } = await start();
    const library = { kind: 'library', source: 'aster', market: 'ETH-USDT', start: hour, end: hour + 1000 };
    expect(refusal(await call(services, 'export.start', { from: library, types: ['trade'], format: 'csv' })).kind).toBe('not-found');
    expect(refusal(await call(services, 'export.start', { from: library, types: ['bogus'], format: 'csv' })).kind).toBe('invalid-request');
    expect(refusal(await call(services, 'export.start', { from: library, types: [], format: 'csv', name: '../escape' })).kind).toBe('invalid-request');
    expect(refusal(await call(services, 'export.start', { from: { kind: 'files', fileIds: ['nope'] }, types: [], format: 'csv' })).kind).toBe('not-found');
    expect(refusal(await call(services, 'export.start', { from: { ...library, source: '..' }, types: [], format: 'csv' })).kind).toBe('invalid-request');
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractErrorShape, ContractResult } from '../../../shared/contract/errors.ts';
import type { DownloadQueue, LibraryIndex } from '../../../shared/contract/library-schemas.ts';
import { dispatch } from '../../../electron/host/contract/dispatch.ts';
import { createMainServices, type MainServices } from '../../../electron/host/main-services.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// The library and download channels as the app wires them: through dispatch, over the settings'
// library root (the default under user data, then the one Settings name), with events pushed.

const temp = useTempDirs();
const running: MainServices[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((services) => services.close()));
});

const key = 'standard-binance-BTC-USDT-2024-03-10-07';

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

function valueOf<T>(result: ContractResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value as T;
}

function errorOf(result: ContractResult<unknown>): ContractErrorShape {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('the library channels in the app', () => {
  it('index the default root under user data, follow the root Settings name, and push library.changed on delete', async () => {
    const userData = await temp();
    const changed: number[] = [];
    const services = createMainServices({ userDataDir: userData, mode: 'browser', healthIntervalMs: 0, onLibraryChanged: () => changed.push(1) });
    running.push(services);
    const pushed: LibraryIndex[] = [];
    services.events.attach((event, payload) => {
      if (event === 'library.changed') pushed.push(payload as LibraryIndex);
    });
    await put(join(userData, 'library', 'data', 'standard', 'binance', 'BTC-USDT', '2024-03-10', `${key}.jsonl.zst`), 'not really zstd');
    const first = valueOf<LibraryIndex>(await dispatch(services.handlers, 'library.index', undefined));
    expect(first.root).toBe(join(userData, 'library'));
    expect(first.datasets.map((dataset) => dataset.files.map((file) => file.key))).toEqual([[key]]);

    const elsewhere = join(await temp(), 'market-data');
    await put(join(elsewhere, 'binance', 'BTC-USDT', '2024-03-10', `${key}.jsonl.zst`), 'flat layout');
    await services.settings.update({ libraryRoot: elsewhere });
    const moved = valueOf<LibraryIndex>(await dispatch(services.handlers, 'library.index', undefined));
    expect(moved.root).toBe(elsewhere);
    expect(moved.datasets[0]?.files[0]).toMatchObject({ key, layout: 'flat', bytes: 11 });

    const opened = valueOf<{ files: { fileId: string; name: string }[] }>(await dispatch(services.handlers, 'library.open', { keys: [key] }));
    expect(opened.files.map((file) => file.name)).toEqual([`${key}.jsonl.zst`]);
    expect(services.files.resolve([opened.files[0]?.fileId ?? ''])[0]?.path).toBe(join(elsewhere, 'binance', 'BTC-USDT', '2024-03-10', `${key}.jsonl.zst`));

    const afterDelete = valueOf<LibraryIndex>(await dispatch(services.handlers, 'library.delete', { keys: [key] }));
    expect(afterDelete.datasets).toEqual([]);
    expect(pushed.at(-1)?.datasets).toEqual([]);
    expect(changed.length).toBeGreaterThan(0);
  });

  it('answer the queue, and refuse bad input with a typed error', async () => {
    const services = createMainServices({ userDataDir: await temp(), mode: 'browser', healthIntervalMs: 0 });
    running.push(services);
    const queue = valueOf<DownloadQueue>(await dispatch(services.handlers, 'downloads.queue', undefined));
    expect(queue).toMatchObject({ items: [], paused: false, concurrency: 3 });
    expect(errorOf(await dispatch(services.handlers, 'downloads.enqueue', { source: 'binance', market: '..', keys: [] })).kind).toBe('invalid-request');
    const foreign = errorOf(await dispatch(services.handlers, 'downloads.enqueue', { source: 'binance', market: 'BTC-USDT', keys: ['standard-deribit-ETH-2024-03-10-07'] }));
    expect(foreign).toMatchObject({ kind: 'invalid-request', channel: 'downloads.enqueue' });
    expect(foreign.message).toContain('not a key of binance/BTC-USDT');
    expect(errorOf(await dispatch(services.handlers, 'library.open', { keys: [key] })).kind).toBe('not-found');
    expect(errorOf(await dispatch(services.handlers, 'library.delete', { keys: ['standard-x-..-2024-03-10-07'] })).kind).toBe('invalid-request');
    expect(errorOf(await dispatch(services.handlers, 'downloads.enqueue', { source: 'binance', market: 'BTC-USDT', dates: ['10/03/2024'] })).kind).toBe('invalid-request');
  });

  it('with the library as the data source, listing and downloading say there is no service to download from, and the library still answers', async () => {
    const userData = await temp();
    const services = createMainServices({ userDataDir: userData, mode: 'browser', healthIntervalMs: 0 });
    running.push(services);
    await services.settings.update({ dataSource: 'library' });
    const listing = errorOf(await dispatch(services.handlers, 'library.availability', { source: 'binance', market: 'BTC-USDT', from: 0, to: 3_600_000 }));
    expect(listing).toMatchObject({ kind: 'unavailable', channel: 'library.availability' });
    expect(listing.message).toContain('local library is the active data source');
    expect(listing.resolution).toContain('Settings → Data source');
    expect(errorOf(await dispatch(services.handlers, 'library.manifest', { source: 'binance', market: 'BTC-USDT', date: '2024-03-10' })).kind).toBe('unavailable');
    expect(valueOf<LibraryIndex>(await dispatch(services.handlers, 'library.index', undefined)).root).toBe(join(userData, 'library'));
  });
});

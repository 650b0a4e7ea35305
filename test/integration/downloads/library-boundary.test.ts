import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractResult } from '../../../shared/contract/errors.ts';
import type { LibraryIndex } from '../../../shared/contract/library-schemas.ts';
import { dispatch } from '../../../electron/host/contract/dispatch.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import { SnapshotLibrary } from '../../../electron/host/library/snapshot-library.ts';
import { createMainServices, type MainServices } from '../../../electron/host/main-services.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// The library's boundary with real symbolic links: a folder linking out of the root, a file
// linking to a file outside it, `data` itself a link, and link loops. Index, open, delete and
// downloads agree: what is reached through a link is not the library's, and nothing outside the
// root is ever granted or deleted.

const temp = useTempDirs();
const running: MainServices[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((services) => services.close()));
});

const key = 'standard-binance-BTC-USDT-2024-03-10-07';
const day = ['binance', 'BTC-USDT', '2024-03-10'];

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function keysOf(result: ContractResult<unknown>): string[] {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return (result.value as LibraryIndex).datasets.flatMap((dataset) => dataset.files.map((file) => file.key));
}

/** The app's services over a library whose standard layout is `arrange`d by the test; answers the library root. */
async function appWith(arrange: (standard: string, outside: string) => Promise<void>): Promise<{ services: MainServices; root: string; outside: string }> {
  const userData = await temp();
  const outside = await temp();
  const services = createMainServices({ userDataDir: userData, mode: 'browser', healthIntervalMs: 0 });
  running.push(services);
  const root = join(userData, 'library');
  await mkdir(join(root, 'data', 'standard'), { recursive: true });
  await arrange(join(root, 'data', 'standard'), outside);
  return { services, root, outside };
}

describe('the library boundary', () => {
  it('a folder linking out of the root: not listed, not opened, and delete leaves the file outside and its folder', async () => {
    const { services, outside } = await appWith(async (standard, outside) => {
      await put(join(outside, 'BTC-USDT', '2024-03-10', `${key}.jsonl.zst`), 'outside');
      await symlink(outside, join(standard, 'binance'));
    });
    expect(keysOf(await dispatch(services.handlers, 'library.index', undefined))).toEqual([]);
    const opened = await dispatch(services.handlers, 'library.open', { keys: [key] });
    expect(opened.ok ? 'granted' : opened.error.kind).toBe('not-found');
    expect(keysOf(await dispatch(services.handlers, 'library.delete', { keys: [key] }))).toEqual([]);
    expect(await readFile(join(outside, 'BTC-USDT', '2024-03-10', `${key}.jsonl.zst`), 'utf8')).toBe('outside');
    expect(await exists(join(outside, 'BTC-USDT', '2024-03-10'))).toBe(true);
  });

  it('a key-named file linking to any readable file: not listed, not granted, not deleted', async () => {
    const { services, outside } = await appWith(async (standard, outside) => {
      await put(join(outside, 'secret.txt'), 'private');
      await mkdir(join(standard, ...day), { recursive: true });
      await symlink(join(outside, 'secret.txt'), join(standard, ...day, `${key}.jsonl.zst`));
    });
    expect(keysOf(await dispatch(services.handlers, 'library.index', undefined))).toEqual([]);
    const opened = await dispatch(services.handlers, 'library.open', { keys: [key] });
    expect(opened.ok ? 'granted' : opened.error.kind).toBe('not-found');
    await dispatch(services.handlers, 'library.delete', { keys: [key] });
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('private');
  });

  it('`data` itself a link out of the root: none of the files behind it is the library\'s', async () => {
    const userData = await temp();
    const outside = await temp();
    await put(join(outside, 'standard', ...day, `${key}.jsonl.zst`), 'outside');
    const root = join(userData, 'library');
    await mkdir(root, { recursive: true });
    await symlink(outside, join(root, 'data'));
    const services = createMainServices({ userDataDir: userData, mode: 'browser', healthIntervalMs: 0 });
    running.push(services);
    expect(keysOf(await dispatch(services.handlers, 'library.index', undefined))).toEqual([]);
    const opened = await dispatch(services.handlers, 'library.open', { keys: [key] });
    expect(opened.ok ? 'granted' : opened.error.kind).toBe('not-found');
    await dispatch(services.handlers, 'library.delete', { keys: [key] });
    expect(await exists(join(outside, 'standard', ...day, `${key}.jsonl.zst`))).toBe(true);
  });

  it('link loops cost nothing: the real files beside them are listed, opened and deleted as usual', async () => {
    const { services, root } = await appWith(async (standard) => {
      await put(join(standard, ...day, `${key}.jsonl.zst`), 'real');
      await symlink(standard, join(standard, 'loop'));
      await symlink(join(standard, 'b'), join(standard, 'a'));
      await symlink(join(standard, 'a'), join(standard, 'b'));
      await symlink(join(standard, ...day), join(standard, ...day, 'again'));
    });
    expect(keysOf(await dispatch(services.handlers, 'library.index', undefined))).toEqual([key]);
    const opened = await dispatch(services.handlers, 'library.open', { keys: [key] });
    expect(opened.ok).toBe(true);
    expect(keysOf(await dispatch(services.handlers, 'library.delete', { keys: [key] }))).toEqual([]);
    expect(await exists(join(root, 'data', 'standard', ...day, `${key}.jsonl.zst`))).toBe(false);
  });

  it('downloads are not written through a link: the destination names the link and what to do', async () => {
    const root = await temp();
    const outside = await temp();
    await mkdir(join(root, 'data', 'standard', 'binance', 'BTC-USDT'), { recursive: true });
    await symlink(outside, join(root, 'data', 'standard', 'binance', 'BTC-USDT', '2024-03-10'));
    const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(await temp(), 'counts.json') });
    try {
      const destination = await library.destinationOf(key);
      const refused = await library.ensureFolder(dirname(destination)).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ContractError);
      expect(refused).toMatchObject({ kind: 'invalid-request' });
      expect(String(refused)).toMatch(/2024-03-10 is a symbolic link/);
      expect((refused as ContractError).resolution).toMatch(/Remove the symbolic link, or choose another library folder/);
      // A library folder that is itself a link (a library on another disk) is fine.
      const linkedRoot = join(await temp(), 'linked-library');
      await symlink(root, linkedRoot);
      const other = new SnapshotLibrary({ root: () => Promise.resolve(linkedRoot), countsPath: join(await temp(), 'counts.json') });
      const elsewhere = await other.destinationOf('standard-binance-ETH-USDT-2024-03-10-07');
      expect(elsewhere).toBe(join(linkedRoot, 'data', 'standard', 'binance', 'ETH-USDT', '2024-03-10', 'standard-binance-ETH-USDT-2024-03-10-07.jsonl.zst'));
      await other.ensureFolder(dirname(elsewhere));
      expect(await exists(dirname(elsewhere))).toBe(true);
      await other.close();
    } finally {
      await library.close();
    }
  });

  it('a download refused at a link makes no folder through it: nothing appears outside the root', async () => {
    const root = await temp();
    const outside = await temp();
    await mkdir(join(root, 'data', 'standard'), { recursive: true });
    await symlink(outside, join(root, 'data', 'standard', 'binance'));
    const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(await temp(), 'counts.json') });
    try {
      const refused = await library.ensureFolder(dirname(await library.destinationOf(key))).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String(refused)).toMatch(/binance is a symbolic link/);
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await library.close();
    }
  });
});

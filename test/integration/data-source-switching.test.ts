import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Health } from '../../shared/contract/channels.ts';
import { defaultSettings, type Settings } from '../../shared/settings.ts';
import { DataSourceManager, type LibraryService } from '../../electron/host/data-source/data-source-manager.ts';
import { libraryRootOf } from '../../electron/host/library/library-root.ts';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import type { LocalService } from '../../electron/server/local-service.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../support/temp-dir.ts';
import { fixtureText } from '../unit/snapshot/decode-helpers.ts';
import { answers } from '../support/listening.ts';

// The data-source manager over real local services on 127.0.0.1: which one runs for each
// source, that a switch stops the one no longer selected (no server left behind), and what the
// health report says about the library.

const tempDir = useTempDirs();
const checkedAt = 1_790_000_000_000;

async function putHour(root: string, relative: string): Promise<void> {
  const path = join(root, relative);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, compressZstdFrame(new TextEncoder().encode(fixtureText('v2-book-trades.jsonl'))));
}

async function harness() {
  const userDataDir = await tempDir();
  let settings: Settings = { ...defaultSettings };
  const open = new Set<string>();
  const started: string[] = [];
  const reports: Health[] = [];
  let clock = checkedAt;
  const track = <T extends { baseUrl: string; close(): Promise<void> }>(service: T, label: string): T => {
    open.add(service.baseUrl);
    started.push(label);
    return {
      ...service,
      close: async () => {
        await service.close();
        open.delete(service.baseUrl);
      },
    };
  };
  // The demo's role is played by a service over an empty folder: the switching is what is tested here.
  const demoFolder = await tempDir();
  const manager = new DataSourceManager({
    settings: () => Promise.resolve(settings),
    startEmbedded: async (): Promise<LocalService> => track(await startEmbeddedService({ data: { kind: 'directory', root: demoFolder } }), 'demo'),
    startLibrary: async (root): Promise<LibraryService> => {
      const service = await startEmbeddedService({ data: { kind: 'directory', root } });
      if (service.directory === null) throw new Error('no directory');
      return track({ baseUrl: service.baseUrl, directory: service.directory, close: () => service.close() }, `library ${root}`);
    },
    libraryRoot: (current) => libraryRootOf(current, userDataDir),
    onHealth: (health) => reports.push(health),
    now: () => clock,
  });
  const use = (patch: Partial<Settings>): void => {
    settings = { ...settings, ...patch };
  };
  const advance = (ms: number): void => {
    clock += ms;
  };
  return { manager, open, started, reports, use, advance, userDataDir };
}

describe('DataSourceManager: switching sources', () => {
  it('runs one local service at a time: a switch stops the other, a new folder restarts the library, remote runs none', async () => {
    const { manager, open, started, use, userDataDir } = await harness();
    const rootA = await tempDir();
    const rootB = await tempDir();
    try {
      const demo = await manager.target();
      expect(demo).toMatchObject({ dataSource: 'embedded', simulated: true });
      expect([...open]).toEqual([demo.baseUrl]);

      use({ dataSource: 'library', libraryRoot: rootA });
      const libraryA = await manager.target();
      expect(libraryA).toMatchObject({ dataSource: 'library', simulated: false });
      expect([...open]).toEqual([libraryA.baseUrl]);
      expect(await answers(demo.baseUrl)).toBe(false);
      expect((await manager.target()).baseUrl).toBe(libraryA.baseUrl); // same folder: the same service

      use({ libraryRoot: rootB });
      const libraryB = await manager.target();
      expect([...open]).toEqual([libraryB.baseUrl]);
      expect(await answers(libraryA.baseUrl)).toBe(false);

      use({ libraryRoot: null });
      const libraryDefault = await manager.target();
      expect([...open]).toEqual([libraryDefault.baseUrl]);

      use({ dataSource: 'embedded' });
      const demoAgain = await manager.target();
      expect([...open]).toEqual([demoAgain.baseUrl]);

      use({ dataSource: 'remote', remoteBaseUrl: 'https://api.example.com' });
      expect(await manager.target()).toEqual({ dataSource: 'remote', baseUrl: 'https://api.example.com', simulated: false });
      expect(open.size).toBe(0);

      use({ dataSource: 'library', libraryRoot: rootA });
      await manager.target();
      expect(started).toEqual(['demo', `library ${rootA}`, `library ${rootB}`, `library ${join(userDataDir, 'library')}`, 'demo', `library ${rootA}`]);
    } finally {
      await manager.close();
    }
    expect(open.size).toBe(0);
  });

  it('calls racing a switch all get the source of the settings they ran under, and leave one service running', async () => {
    const { manager, open, use } = await harness();
    const root = await tempDir();
    try {
      const first = manager.target();
      use({ dataSource: 'library', libraryRoot: root });
      const racing = await Promise.all([first, manager.target(), manager.target(), manager.checkHealth()]);
      // Settings are read inside the serial chain, so every call already sees the library.
      expect(racing.slice(0, 3).map((target) => target.dataSource)).toEqual(['library', 'library', 'library']);
      expect(open.size).toBe(1);
    } finally {
      await manager.close();
    }
  });
});

describe('DataSourceManager: library health', () => {
  it('counts the files and datasets, at the injected time', async () => {
    const { manager, use } = await harness();
    const root = await tempDir();
    await putHour(root, 'data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst');
    await putHour(root, 'data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-01.jsonl.zst');
    await putHour(root, 'hyperliquid/BTC/2024-06-01/standard-hyperliquid-BTC-2024-06-01-05.jsonl.zst');
    use({ dataSource: 'library', libraryRoot: root });
    try {
      const health = await manager.checkHealth();
      const bytes = compressZstdFrame(new TextEncoder().encode(fixtureText('v2-book-trades.jsonl'))).length * 3;
      expect(health).toMatchObject({ dataSource: 'library', status: 'ok', simulated: false, checkedAt });
      expect(health.message).toBe(`3 hour files in 2 datasets (${(bytes / 1000).toFixed(2)} KB)`);
      expect(health.library).toEqual({ setting: root, root, exists: true, files: 3, datasets: 2, bytes });
    } finally {
      await manager.close();
    }
  });

  it('an empty library is ok and says how to fill it; a file that lands shows after libraryChanged()', async () => {
    const { manager, use, reports } = await harness();
    const root = await tempDir();
    await putHour(root, 'data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst.part');
    use({ dataSource: 'library', libraryRoot: root });
    try {
      const empty = await manager.checkHealth();
      expect(empty.status).toBe('ok');
      expect(empty.message).toBe('The library is empty: download hours in the Downloads view, or run mde download; 1 download not finished');
      await putHour(root, 'data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-01.jsonl.zst');
      await putHour(root, 'data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-02.jsonl.zst');
      await manager.libraryChanged();
      expect(reports.at(-1)?.library?.files).toBe(2);
      expect(reports.at(-1)?.message).toMatch(/^2 hour files in 1 dataset \(/);
    } finally {
      await manager.close();
    }
  });

  it('files written by another process show up once the index is a minute old (injected clock)', async () => {
    const { manager, use, advance } = await harness();
    const root = await tempDir();
    await putHour(root, 'data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst');
    use({ dataSource: 'library', libraryRoot: root });
    try {
      expect((await manager.checkHealth()).library?.files).toBe(1);
      await putHour(root, 'data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-01.jsonl.zst');
      advance(59_999);
      expect((await manager.checkHealth()).library?.files).toBe(1);
      advance(1);
      const health = await manager.checkHealth();
      expect(health.library?.files).toBe(2);
      expect(health.checkedAt).toBe(checkedAt + 60_000);
    } finally {
      await manager.close();
    }
  });

  it('a chosen folder that does not exist is degraded, named, and not created; the default folder is created', async () => {
    const { manager, use, userDataDir } = await harness();
    const missing = join(await tempDir(), 'usb-drive', 'market-data');
    use({ dataSource: 'library', libraryRoot: missing });
    try {
      const health = await manager.checkHealth();
      expect(health.status).toBe('degraded');
      expect(health.message).toBe(`The library folder ${missing} does not exist: create it, or choose another folder in Settings → Data source`);
      expect(await answers(health.baseUrl ?? '')).toBe(true);
      // Made by hand afterwards, it is found at the next check.
      await putHour(missing, 'aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst');
      expect((await manager.checkHealth()).message).toMatch(/^1 hour file in 1 dataset/);

      use({ libraryRoot: null });
      const fresh = await manager.checkHealth();
      expect(fresh.library).toMatchObject({ setting: null, root: join(userDataDir, 'library'), exists: true, files: 0 });
      expect(fresh.status).toBe('ok');
    } finally {
      await manager.close();
    }
  });

  it('a library that fails to start is down with the reason, and the next call tries again', async () => {
    const userDataDir = await tempDir();
    let fail = true;
    const settings: Settings = { ...defaultSettings, dataSource: 'library', libraryRoot: userDataDir };
    const manager = new DataSourceManager({
      settings: () => Promise.resolve(settings),
      startEmbedded: () => Promise.reject(new Error('not used')),
      startLibrary: async (root) => {
        if (fail) throw new Error('port in use');
        const service = await startEmbeddedService({ data: { kind: 'directory', root } });
        if (service.directory === null) throw new Error('no directory');
        return { baseUrl: service.baseUrl, directory: service.directory, close: () => service.close() };
      },
      libraryRoot: (current) => libraryRootOf(current, userDataDir),
      onHealth: () => {},
      now: () => checkedAt,
    });
    try {
      const down = await manager.checkHealth();
      expect(down).toMatchObject({ status: 'down', dataSource: 'library', baseUrl: null, simulated: false, checkedAt, library: { setting: userDataDir, root: userDataDir } });
      expect(down.message).toBe(`The library service (${userDataDir}) failed to start: port in use`);
      fail = false;
      expect((await manager.checkHealth()).status).toBe('ok');
    } finally {
      await manager.close();
    }
  });
});

import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { defaultSettings } from '../../../shared/settings.ts';
import { SettingsStore } from '../../../electron/host/settings/settings-store.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

describe('SettingsStore', () => {
  const tempDir = useTempDirs();

  it('starts from the embedded demo defaults when nothing is saved', async () => {
    const store = new SettingsStore(await tempDir());
    expect(await store.get()).toEqual(defaultSettings);
    expect((await store.get()).dataSource).toBe('embedded');
  });

  it('persists an update that a new store reads back', async () => {
    const dir = await tempDir();
    await new SettingsStore(dir).update({ dataSource: 'remote', remoteBaseUrl: 'https://api.example.com/', ui: { density: 'comfortable' } });
    const reread = await new SettingsStore(dir).get();
    expect(reread.dataSource).toBe('remote');
    expect(reread.remoteBaseUrl).toBe('https://api.example.com');
    expect(reread.ui.density).toBe('comfortable');
    expect(reread.ui.timeZone).toBe(defaultSettings.ui.timeZone);
  });

  it('refuses an inconsistent update and leaves the file as it was', async () => {
    const dir = await tempDir();
    const store = new SettingsStore(dir);
    await store.update({ ui: { timeZone: 'local' } });
    const before = await readFile(store.path, 'utf8');
    const failure = await store.update({ dataSource: 'remote' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractError);
    expect((failure as ContractError).issues[0]?.path).toBe('remoteBaseUrl');
    expect(await readFile(store.path, 'utf8')).toBe(before);
    expect((await store.get()).dataSource).toBe('embedded');
  });

  it('writes atomically: no temporary files remain and the file is private', async () => {
    const dir = await tempDir();
    const store = new SettingsStore(dir);
    await Promise.all(
      (['catalog', 'replay', 'files', 'downloads', 'settings'] as const).map((lastView) => store.update({ ui: { lastView } })),
    );
    expect(await readdir(dir)).toEqual(['settings.json']);
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
    const onDisk = JSON.parse(await readFile(store.path, 'utf8')) as typeof defaultSettings;
    expect(onDisk.ui.lastView).toBe((await store.get()).ui.lastView);
  });

  it('keeps both of two updates sent together (opening a market saves the recent list and the last view at once)', async () => {
    const dir = await tempDir();
    const store = new SettingsStore(dir);
    await store.get();
    const [, last] = await Promise.all([store.update({ markets: { recent: ['deribit/BTC'] } }), store.update({ ui: { lastView: 'options' } })]);
    expect(last.markets.recent).toEqual(['deribit/BTC']);
    expect(last.ui.lastView).toBe('options');
    const reread = await new SettingsStore(dir).get();
    expect(reread.markets.recent).toEqual(['deribit/BTC']);
    expect(reread.ui.lastView).toBe('options');
  });

  it('keeps both of two updates sent together before the file was first read', async () => {
    const store = new SettingsStore(await tempDir());
    await Promise.all([store.update({ markets: { recent: ['deribit/BTC'] } }), store.update({ ui: { lastView: 'options' } })]);
    const settings = await store.get();
    expect(settings.markets.recent).toEqual(['deribit/BTC']);
    expect(settings.ui.lastView).toBe('options');
  });

  it('keeps any unreadable file aside with a timestamp, starts from defaults, and says so once', async () => {
    const spoilers: [string, (path: string) => Promise<unknown>, RegExp][] = [
      ['bad JSON', (path) => writeFile(path, '{"schemaVersion": 1, "dataSource": '), /not valid JSON/],
      ['a folder', (path) => mkdir(path), /it is a folder, not a file/],
      ['bad bytes', (path) => writeFile(path, Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d)), /not UTF-8 text/],
      ['settings that do not validate', (path) => writeFile(path, JSON.stringify({ ...defaultSettings, dataSource: 'remote', remoteBaseUrl: null })), /does not hold valid settings \(remoteBaseUrl/],
    ];
    for (const [what, spoil, reason] of spoilers) {
      const dir = await tempDir();
      await spoil(join(dir, 'settings.json'));
      const notices: StateNotice[] = [];
      const store = new SettingsStore(dir, () => {}, { onNotice: (notice) => notices.push(notice), now: () => Date.UTC(2026, 10, 26, 21, 46, 29, 123) });
      expect(await store.get(), what).toEqual(defaultSettings);
      expect(notices, what).toHaveLength(1);
      expect(notices[0]?.reason, what).toMatch(reason);
      expect(notices[0]?.keptAs, what).toBe(join(dir, 'settings.json.unreadable-2026-11-26T21-46-29-123Z'));
      expect(notices[0]?.meaning).toMatch(/default settings.*downloads already queued keep their folder/);
      expect((await readdir(dir)).sort(), what).toEqual(['settings.json.unreadable-2026-11-26T21-46-29-123Z']);
      // A second read does not set anything aside again; a save writes a good file.
      await store.get();
      await store.update({ ui: { density: 'comfortable' } });
      expect(notices, what).toHaveLength(1);
      expect((await new SettingsStore(dir).get()).ui.density).toBe('comfortable');
    }
  });

  it('notifies a listener with the saved settings', async () => {
    const seen: string[] = [];
    const store = new SettingsStore(await tempDir(), (settings) => seen.push(settings.ui.timeZone));
    await store.update({ ui: { timeZone: 'local' } });
    expect(seen).toEqual(['local']);
  });
});

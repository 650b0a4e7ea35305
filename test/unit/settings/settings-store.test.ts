import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import { defaultSettings } from '../../../shared/settings.ts';
import { SettingsStore } from '../../../electron/services/settings/settings-store.ts';
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

  it('sets a corrupt file aside and starts from defaults', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), '{"schemaVersion": 1, "dataSource": ');
    const store = new SettingsStore(dir);
    expect(await store.get()).toEqual(defaultSettings);
    const files = await readdir(dir);
    expect(files.some((name) => name.startsWith('settings.json.corrupt-'))).toBe(true);
  });

  it('notifies a listener with the saved settings', async () => {
    const seen: string[] = [];
    const store = new SettingsStore(await tempDir(), (settings) => seen.push(settings.ui.timeZone));
    await store.update({ ui: { timeZone: 'local' } });
    expect(seen).toEqual(['local']);
  });
});

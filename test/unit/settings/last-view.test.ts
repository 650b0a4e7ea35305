import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { defaultSettings, settingsPatchSchema, settingsSchema } from '../../../shared/settings.ts';
import { SettingsStore } from '../../../electron/host/settings/settings-store.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// Settings name the last view by id but do not list the views (the renderer's registry does):
// any id-shaped text is kept, and the renderer shows its first view for one it does not have.

const withLastView = (lastView: string): unknown => ({ ...defaultSettings, ui: { ...defaultSettings.ui, lastView } });

describe('ui.lastView', () => {
  const tempDir = useTempDirs();

  it('keeps a view id the settings never heard of, if it has the shape of one', () => {
    for (const id of ['ticker-tape', 'catalog', 'a', 'heatmap2', 'order-flow-v2', 'x'.repeat(32)]) {
      expect(settingsSchema.safeParse(withLastView(id)).success, id).toBe(true);
    }
  });

  it('refuses text that is not a view id: empty, upper case, spaces, slashes, dots, a leading digit or hyphen, a doubled or trailing hyphen, or over 32 characters', () => {
    for (const id of ['', 'Catalog', 'ticker tape', '../catalog', 'catalog/', 'a.b', '2d', '-a', 'a--b', 'a-', 'x'.repeat(33)]) {
      expect(settingsSchema.safeParse(withLastView(id)).success, JSON.stringify(id)).toBe(false);
      expect(settingsPatchSchema.safeParse({ ui: { lastView: id } }).success, JSON.stringify(id)).toBe(false);
    }
  });

  it('a settings file naming a view this app does not have loads as it is: nothing is set aside and every other choice is kept', async () => {
    const userDataDir = await tempDir();
    const saved = { ...defaultSettings, ui: { ...defaultSettings.ui, density: 'comfortable', lastView: 'ticker-tape' }, markets: { favourites: ['deribit/BTC'], recent: [] } };
    await writeFile(join(userDataDir, 'settings.json'), JSON.stringify(saved));
    const notices: StateNotice[] = [];
    const settings = await new SettingsStore(userDataDir, () => {}, { onNotice: (notice) => notices.push(notice) }).get();
    expect(settings).toEqual(saved);
    expect(notices).toEqual([]);
    expect(await readdir(userDataDir)).toEqual(['settings.json']);
  });
});

import { join } from 'node:path';
import {
  applySettingsPatch,
  defaultSettings,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings.ts';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { keepAside, readStateJson } from '../state/state-file.ts';
import { writeFileAtomic } from '../../base/atomic-write.ts';
import { contractError } from '../contract-errors.ts';

/** File name of the settings document inside the user-data directory. */
export const settingsFileName = 'settings.json';

/** What a settings store tells and reads besides its file. */
export interface SettingsStoreOptions {
  /** Told when the file could not be read and was kept aside. */
  onNotice?: (notice: StateNotice) => void;
  now?: () => number;
}

/** What it means when settings.json could not be read. */
const settingsLost = 'The app started with default settings: the data source is the embedded demo and downloads go to the default library folder until you choose again in Settings (API keys stay in the keychain; downloads already queued keep their folder). The old file is kept, to copy values from.';

/**
 * Settings persisted as JSON in the user-data directory, written atomically. A file that cannot
 * be read (a folder, bad bytes, bad JSON, settings that do not validate, no permission) is kept
 * aside as `settings.json.unreadable-<time>` and replaced by defaults, so the app still starts,
 * and `onNotice` says so.
 */
export class SettingsStore {
  readonly path: string;
  #current: Settings | null = null;
  #loading: Promise<Settings> | null = null;
  #writes: Promise<void> = Promise.resolve();
  readonly #onChange: (settings: Settings) => void;
  readonly #options: SettingsStoreOptions;

  constructor(userDataDir: string, onChange: (settings: Settings) => void = () => {}, options: SettingsStoreOptions = {}) {
    this.path = join(userDataDir, settingsFileName);
    this.#onChange = onChange;
    this.#options = options;
  }

  /** The current settings, loading them from disk on first use. */
  async get(): Promise<Settings> {
    if (this.#current !== null) return this.#current;
    // One load for all first callers: a second load finishing later would undo an update made meanwhile.
    this.#loading ??= this.#load();
    const loaded = await this.#loading;
    this.#current ??= loaded;
    return this.#current;
  }

  /** Applies a validated patch, persists it atomically and notifies listeners. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const loaded = await this.get();
    // Patch what is current now, not what was current before the await: two updates sent
    // together (the recent markets and the last view) must both land.
    const next = applySettingsPatch(this.#current ?? loaded, patch);
    const checked = settingsSchema.safeParse(next);
    if (!checked.success) {
      const issues = checked.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      throw contractError('invalid-request', 'settings.update', `Settings not saved: ${issues.map((i) => i.message).join('; ')}`, 'Correct the setting and save again.', { issues });
    }
    this.#current = checked.data;
    const snapshot = JSON.stringify(checked.data, null, 2) + '\n';
    // Serialize writes so that the file always ends with the latest settings.
    this.#writes = this.#writes.catch(() => {}).then(() => writeFileAtomic(this.path, snapshot));
    await this.#writes;
    this.#onChange(checked.data);
    return checked.data;
  }

  async #load(): Promise<Settings> {
    const read = await readStateJson(this.path);
    if (read.kind === 'absent') return defaultSettings;
    if (read.kind === 'unreadable') return this.#setAside(read.reason);
    const parsed = settingsSchema.safeParse(read.json);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    return this.#setAside(`it does not hold valid settings (${issue === undefined ? 'unknown problem' : `${issue.path.join('.') || 'the document'}: ${issue.message}`})`);
  }

  async #setAside(reason: string): Promise<Settings> {
    const notice = await keepAside(this.path, { reason, meaning: settingsLost, now: (this.#options.now ?? Date.now)() });
    this.#options.onNotice?.(notice);
    return defaultSettings;
  }
}

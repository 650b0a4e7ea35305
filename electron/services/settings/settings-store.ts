import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { ContractError } from '../../../shared/contract/errors.ts';
import {
  applySettingsPatch,
  defaultSettings,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings.ts';
import { writeFileAtomic } from './atomic-write.ts';

/** File name of the settings document inside the user-data directory. */
export const settingsFileName = 'settings.json';

/**
 * Settings persisted as JSON in the user-data directory, written atomically. A corrupt file is
 * kept aside as `settings.json.corrupt-<time>` and replaced by defaults, so the app still starts.
 */
export class SettingsStore {
  readonly path: string;
  #current: Settings | null = null;
  #loading: Promise<Settings> | null = null;
  #writes: Promise<void> = Promise.resolve();
  readonly #onChange: (settings: Settings) => void;

  constructor(userDataDir: string, onChange: (settings: Settings) => void = () => {}) {
    this.path = join(userDataDir, settingsFileName);
    this.#onChange = onChange;
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
      throw new ContractError({
        kind: 'invalid-request',
        message: `Settings not saved: ${issues.map((i) => i.message).join('; ')}`,
        resolution: 'Correct the setting and save again.',
        channel: 'settings.update',
        issues,
      });
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
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return defaultSettings;
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.#quarantine();
    }
    const parsed = settingsSchema.safeParse(json);
    return parsed.success ? parsed.data : this.#quarantine();
  }

  async #quarantine(): Promise<Settings> {
    await rename(this.path, `${this.path}.corrupt-${Date.now()}`).catch(() => {});
    return defaultSettings;
  }
}

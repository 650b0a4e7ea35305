import { z } from 'zod';

/** Longest view id settings keep. */
export const maxViewIdLength = 32;

/**
 * A view's id, as the renderer's view registry names it: lowercase letters and digits in words
 * joined by `-`, at most 32 characters. Settings keep any such id (`ui.lastView`); the renderer
 * shows its first view for an id it does not have.
 */
export const viewIdSchema = z
  .string()
  .max(maxViewIdLength)
  .regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'a view id is lowercase words joined by "-", such as "workspace"');

/** One view of the app shell, by id. */
export type ViewId = z.infer<typeof viewIdSchema>;

/**
 * Where market data comes from: the embedded simulated service, a remote Market Data Service, or
 * the local library of downloaded snapshot files (offline), served through the same local engine.
 */
export const dataSourceKinds = ['embedded', 'remote', 'library'] as const;

/** One data source kind. */
export type DataSourceKind = (typeof dataSourceKinds)[number];

/** A service base URL: http(s), no credentials, no query or fragment. Keys belong in the keychain. */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the service base URL, for example https://api.example.com')
  .max(2048)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a URL; use the form https://host[:port][/path]` });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: `Base URL must use http or https, not ${url.protocol}` });
    }
    if (url.username !== '' || url.password !== '') {
      ctx.addIssue({
        code: 'custom',
        message: 'Base URL must not contain a user name or password; store the API key in the keychain instead',
      });
    }
    if (url.search !== '' || url.hash !== '') {
      ctx.addIssue({ code: 'custom', message: 'Base URL must not contain a query string or fragment' });
    }
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** The snapshot library's folder: an absolute path on the machine that runs the services. */
export const libraryRootSchema = z
  .string()
  .trim()
  .min(1, 'Enter the library folder, for example /home/me/market-data')
  .max(4096)
  .refine((path) => !path.includes('\0'), 'a folder path cannot contain a NUL character')
  .refine((path) => path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\'), 'Enter an absolute folder path (it starts with / or a drive letter)');

/** Display preferences of the renderer. */
export const uiPreferencesSchema = z.object({
  density: z.enum(['compact', 'comfortable']),
  timeZone: z.enum(['utc', 'local']),
  lastView: viewIdSchema,
  reduceMotion: z.boolean(),
});

/** Display preferences of the renderer. */
export type UiPreferences = z.infer<typeof uiPreferencesSchema>;

/** A market as `source/market`, the key of favourites and recently viewed. */
const marketKey = z.string().min(3).max(401);

/** The user's markets: favourites (in the order starred) and recently viewed (newest first). */
export const marketListsSchema = z.object({
  favourites: z.array(marketKey).max(500),
  recent: z.array(marketKey).max(50),
});

/** The user's favourite and recently viewed markets. */
export type MarketLists = z.infer<typeof marketListsSchema>;

/** Persisted settings. Secrets never live here: API keys go to the OS keychain. */
export const settingsSchema = z
  .object({
    schemaVersion: z.literal(1),
    dataSource: z.enum(dataSourceKinds),
    remoteBaseUrl: baseUrlSchema.nullable(),
    /** Added with the library (F9): its folder; null is `library/` in the user-data folder. */
    libraryRoot: libraryRootSchema.nullable().default(null),
    ui: uiPreferencesSchema,
    /** Added after the first release: a settings file without it reads as empty lists. */
    markets: marketListsSchema.default({ favourites: [], recent: [] }),
  })
  .superRefine((settings, ctx) => {
    if (settings.dataSource === 'remote' && settings.remoteBaseUrl === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['remoteBaseUrl'],
        message: 'A remote data source needs a base URL; enter one or switch back to the embedded demo',
      });
    }
  });

/** Persisted settings. */
export type Settings = z.infer<typeof settingsSchema>;

/** A partial update of settings; `ui` merges field by field. */
export const settingsPatchSchema = z
  .object({
    dataSource: z.enum(dataSourceKinds).optional(),
    remoteBaseUrl: baseUrlSchema.nullable().optional(),
    libraryRoot: libraryRootSchema.nullable().optional(),
    ui: uiPreferencesSchema.partial().strict().optional(),
    markets: marketListsSchema.partial().strict().optional(),
  })
  .strict();

/** A partial update of settings. */
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Settings on a fresh install: the embedded demo service, UTC times, the catalog first. */
export const defaultSettings: Settings = {
  schemaVersion: 1,
  dataSource: 'embedded',
  remoteBaseUrl: null,
  libraryRoot: null,
  ui: { density: 'compact', timeZone: 'utc', lastView: 'catalog', reduceMotion: false },
  markets: { favourites: [], recent: [] },
};

/** Applies a patch to settings; the result still has to pass `settingsSchema`. */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  return {
    ...current,
    ...(patch.dataSource !== undefined ? { dataSource: patch.dataSource } : {}),
    ...(patch.remoteBaseUrl !== undefined ? { remoteBaseUrl: patch.remoteBaseUrl } : {}),
    ...(patch.libraryRoot !== undefined ? { libraryRoot: patch.libraryRoot } : {}),
    ui: patched(current.ui, patch.ui ?? {}),
    markets: patched(current.markets, patch.markets ?? {}),
  };
}

/** Whether a name is one of an object's own fields. */
function isOwnField<T extends object>(value: T, name: string): name is Extract<keyof T, string> {
  return Object.hasOwn(value, name);
}

/** `current` with each field the patch gives a value (a field the patch leaves undefined keeps its value). */
function patched<T extends object>(current: T, patch: { [K in keyof T]?: T[K] | undefined }): T {
  const merged = { ...current };
  for (const name of Object.keys(patch)) {
    if (!isOwnField(patch, name)) continue;
    const value = patch[name];
    if (value !== undefined) merged[name] = value;
  }
  return merged;
}

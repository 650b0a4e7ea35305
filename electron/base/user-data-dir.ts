import { homedir } from 'node:os';
import { join } from 'node:path';

/** The product name; Electron derives its user-data folder from it, and so do we. */
export const productName = 'Market Data Explorer';

/**
 * The user-data directory, the same folder Electron's `app.getPath('userData')` gives, so that
 * browser mode and the desktop window share settings and the snapshot library.
 * `MDE_USER_DATA_DIR` overrides it (tests give each run its own).
 */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const override = env['MDE_USER_DATA_DIR'];
  if (override !== undefined && override !== '') return override;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', productName);
  if (platform === 'win32') return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), productName);
  const configHome = env['XDG_CONFIG_HOME'];
  return join(configHome !== undefined && configHome !== '' ? configHome : join(homedir(), '.config'), productName);
}

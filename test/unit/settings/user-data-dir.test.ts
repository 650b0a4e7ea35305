import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUserDataDir } from '../../../electron/base/user-data-dir.ts';

describe('user-data directory', () => {
  it('matches Electron on Linux, honouring XDG_CONFIG_HOME', () => {
    expect(defaultUserDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'Market Data Explorer'));
    expect(defaultUserDataDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux')).toBe('/xdg/Market Data Explorer');
  });

  it('matches Electron on macOS and Windows', () => {
    expect(defaultUserDataDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'Market Data Explorer'));
    expect(defaultUserDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toContain('Market Data Explorer');
  });

  it('lets MDE_USER_DATA_DIR override it', () => {
    expect(defaultUserDataDir({ MDE_USER_DATA_DIR: '/tmp/run-1', XDG_CONFIG_HOME: '/xdg' }, 'linux')).toBe('/tmp/run-1');
  });
});

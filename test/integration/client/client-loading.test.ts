import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/** The files of `@napi-rs/keyring` (the native keychain binding) a fresh Node process has loaded after importing `module`. */
function keyringFilesLoadedBy(module: string): string[] {
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(`./${module}`)});
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => path.includes('@napi-rs/keyring'));
    console.log(JSON.stringify(loaded));
  `;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as string[];
}

describe('loading the service client', () => {
  it('does not load the native keyring (the client imports nothing from keys/)', () => {
    // The probe sees the keyring when something does load it…
    expect(keyringFilesLoadedBy('electron/host/keys/api-key-store.ts').length).toBeGreaterThan(0);
    // …and the client, which only redacts keys it is handed, does not.
    expect(keyringFilesLoadedBy('electron/host/client/market-data-client.ts')).toEqual([]);
  });
});

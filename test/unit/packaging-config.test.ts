import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  it("validates against electron-builder's own configuration schema", () => {
    const schema = JSON.parse(readFileSync(join(root, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8')) as object;
    const ajv = new Ajv({ allowUnionTypes: true, strict: false });
    const valid = ajv.validate(schema, config);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('targets dmg+zip on macOS, nsis on Windows, AppImage+deb on Linux', () => {
    expect(config['mac']).toMatchObject({ target: ['dmg', 'zip'] });
    expect(config['win']).toMatchObject({ target: ['nsis'] });
    expect(config['linux']).toMatchObject({ target: ['AppImage', 'deb'] });
  });

  it('flips the fuses that harden a packaged Electron', () => {
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('packages only the built bundles, with an icon that exists', () => {
    expect(config['files']).toContain('out/**');
    readFileSync(join(root, 'resources', 'icon.png'));
  });
});

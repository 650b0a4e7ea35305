import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Adding a view is one folder and one registry entry: views/ holds the view folders and the
// registry, each folder declares its view in `view.ts`, and the registry lists every one of them.
// (The registry itself is tested in navigation/view-registry.test.ts; this reads the tree.)

const viewsDir = join(import.meta.dirname, '..', '..', 'renderer', 'src', 'views');

describe('renderer/src/views/', () => {
  const entries = readdirSync(viewsDir);
  const folders = entries.filter((name) => statSync(join(viewsDir, name)).isDirectory());

  it('holds only view folders and the registry', () => {
    expect(entries.filter((name) => !folders.includes(name))).toEqual(['view-registry.ts']);
  });

  it('has a view.ts in every folder, and the registry imports each of them', () => {
    const registry = readFileSync(join(viewsDir, 'view-registry.ts'), 'utf8');
    const imported = [...registry.matchAll(/from '\.\/([^/']+)\/view\.ts'/g)].map((match) => match[1]);
    for (const folder of folders) expect(readdirSync(join(viewsDir, folder)), folder).toContain('view.ts');
    expect([...imported].sort()).toEqual([...folders].sort());
  });
});

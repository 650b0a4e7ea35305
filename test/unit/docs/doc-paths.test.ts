import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs stay true about where things are: every repository path a doc names in backticks (or
// links to) exists. ARCHITECTURE.md names paths from the root; the pages under docs/ may also
// name them from the folder of the area they describe.

const root = join(import.meta.dirname, '..', '..', '..');

/** Folders a docs/ page may name a path from, besides the root. */
const areaRoots = ['electron', 'electron/host', 'electron/server', 'electron/codec', 'renderer/src', 'renderer/src/views', 'shared', 'test', 'docs'];

/** The repository's top-level folders: a path that starts with one is the repository's. */
const topLevel = ['electron/', 'renderer/', 'shared/', 'test/', 'scripts/', 'docs/', 'resources/', '.ci/'];

/**
 * Backticked text and link targets that name a file or folder of the repository: a source file
 * (`.ts`, `.tsx`, `.mjs`, `.md`), or anything that starts with a top-level folder. Other paths
 * (`exports/`, `data/standard/`, the user's folders) are places on the user's disk, not checked.
 */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  const candidates = [...markdown.matchAll(/`([^`\s]+)`/g), ...markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '');
  for (const text of candidates) {
    const path = text.replace(/[,.:;]+$/, '');
    if (path.includes('://') || /^(\$|~|\/|-)/.test(path) || /[{}<>*|…=]/.test(path)) continue;
    const sourceFile = /\.(ts|tsx|mjs|md)$/.test(path) && (path.includes('/') || /^[A-Z]+\.md$/.test(path));
    if (sourceFile || topLevel.some((folder) => path.startsWith(folder))) found.add(path);
  }
  return [...found];
}

function exists(path: string, bases: readonly string[]): boolean {
  return bases.some((base) => existsSync(join(root, base, path)));
}

describe('the docs name only paths that exist', () => {
  it('ARCHITECTURE.md: every path, from the root', () => {
    const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
    const paths = namedPaths(text);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !exists(path, ['']))).toEqual([]);
  });

  it('README.md and docs/*.md: every path, from the root or the area the page describes', () => {
    const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
    const missing = pages.flatMap((page) => namedPaths(readFileSync(join(root, page), 'utf8')).filter((path) => !exists(path, ['', ...areaRoots])).map((path) => `${page}: ${path}`));
    expect(missing).toEqual([]);
  });

  it('finds a path that is gone (the check itself)', () => {
    expect(namedPaths('see `electron/services/gone.ts` and [x](docs/nowhere.md)')).toEqual(['electron/services/gone.ts', 'docs/nowhere.md']);
    expect(exists('electron/services/gone.ts', [''])).toBe(false);
  });
});

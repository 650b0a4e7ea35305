import { join, sep } from 'node:path';
import { parseSnapshotKey, type SnapshotKeyParts } from '../local-service/snapshot-keys.ts';
import { insideLibrary } from './library-boundary.ts';

/** Where a file lies under the library root: the public tool's `data/standard/` layout, or `{source}/{market}/…` directly. */
export type LibraryLayout = 'standard' | 'flat';

/** A name that cannot be used as a folder of the library, with what was wrong. */
export class UnsafeLibraryName extends Error {
  override readonly name = 'UnsafeLibraryName';
}

/**
 * Checks that a source, market or date can be one folder name under the root: not empty, not
 * `.` or `..`, and without `/`, `\` or NUL, so that no name can reach outside the library.
 */
export function checkedSegment(what: string, value: string): string {
  if (value === '' || value === '.' || value === '..' || /[/\\\0]/.test(value)) {
    throw new UnsafeLibraryName(`The ${what} "${value.replace(/\0/g, '\\0')}" cannot be a folder of the library (it is empty, "." or "..", or holds "/", "\\" or NUL)`);
  }
  return value;
}

/** The parts of a standard snapshot key, or an `UnsafeLibraryName` error naming it. */
export function keyParts(key: string): SnapshotKeyParts {
  const parts = parseSnapshotKey(key);
  if (parts === null || key.endsWith('.jsonl.zst')) throw new UnsafeLibraryName(`"${key}" is not a standard snapshot key (standard-{source}-{market}-{YYYY-MM-DD}-{HH})`);
  checkedSegment('source', parts.source);
  checkedSegment('market', parts.market);
  return parts;
}

/** The folder of one dataset day in a layout. */
export function dayFolder(root: string, layout: LibraryLayout, source: string, market: string, date: string): string {
  const segments = [checkedSegment('source', source), checkedSegment('market', market), checkedSegment('date', date)];
  return layout === 'standard' ? join(root, 'data', 'standard', ...segments) : join(root, ...segments);
}

/** Where a key's file lies in a layout: `{root}/data/standard/{source}/{market}/{date}/{key}.jsonl.zst` (or without `data/standard`). */
export function libraryPathOf(root: string, key: string, layout: LibraryLayout = 'standard'): string {
  const parts = keyParts(key);
  const path = join(dayFolder(root, layout, parts.source, parts.market, parts.date), `${key}.jsonl.zst`);
  // Belt and braces: whatever the segments were, the result stays under the root.
  if (!path.startsWith(join(root) + sep)) throw new UnsafeLibraryName(`"${key}" would lie outside the library root`);
  return path;
}

/** The layouts in the order a key is looked for. */
export const libraryLayouts: readonly LibraryLayout[] = ['standard', 'flat'];

/** Where a key's complete file lies under a root (the standard layout first, then the flat one), or null; a file reached through a symbolic link is not the library's. */
export async function existingLibraryPath(root: string, key: string): Promise<string | null> {
  for (const layout of libraryLayouts) {
    const path = libraryPathOf(root, key, layout);
    if (await insideLibrary(root, path, 'file')) return path;
  }
  return null;
}

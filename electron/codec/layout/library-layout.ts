import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { parseSnapshotKey, type SnapshotKeyParts } from '../../../shared/snapshot/snapshot-key.ts';
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

const suffix = '.jsonl.zst';

/**
 * The parts of a standard snapshot key in any spelling the real tools write (`…-HH`, `…-HHMMSS`,
 * a whole day), or an `UnsafeLibraryName` error naming it.
 */
export function keyParts(key: string): SnapshotKeyParts {
  const parts = parseSnapshotKey(key);
  if (parts === null || key.endsWith(suffix)) {
    throw new UnsafeLibraryName(`"${key}" is not a standard snapshot key (standard-{source}-{market}-{YYYY-MM-DD}-{HH}, -{HHMMSS}, or a whole day with no time)`);
  }
  checkedSegment('source', parts.source);
  checkedSegment('market', parts.market);
  return parts;
}

/** The folder of one dataset day in a layout. */
export function dayFolder(root: string, layout: LibraryLayout, source: string, market: string, date: string): string {
  const segments = [checkedSegment('source', source), checkedSegment('market', market), checkedSegment('date', date)];
  return layout === 'standard' ? join(root, 'data', 'standard', ...segments) : join(root, ...segments);
}

/** The file named exactly `{key}.jsonl.zst` (the key spelled as given) in a layout. */
export function libraryFilePath(root: string, key: string, layout: LibraryLayout = 'standard'): string {
  const parts = keyParts(key);
  const path = join(dayFolder(root, layout, parts.source, parts.market, parts.date), `${key}${suffix}`);
  // Belt and braces: whatever the segments were, the result stays under the root.
  if (!path.startsWith(join(root) + sep)) throw new UnsafeLibraryName(`"${key}" would lie outside the library root`);
  return path;
}

/**
 * Where a key's file lands in a layout, named by its canonical key whatever spelling was asked
 * for: `{root}/data/standard/{source}/{market}/{date}/{key}.jsonl.zst` (or without `data/standard`).
 */
export function libraryPathOf(root: string, key: string, layout: LibraryLayout = 'standard'): string {
  return libraryFilePath(root, keyParts(key).key, layout);
}

/** The layouts in the order a key is looked for. */
export const libraryLayouts: readonly LibraryLayout[] = ['standard', 'flat'];

async function namesIn(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.endsWith(suffix)).sort();
  } catch {
    return [];
  }
}

/** The files of a layout that hold a key's span under any spelling of it (`…-13`, `…-130000`); a day file is not one of an hour's. */
export async function spellingsOfKey(root: string, key: string, layout: LibraryLayout): Promise<string[]> {
  const wanted = keyParts(key);
  const folder = dayFolder(root, layout, wanted.source, wanted.market, wanted.date);
  return (await namesIn(folder)).filter((name) => parseSnapshotKey(name)?.key === wanted.key).map((name) => join(folder, name));
}

/**
 * Where the library holds a key's data under a root, or null: the file named as the key is
 * spelled, else a file of the same span in another spelling (`…-13` and `…-130000`), else, for an
 * hour, the whole-day file that covers it. The standard layout is looked in first, then the flat
 * one; a file reached through a symbolic link is not the library's.
 */
export async function existingLibraryPath(root: string, key: string): Promise<string | null> {
  const wanted = keyParts(key);
  for (const layout of libraryLayouts) {
    const path = libraryFilePath(root, key, layout);
    if (await insideLibrary(root, path, 'file')) return path;
  }
  for (const layout of libraryLayouts) {
    const folder = dayFolder(root, layout, wanted.source, wanted.market, wanted.date);
    const names = await namesIn(folder);
    const covering = (name: string, span: 'hour' | 'day'): boolean => {
      const parts = parseSnapshotKey(name);
      return parts !== null && parts.source === wanted.source && parts.market === wanted.market && parts.date === wanted.date && parts.span === span && (span === 'day' || parts.key === wanted.key);
    };
    // The canonical spelling first, then the others in name order; then a day file for an hour.
    const candidates = [
      ...names.filter((name) => name === `${wanted.key}${suffix}`),
      ...names.filter((name) => name !== `${wanted.key}${suffix}` && covering(name, wanted.span)),
      ...(wanted.span === 'hour' ? names.filter((name) => covering(name, 'day')) : []),
    ];
    for (const name of candidates) {
      const path = join(folder, name);
      if (await insideLibrary(root, path, 'file')) return path;
    }
  }
  return null;
}

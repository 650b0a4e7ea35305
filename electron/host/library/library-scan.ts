import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hourKey, parseSnapshotKey, type SnapshotSpan } from '../../../shared/snapshot/snapshot-key.ts';
import { insideLibrary } from '../../codec/layout/library-boundary.ts';
import type { LibraryLayout } from '../../codec/layout/library-layout.ts';

/** One complete snapshot file found under the library root. */
export interface LibraryEntry {
  /** The key as the file's name spells it (`…-HH`, `…-HHMMSS`, or a whole day): what deletes or opens it. */
  key: string;
  /** Its canonical key (`…-HH`, or the day key for a whole-day file). */
  canonicalKey: string;
  source: string;
  market: string;
  date: string;
  /** The hour an hour file covers; 0 for a whole-day file. */
  hour: number;
  span: SnapshotSpan;
  path: string;
  bytes: number;
  mtimeMs: number;
  layout: LibraryLayout;
}

const suffix = '.jsonl.zst';

async function folders(path: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

async function filesOf(path: string): Promise<string[]> {
  try {
    return (await readdir(path, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * The files of one layout's tree `{base}/{source}/{market}/{date}/{key}.jsonl.zst`. Only regular
 * files whose name is a standard key matching the folders they lie in are listed: `.part` files,
 * temporary files and anything else are never taken for a file of the library.
 */
async function scanTree(base: string, layout: LibraryLayout, fileSuffix = suffix): Promise<LibraryEntry[]> {
  const found: LibraryEntry[] = [];
  for (const source of await folders(base)) {
    for (const market of await folders(join(base, source))) {
      for (const date of await folders(join(base, source, market))) {
        const dayPath = join(base, source, market, date);
        for (const name of await filesOf(dayPath)) {
          if (!name.endsWith(fileSuffix)) continue;
          const key = name.slice(0, -fileSuffix.length);
          const parts = parseSnapshotKey(key);
          if (parts === null || parts.source !== source || parts.market !== market || parts.date !== date) continue;
          const path = join(dayPath, name);
          try {
            const info = await stat(path);
            const entry = { key, canonicalKey: parts.key, source, market, date, hour: parts.hour ?? 0, span: parts.span };
            if (info.isFile()) found.push({ ...entry, path, bytes: info.size, mtimeMs: info.mtimeMs, layout });
          } catch {
            // Deleted while we looked: not there.
          }
        }
      }
    }
  }
  return found;
}

/**
 * The canonical keys whose data the library's files hold: each file's own, and for a whole-day
 * file every hour of its day (so a listed hour counts as local whichever way its file is spelled).
 */
export function coveredKeys(entries: readonly LibraryEntry[]): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries) {
    keys.add(entry.canonicalKey);
    if (entry.span === 'day') for (let hour = 0; hour < 24; hour++) keys.add(hourKey(entry.source, entry.market, entry.date, hour));
  }
  return keys;
}

/**
 * Every complete snapshot file under a library root, in the public tool's layout
 * (`data/standard/…`) and the flat one (`{source}/{market}/…`). A key present in both is listed
 * once, from the standard layout.
 */
export async function scanLibrary(root: string): Promise<LibraryEntry[]> {
  const base = await standardBase(root);
  const standard = base === null ? [] : await scanTree(base, 'standard');
  const seen = new Set(standard.map((entry) => entry.key));
  const flat = (await scanTree(root, 'flat')).filter((entry) => !seen.has(entry.key));
  return [...standard, ...flat];
}

/**
 * The partial downloads (`{key}.jsonl.zst.part`) under a library root, in either layout: what a
 * transfer leaves to resume from, and what the queue removes at start when no journal entry owns it.
 */
export async function scanPartFiles(root: string): Promise<LibraryEntry[]> {
  const partSuffix = `${suffix}.part`;
  const base = await standardBase(root);
  return [...(base === null ? [] : await scanTree(base, 'standard', partSuffix)), ...(await scanTree(root, 'flat', partSuffix))];
}

/** `{root}/data/standard` when it is the library's own folder; null when it is missing or `data` or `standard` is a symbolic link. */
async function standardBase(root: string): Promise<string | null> {
  const base = join(root, 'data', 'standard');
  return (await insideLibrary(root, base, 'folder')) ? base : null;
}

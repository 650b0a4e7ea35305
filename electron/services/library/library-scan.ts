import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSnapshotKey } from '../local-service/snapshot-keys.ts';
import { insideLibrary } from './library-boundary.ts';
import type { LibraryLayout } from './library-layout.ts';

/** One complete snapshot file found under the library root. */
export interface LibraryEntry {
  key: string;
  source: string;
  market: string;
  date: string;
  hour: number;
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
            if (info.isFile()) found.push({ key, ...parts, path, bytes: info.size, mtimeMs: info.mtimeMs, layout });
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

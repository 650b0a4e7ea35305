import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hourKey, parseSnapshotKey } from '../snapshot-keys.ts';
import type { HourFile } from './market-data-store.ts';

const hourMs = 3_600_000;
const snapshotSuffix = '.jsonl.zst';

/**
 * The folder prefixes under which `{source}/{market}/{date}/{key}.jsonl.zst` is read, most
 * preferred first: the public tool's layout (`data/standard/…`), a bare `standard/…`, and flat.
 * When one key is found under two of them, the earlier one is served.
 */
export const layoutPrefixes: readonly (readonly string[])[] = [['data', 'standard'], ['standard'], []];

/** Folders at the top of a library that never hold snapshot files (exports are written there). */
const skippedTopFolders = new Set(['exports']);

/** What a scan of a snapshot folder found. */
export interface FolderListing {
  /** Whether the root folder exists (a missing folder lists nothing). */
  exists: boolean;
  /** The hour files served, one per key. */
  files: HourFile[];
  /**
   * `.jsonl.zst` files that are not served: a name that is no snapshot key, a key filed under
   * another dataset's or date's folder, or a second copy of a key already found.
   */
  ignored: number;
  /** `.part` files: downloads under way or cut short, never served. */
  partial: number;
}

/** Where a file sits, relative to the root, as folder names. */
function layoutMatch(folders: readonly string[], source: string, market: string, date: string): number {
  return layoutPrefixes.findIndex((prefix) => {
    if (folders.length !== prefix.length + 3) return false;
    const [s, m, d] = folders.slice(prefix.length);
    return prefix.every((name, index) => folders[index] === name) && s === source && m === market && d === date;
  });
}

/**
 * Lists the hour files of a snapshot folder in either layout: `{root}/data/standard/{source}/{market}/{date}/{key}.jsonl.zst`
 * (the public tool's) or `{root}/{source}/{market}/{date}/{key}.jsonl.zst`. `.part` files, the
 * `exports/` folder, hidden folders and anything that is not a snapshot key in its own folder are
 * left out. Never throws for a missing or unreadable folder: it lists what it could read.
 */
export async function listFolderHours(root: string): Promise<FolderListing> {
  const listing: FolderListing = { exists: true, files: [], ignored: 0, partial: 0 };
  const found = new Map<string, { file: HourFile; rank: number }>();
  const maxDepth = Math.max(...layoutPrefixes.map((prefix) => prefix.length)) + 3;
  const walk = async (folders: readonly string[]): Promise<void> => {
    const dir = join(root, ...folders);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (folders.length === 0) listing.exists = (error as NodeJS.ErrnoException).code !== 'ENOENT';
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.') || folders.length >= maxDepth) continue;
        if (folders.length === 0 && skippedTopFolders.has(entry.name)) continue;
        await walk([...folders, entry.name]);
      } else if (entry.isFile()) {
        if (entry.name.endsWith('.part')) listing.partial += 1;
        else if (entry.name.endsWith(snapshotSuffix)) await consider(folders, entry.name);
      }
    }
  };
  const consider = async (folders: readonly string[], name: string): Promise<void> => {
    const parts = parseSnapshotKey(name.slice(0, -snapshotSuffix.length));
    const key = parts === null ? null : hourKey(parts.source, parts.market, parts.date, parts.hour);
    // Only the canonical spelling of a key is a file name (not the `HH0000` form).
    const rank = parts === null || `${key}${snapshotSuffix}` !== name ? -1 : layoutMatch(folders, parts.source, parts.market, parts.date);
    if (parts === null || key === null || rank < 0) {
      listing.ignored += 1;
      return;
    }
    const path = join(root, ...folders, name);
    let bytes: number;
    try {
      bytes = (await stat(path)).size;
    } catch {
      return; // deleted while the folder was read
    }
    const previous = found.get(key);
    if (previous !== undefined) listing.ignored += 1;
    if (previous !== undefined && previous.rank <= rank) return;
    found.set(key, { rank, file: { ...parts, key, hourStart: Date.parse(`${parts.date}T00:00:00Z`) + parts.hour * hourMs, path, bytes } });
  };
  await walk([]);
  listing.files = [...found.values()].map((entry) => entry.file);
  return listing;
}

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import type { HourFile } from './market-data-store.ts';
import { errorCode } from '../../base/error-code.ts';

const snapshotSuffix = '.jsonl.zst';

/**
 * The folder prefixes under which `{source}/{market}/{date}/{key}.jsonl.zst` is read, most
 * preferred first: the public tool's layout (`data/standard/…`), a bare `standard/…`, and flat.
 * When one key is found under two of them, the earlier one is served.
 */
export const layoutPrefixes: readonly (readonly string[])[] = [['data', 'standard'], ['standard'], []];

/** Folders at the top of a library that never hold snapshot files (exports are written there). */
const skippedTopFolders = new Set(['exports']);

/** A whole-day snapshot file (`standard-{source}-{market}-{date}.jsonl.zst`): it serves every hour of its day. */
export interface DayFile {
  source: string;
  market: string;
  /** YYYY-MM-DD, UTC. */
  date: string;
  /** Start of the day, Unix ms. */
  dayStart: number;
  /** Its key, `standard-{source}-{market}-{date}`. */
  key: string;
  path: string;
  bytes: number;
}

/** What a scan of a snapshot folder found. */
export interface FolderListing {
  /** Whether the root folder exists (a missing folder lists nothing). */
  exists: boolean;
  /** The hour files served, one per (canonical) key, whatever spelling their names use. */
  files: HourFile[];
  /** The whole-day files, one per dataset day. */
  days: DayFile[];
  /**
   * `.jsonl.zst` files that are not served: a name that is no snapshot key, a key filed under
   * another dataset's or date's folder, or a second copy of a key already found (another layout,
   * or another spelling of the same hour).
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
 * Lists the snapshot files of a folder in either layout: `{root}/data/standard/{source}/{market}/{date}/{key}.jsonl.zst`
 * (the public tool's) or `{root}/{source}/{market}/{date}/{key}.jsonl.zst`. A key may be spelled
 * as the real tools write it (`…-HH`, `…-HHMMSS`, or a whole day with no time): each file is listed
 * under its canonical key, and when two files name one hour (or one day), the earlier layout wins,
 * then the canonical spelling. `.part` files, the `exports/` folder, hidden folders and anything
 * that is not a snapshot key in its own folder are left out. Never throws for a missing or
 * unreadable folder: it lists what it could read.
 */
export async function listFolderHours(root: string): Promise<FolderListing> {
  const listing: FolderListing = { exists: true, files: [], days: [], ignored: 0, partial: 0 };
  const found = new Map<string, { file: HourFile | DayFile; rank: number }>();
  const maxDepth = Math.max(...layoutPrefixes.map((prefix) => prefix.length)) + 3;
  const walk = async (folders: readonly string[]): Promise<void> => {
    const dir = join(root, ...folders);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (folders.length === 0) listing.exists = errorCode(error) !== 'ENOENT';
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
    const layout = parts === null ? -1 : layoutMatch(folders, parts.source, parts.market, parts.date);
    if (parts === null || layout < 0) {
      listing.ignored += 1;
      return;
    }
    // Layout first, then the canonical spelling before the others (`…-HHMMSS`).
    const rank = 2 * layout + (`${parts.key}${snapshotSuffix}` === name ? 0 : 1);
    const path = join(root, ...folders, name);
    let bytes: number;
    try {
      bytes = (await stat(path)).size;
    } catch {
      return; // deleted while the folder was read
    }
    const previous = found.get(parts.key);
    if (previous !== undefined) listing.ignored += 1;
    if (previous !== undefined && previous.rank <= rank) return;
    const { source, market, date, key } = parts;
    const file: HourFile | DayFile =
      parts.hour === null ? { source, market, date, dayStart: parts.start, key, path, bytes } : { source, market, date, hour: parts.hour, hourStart: parts.start, key, path, bytes };
    found.set(key, { rank, file });
  };
  await walk([]);
  for (const { file } of found.values()) {
    if ('dayStart' in file) listing.days.push(file);
    else listing.files.push(file);
  }
  return listing;
}

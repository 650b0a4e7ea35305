import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { checkedSegment, dayFolder, libraryLayouts, UnsafeLibraryName } from '../../codec/layout/library-layout.ts';
import { parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { ExportError } from './export-error.ts';
import { dayMs, dayStartOf } from '../../../shared/time/time-units.ts';

/** A range of one dataset in a library folder: [start, end) in Unix ms. */
export interface LibraryRange {
  root: string;
  source: string;
  market: string;
  start: number;
  end: number;
}


/** The library's own check of a folder name, as an export error. */
function checkName(what: string, name: string): void {
  try {
    checkedSegment(what, name);
  } catch (error) {
    if (!(error instanceof UnsafeLibraryName)) throw error;
    throw new ExportError('invalid-request', error.message, `Give the ${what} as the catalog lists it.`);
  }
}

function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

async function filesIn(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl.zst')).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * The library's files of a range, oldest first: snapshot files under
 * `{root}/data/standard/{source}/{market}/{date}/` (the public tool's layout) or
 * `{root}/{source}/{market}/{date}/`, for every UTC date the range touches, their keys in any
 * spelling the real tools write. A file whose name gives its span (an hour, or a whole day) is kept
 * only when that span overlaps the range; one key in both layouts or spellings counts once (the
 * standard layout's, then the canonical spelling); a whole-day file stands for its day's hour files, as
 * the offline service serves it. Records are still filtered by collector time when read.
 */
export async function libraryRangeFiles(range: LibraryRange): Promise<string[]> {
  checkName('source', range.source);
  checkName('market', range.market);
  if (!(range.end > range.start)) {
    throw new ExportError('invalid-request', `the range [${range.start}, ${range.end}) is empty`, 'Give an end after the start.');
  }
  const found = new Map<string, { path: string; start: number; day: boolean }>();
  for (let day = dayStartOf(range.start); day < range.end; day += dayMs) {
    const date = utcDate(day);
    const inDay: typeof found = new Map();
    for (const folder of libraryLayouts.map((layout) => dayFolder(range.root, layout, range.source, range.market, date))) {
      // In name order the canonical spelling of an hour (`…-13.jsonl.zst`) comes before the others (`…-130000…`).
      for (const name of (await filesIn(folder)).sort()) {
        const parts = parseSnapshotKey(name);
        // A name that is no key is read whole (its records are filtered by time).
        const id = parts?.key ?? name;
        if (inDay.has(id)) continue;
        if (parts !== null && (parts.end <= range.start || parts.start >= range.end)) continue;
        inDay.set(id, { path: join(folder, name), start: parts?.start ?? day, day: parts?.span === 'day' });
      }
    }
    const wholeDay = [...inDay.values()].some((file) => file.day);
    for (const [id, file] of inDay) if (!wholeDay || file.day) found.set(id, file);
  }
  return [...found.values()].sort((a, b) => a.start - b.start || a.path.localeCompare(b.path)).map((file) => file.path);
}

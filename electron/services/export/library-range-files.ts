import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { checkedSegment, dayFolder, libraryLayouts, UnsafeLibraryName } from '../library/library-layout.ts';
import { ExportError } from './export-error.ts';

/** A range of one dataset in a library folder: [start, end) in Unix ms. */
export interface LibraryRange {
  root: string;
  source: string;
  market: string;
  start: number;
  end: number;
}

const dayMs = 86_400_000;
const hourMs = 3_600_000;
/** The hour a snapshot key names: `standard-{source}-{market}-{YYYY-MM-DD}-{HH}`. */
const keyHour = /-(\d{4}-\d{2}-\d{2})-(\d{2})\.jsonl\.zst$/;

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
 * The library's files of a range, oldest first: hour files under
 * `{root}/data/standard/{source}/{market}/{date}/` (the public tool's layout) or
 * `{root}/{source}/{market}/{date}/`, for every UTC date the range touches. A file whose name
 * gives its hour is kept only when that hour overlaps the range; one key in both layouts counts
 * once (the standard layout's). Records are still filtered by collector time when read.
 */
export async function libraryRangeFiles(range: LibraryRange): Promise<string[]> {
  checkName('source', range.source);
  checkName('market', range.market);
  if (!(range.end > range.start)) {
    throw new ExportError('invalid-request', `the range [${range.start}, ${range.end}) is empty`, 'Give an end after the start.');
  }
  const found = new Map<string, { path: string; hour: number }>();
  for (let day = Math.floor(range.start / dayMs) * dayMs; day < range.end; day += dayMs) {
    const date = utcDate(day);
    for (const folder of libraryLayouts.map((layout) => dayFolder(range.root, layout, range.source, range.market, date))) {
      for (const name of await filesIn(folder)) {
        if (found.has(name)) continue;
        const match = keyHour.exec(name);
        const hour = match === null ? day : Date.parse(`${match[1] ?? ''}T${match[2] ?? ''}:00:00Z`);
        if (Number.isFinite(hour) && match !== null && (hour + hourMs <= range.start || hour >= range.end)) continue;
        found.set(name, { path: join(folder, name), hour: Number.isFinite(hour) ? hour : day });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.hour - b.hour || a.path.localeCompare(b.path)).map((file) => file.path);
}

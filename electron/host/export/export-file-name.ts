import { lstat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { exportRecordTypes } from './export-columns.ts';
import { ExportError } from './export-error.ts';

/** Longest stem a default name gets (file systems allow 255 bytes; `-NNN.parquet.part` must still fit). */
const maxStemLength = 200;
/** Names tried with a counter (`-2` … `-999`) before giving up. */
const maxCounter = 999;

/** What an export's default name says: its datasets, its time range and its record types. */
export interface ExportNameParts {
  /** `source-market` of each dataset, or the file's own name for a file that is not named by a snapshot key. */
  datasets: readonly string[];
  /** The range [start, end) in Unix ms; null when it is not known (files not named by keys). */
  range: { start: number; end: number } | null;
  /** The record types asked for; empty means every type (`all`). */
  types: readonly string[];
}

/** A part of a name kept to letters, digits and `. _ + = -`; anything else becomes `_` (so no folder, no space, no shell quoting). */
function safePart(text: string): string {
  return text.replace(/[^A-Za-z0-9._+=-]+/g, '_').replace(/^[.]+/, '_');
}

/** A UTC instant for a file name, to the minute when it has no seconds: `2026-11-25T0100Z`, else `…T010005Z` or `…T010005.250Z`. */
export function nameStamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  const date = iso.slice(0, 10);
  const hhmm = `${iso.slice(11, 13)}${iso.slice(14, 16)}`;
  const seconds = iso.slice(17, 19);
  const millis = iso.slice(20, 23);
  if (millis !== '000') return `${date}T${hhmm}${seconds}.${millis}Z`;
  return seconds === '00' ? `${date}T${hhmm}Z` : `${date}T${hhmm}${seconds}Z`;
}

/** The types part: the asked-for types in the export's column order, joined by `+`; `all` when none were named. */
function typesPart(types: readonly string[]): string {
  if (types.length === 0) return 'all';
  const order: readonly string[] = exportRecordTypes;
  return [...new Set(types)].sort((a, b) => order.indexOf(a) - order.indexOf(b) || (a < b ? -1 : 1)).join('+');
}

/**
 * The default stem of an export: datasets, range and types, each made safe for any file system,
 * deterministic for the same request: `binance-BTCUSDT-2026-11-25T0100Z-2026-11-25T0700Z-trade+orderbook`.
 * Several datasets are joined by `+`; a stem longer than 200 characters is cut.
 */
export function exportStem(parts: ExportNameParts): string {
  const datasets = [...new Set(parts.datasets.map(safePart))].sort();
  const pieces = [datasets.length === 0 ? 'export' : datasets.join('+')];
  if (parts.range !== null) pieces.push(nameStamp(parts.range.start), nameStamp(parts.range.end));
  pieces.push(typesPart(parts.types.map(safePart)));
  const stem = pieces.join('-');
  return stem.length <= maxStemLength ? stem : stem.slice(0, maxStemLength);
}

/**
 * What the default name of an export of these files says: the datasets and hours their snapshot
 * keys name (`standard-{source}-{market}-{date}-{HH}.jsonl.zst`, or any spelling the real tools
 * write), from the first file's start to the last one's end; a file named otherwise is named by its own name, and then no range is given.
 */
export function filesNameParts(paths: readonly string[], types: readonly string[]): ExportNameParts {
  const datasets: string[] = [];
  let start = Infinity;
  let end = -Infinity;
  let allKeyed = paths.length > 0;
  for (const path of paths) {
    const name = basename(path);
    const key = parseSnapshotKey(name);
    if (key === null) {
      allKeyed = false;
      datasets.push(name.replace(/\.jsonl\.zst$|\.jsonl$|\.zst$/i, ''));
      continue;
    }
    datasets.push(`${key.source}-${key.market}`);
    // The span the file covers: its hour, or its whole day (a key in any spelling the real tools write).
    start = Math.min(start, key.start);
    end = Math.max(end, key.end);
  }
  return { datasets, range: allKeyed && Number.isFinite(start) ? { start, end } : null, types };
}

async function taken(path: string): Promise<boolean> {
  // A `.part` of the name means another export is writing it (or one was interrupted): taken too.
  for (const candidate of [path, `${path}.part`]) {
    const found = await lstat(candidate).then(
      () => true,
      () => false,
    );
    if (found) return true;
  }
  return false;
}

/**
 * The first free path for a default name in `folder`: `{stem}.{format}`, else `{stem}-2.{format}`,
 * `{stem}-3.{format}` …, so an export never replaces an earlier one (the landing refuses a file
 * that appears meanwhile). Refuses with an ExportError after 999 names.
 */
export async function freeExportPath(folder: string, stem: string, format: string): Promise<string> {
  for (let counter = 1; counter <= maxCounter; counter++) {
    const path = join(folder, `${counter === 1 ? stem : `${stem}-${counter}`}.${format}`);
    if (!(await taken(path))) return path;
  }
  throw new ExportError('exists', `${maxCounter} exports named ${stem} already exist in ${folder}`, 'Give this export a name, or move earlier exports away.');
}

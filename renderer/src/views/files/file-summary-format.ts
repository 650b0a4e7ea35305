import type { FileViewProgress } from '../../../../shared/contract/file-view-schemas.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';

type Summary = FileViewProgress['summary'];

/** A count with thousands separators. */
export function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** The header line: format, source and market, the collector's version and date (or what a legacy file lacks). */
export function headerLine(summary: Summary): string {
  if (summary.format === null) return 'Format not known yet';
  const header = summary.header;
  if (summary.format === 'legacy' || header === null) return 'Legacy format (no metadata header)';
  const parts = [`v2 (schema ${header.schemaVersion})`, `${header.source} · ${header.market}`];
  if (header.date !== null) parts.push(header.date);
  if (header.collectorVersion !== null) parts.push(`collector ${header.collectorVersion}`);
  return parts.join(' · ');
}

/** One row of the counts table: a type, how many records the decode found, and what the header declared. */
export interface TypeCount {
  type: string;
  found: number;
  /** The header's `<type>_count`, null when it has none (legacy files, or a type it does not count). */
  declared: number | null;
}

/** Counts by type, most first (ties by name), beside the header's declared counts, including types it declared but the decode has not met. */
export function typeCounts(summary: Summary): TypeCount[] {
  const declared = summary.header?.counts ?? {};
  const declaredOf = (type: string): number | null => declared[`${type}_count`] ?? null;
  const rows = Object.entries(summary.countsByType).map(([type, found]) => ({ type, found, declared: declaredOf(type) }));
  for (const key of Object.keys(declared)) {
    const type = key.replace(/_count$/, '');
    if (key.endsWith('_count') && !(type in summary.countsByType)) rows.push({ type, found: 0, declared: declared[key] ?? null });
  }
  return rows.sort((a, b) => b.found - a.found || a.type.localeCompare(b.type));
}

/**
 * How long a span of ms lasts, in words: `59 min 59.9 s`, `850 ms`, `2 h 3 min`. The span is
 * rounded once, to what is shown, before it is cut into units: 3,599,990 ms is `1 h 0 min`, never
 * `59 min 60.0 s`.
 */
export function durationText(ms: number): string {
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  if (tenths < 36_000) return `${Math.floor(tenths / 600)} min ${((tenths % 600) / 10).toFixed(1)} s`;
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * Why a file's books cannot be replayed, or null when they may be: a decode that stopped before a
 * single record (not a zstd file, an empty one, one that cannot be read) leaves nothing to replay.
 */
export function replayRefusal(progress: { rows: number; error: { message: string } | null } | null): string | null {
  if (progress === null || progress.error === null || progress.rows > 0) return null;
  return `Nothing to replay: ${progress.error.message}`;
}

/** The collector time range: first to last record and how long it spans, in the user's zone. */
export function timeRangeText(summary: Summary, zone: TimeZoneChoice): string {
  const first = summary.firstCollectorTimestamp;
  const last = summary.lastCollectorTimestamp;
  if (first === null || last === null) return 'No records yet';
  return `${formatTimestamp(first, zone)} → ${formatTimestamp(last, zone)} (${durationText(Math.max(0, last - first))})`;
}

/** How far the decode has read, as a whole percentage of the compressed file. */
export function readPercent(progress: Pick<FileViewProgress, 'bytesRead' | 'totalBytes'>): number {
  if (progress.totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((progress.bytesRead / progress.totalBytes) * 100));
}

/** Where and why a damaged file stopped, in one sentence. */
export function stopText(error: NonNullable<FileViewProgress['error']>): string {
  const place = error.line === null ? '' : ` at line ${count(error.line)}${error.byteOffset === null ? '' : ` (byte ${count(error.byteOffset)} of the decompressed text)`}`;
  const what = {
    'empty-file': 'The file is empty',
    'not-zstd': 'This is not a zstd file',
    truncated: 'The file ends in the middle of a zstd frame',
    'corrupt-zstd': 'The compressed data is damaged',
    'malformed-line': 'A line is not a valid record',
    'line-too-long': 'A line is longer than any real record',
    'unknown-schema-version': 'The file was written by a newer collector',
    io: 'The file could not be read',
    cancelled: 'Reading was cancelled',
  }[error.kind];
  return `${what}${place}, after ${count(error.recordsDecoded)} records.`;
}

/** Whether the header's declared count differs from what was found once the decode finished. */
export function countMismatch(row: TypeCount, finished: boolean): boolean {
  return finished && row.declared !== null && row.declared !== row.found;
}

/** The decoder's own words on a stop, when they add to `stopText` (the bad line's reason, the zstd error); empty otherwise. */
export function stopDetail(error: NonNullable<FileViewProgress['error']>): string {
  if (error.kind === 'truncated' || error.kind === 'empty-file' || error.kind === 'cancelled') return '';
  const prefix = `${error.file}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

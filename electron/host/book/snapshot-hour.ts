import { basename } from 'node:path';
import type { SnapshotSummary } from '../../../shared/snapshot/decode-summary.ts';
import { parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { hourMs, hourStartOf } from '../../../shared/time/time-units.ts';

/** One hour in milliseconds: the span one standard snapshot file covers. */

/** The span of time a snapshot file covers, Unix ms: [start, end). */
export interface FileSpan {
  start: number;
  end: number;
}

/**
 * The span a snapshot file covers, read from its key in the file name in any spelling the real
 * tools write (`…-HH`, `…-HHMMSS`: an hour; no time: a whole UTC day); null when the name is not a key.
 */
export function snapshotKeySpan(path: string): FileSpan | null {
  const parts = parseSnapshotKey(basename(path));
  return parts === null ? null : { start: parts.start, end: parts.end };
}

/**
 * The span a decoded file covers: the hour of its metadata header's start time (else its first
 * timestamp), or the whole hours up to the header's end time when that says it spans a day; null
 * when neither time is known.
 */
export function summarySpan(summary: SnapshotSummary): FileSpan | null {
  const first = summary.header?.startTime ?? summary.firstCollectorTimestamp;
  if (first === null) return null;
  const start = hourStartOf(first);
  const last = summary.header?.endTime ?? null;
  const wholeDay = last !== null && last - start >= 23 * hourMs;
  return { start, end: wholeDay ? hourStartOf(last) + hourMs : start + hourMs };
}

/** Whether moving from a file covering `previous` to one covering `next` crosses an hour with no file. */
export function isCoverageGap(previous: FileSpan | null, next: FileSpan | null): boolean {
  if (previous === null || next === null) return false;
  return next.start !== previous.start && next.start !== previous.end;
}

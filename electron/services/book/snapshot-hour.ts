import { basename } from 'node:path';
import type { SnapshotSummary } from '../../../shared/snapshot/decode-summary.ts';

/** One hour in milliseconds: the span one standard snapshot file covers. */
export const hourMs = 3_600_000;

// `standard-{source}-{market}-{YYYY-MM-DD}-{HH}` (or `HHMMSS` in /download manifests). Source and
// market may hold dashes themselves (`BTC-USDT`), so the date and hour are matched from the end.
const snapshotKeyPattern = /^standard-.+-(\d{4})-(\d{2})-(\d{2})-(\d{2})(?:\d{4})?(?:\.jsonl(?:\.zst)?)?$/;

/** The start of the UTC hour a snapshot file covers, read from its key in the file name; null when the name is not a key. */
export function snapshotKeyHour(path: string): number | null {
  const match = snapshotKeyPattern.exec(basename(path));
  if (match === null) return null;
  const [, year, month, day, hour] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined || hour === undefined || hour > 23) return null;
  const start = Date.UTC(year, month - 1, day, hour);
  // Reject dates such as 2024-02-31 that Date.UTC would roll over.
  return new Date(start).getUTCDate() === day ? start : null;
}

/** The hour a decoded file covers, from its metadata header or else its first timestamp; null when neither is known. */
export function summaryHour(summary: SnapshotSummary): number | null {
  const first = summary.header?.startTime ?? summary.firstCollectorTimestamp;
  return first === null ? null : Math.floor(first / hourMs) * hourMs;
}

/** Whether moving from a file covering `previous` to one covering `next` crosses an hour with no file. */
export function isCoverageGap(previous: number | null, next: number | null): boolean {
  if (previous === null || next === null) return false;
  return next !== previous && next !== previous + hourMs;
}

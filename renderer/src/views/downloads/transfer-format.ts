import type { Availability, DownloadItem, DownloadQueue } from '../../../../shared/contract/library-schemas.ts';
import { formatBytes } from '../../../../shared/byte-size.ts';

/** A transfer rate: `850 B/s`, `4.20 MB/s`; an em dash when nothing moves. */
export function formatRate(bytesPerSecond: number): string {
  return bytesPerSecond <= 0 ? '—' : `${formatBytes(Math.round(bytesPerSecond))}/s`;
}

/** Time left, coarse as people read it: `<1 s`, `42 s`, `3 min 05 s`, `2 h 07 min`; an em dash when unknown. */
export function formatEta(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return '<1 s';
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Bytes so far of a total: `1.20 MB / 4.80 MB`, or `1.20 MB` while the total is not known. */
export function formatProgressBytes(bytes: number, totalBytes: number | null): string {
  return totalBytes === null ? formatBytes(bytes) : `${formatBytes(bytes)} / ${formatBytes(totalBytes)}`;
}

/** Share done, 0 to 1; null when the total is not known. A finished file is whole. */
export function progressOf(item: Pick<DownloadItem, 'bytes' | 'totalBytes' | 'state'>): number | null {
  if (item.state === 'done') return 1;
  if (item.totalBytes === null || item.totalBytes <= 0) return null;
  return Math.min(1, item.bytes / item.totalBytes);
}

/** An hour file as people read it: `2026-11-20 14:00 UTC`. */
export function hourLabel(date: string, hour: number): string {
  return `${date} ${String(hour).padStart(2, '0')}:00 UTC`;
}

/** A library file as people read it: its hour (`2026-11-20 14:00 UTC`), or `2026-11-20 · whole day (UTC)` for a whole-day file. */
export function libraryFileLabel(file: { date: string; hour: number; span?: 'day' | undefined }): string {
  return file.span === 'day' ? `${file.date} · whole day (UTC)` : hourLabel(file.date, file.hour);
}

/** Words for a queue state. */
export const downloadStateLabels: Record<DownloadItem['state'], string> = {
  queued: 'Queued',
  downloading: 'Downloading',
  verifying: 'Verifying',
  paused: 'Paused',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A dataset's access in words: `open`, `preview · public until 2026-11-15`, `restricted`. */
export function accessLabel(access: Availability['access']): string {
  return access.publicCutoffDate === null ? access.status : `${access.status} · public until ${access.publicCutoffDate}`;
}

/** A count with its noun: `1 file`, `24 files`, `1,200 files`. */
export function countOf(value: number, noun: string, plural = `${noun}s`): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? noun : plural}`;
}

/** The queue's totals after its counts: bytes (of the total when known), then the rate and time left when known; empty before a byte moves. */
export function queueTotalsText(totals: Pick<DownloadQueue['totals'], 'bytes' | 'totalBytes' | 'rateBps' | 'etaMs'>): string {
  if (totals.bytes === 0 && totals.rateBps <= 0) return '';
  const parts = [formatProgressBytes(totals.bytes, totals.totalBytes)];
  if (totals.rateBps > 0) parts.push(formatRate(totals.rateBps));
  if (totals.etaMs !== null) parts.push(`ETA ${formatEta(totals.etaMs)}`);
  return parts.join(' · ');
}

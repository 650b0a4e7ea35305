import { formatTimeOfDay, formatTimestamp, notPublished, type TimeZoneChoice } from './market-values.ts';

/** A duration for reading: `850 ms`, `12.4 s`, `3 m 05 s`, `2 h 07 m`; null is an em dash. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return notPublished;
  const sign = ms < 0 ? '−' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
  if (abs < 60_000) return `${sign}${(Math.floor(abs / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(abs / 1000);
  if (seconds < 3600) return `${sign}${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, '0')} s`;
  return `${sign}${Math.floor(seconds / 3600)} h ${String(Math.floor(seconds / 60) % 60).padStart(2, '0')} m`;
}

function dayOf(ms: number, zone: TimeZoneChoice): string {
  return formatTimestamp(ms, zone, 'min').slice(0, 10);
}

/** Whether a range spans more than one calendar day in the user's zone (then times need their date). */
export function rangeCrossesDays(start: number, end: number, zone: TimeZoneChoice): boolean {
  return dayOf(start, zone) !== dayOf(end, zone);
}

/** A time in the user's zone with ms: the time of day, or `MM-DD HH:MM:SS.mmm` when the range crosses days. */
export function formatRowTime(ms: number | null, zone: TimeZoneChoice, withDate: boolean): string {
  if (!withDate) return formatTimeOfDay(ms, zone, 'ms');
  const full = formatTimestamp(ms, zone, 'ms');
  return full === notPublished ? full : full.slice(5);
}

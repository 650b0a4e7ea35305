import { formatTimestamp, type TimePrecision, type TimeZoneChoice } from './market-values.ts';

/** Minutes east of UTC at an instant (Unix ms): 0 for UTC, the computer's zone for local time. */
export type ZoneOffset = (ms: number) => number;

/** UTC: no offset. */
export const utcOffset: ZoneOffset = () => 0;

/** The computer's time zone, at that instant (so summer time is honoured). */
export const localOffset: ZoneOffset = (ms) => -new Date(ms).getTimezoneOffset();

/** The offset of the user's time zone choice (Settings → Display). */
export function zoneOffsetOf(zone: TimeZoneChoice): ZoneOffset {
  return zone === 'utc' ? utcOffset : localOffset;
}

/** How close to now a coverage end must be to read as "now" (the market is still recorded). */
const liveWithinMs = 5 * 60_000;

/** An instant as wall-clock time in a zone: `2026-11-19 05:00` (to the minute by default). */
export function formatInstant(ms: number, offset: ZoneOffset, precision: TimePrecision = 'min'): string {
  return formatTimestamp(ms + offset(ms) * 60_000, 'utc', precision);
}

/** Whether a coverage end is recent enough to say "now". */
export function isLive(endIso: string, nowMs: number): boolean {
  return Math.abs(nowMs - Date.parse(endIso)) < liveWithinMs;
}

/** How finely a coverage range is shown: to the minute, or to the day (where width is short). */
export type CoveragePrecision = 'min' | 'day';

/**
 * A coverage range in the chosen zone, "2026-11-19 05:00 → now", or with the end when the
 * coverage ended more than a few minutes ago; to the day, "2026-11-19 → 2026-11-21". A day is
 * the zone's own date, which near midnight is not the UTC date.
 */
export function formatCoverage(startIso: string, endIso: string, nowMs: number, offset: ZoneOffset, precision: CoveragePrecision = 'min'): string {
  const shown = (iso: string): string => {
    const text = formatInstant(Date.parse(iso), offset);
    return precision === 'day' && text.length > 10 ? text.slice(0, 10) : text;
  };
  return `${shown(startIso)} → ${isLive(endIso, nowMs) ? 'now' : shown(endIso)}`;
}

/** A number or decimal string as the venue wrote it, or an em dash for null. */
export function formatTerm(value: string | number | null): string {
  return value === null ? '—' : String(value);
}

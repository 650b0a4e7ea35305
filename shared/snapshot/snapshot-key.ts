import { dayMs, hourMs } from '../time/time-units.ts';
/**
 * The one reader of standard snapshot keys. The service lists hourly keys
 * `standard-{source}-{market}-{YYYY-MM-DD}-{HH}` (the canonical spelling, which the app writes);
 * the service's SDKs and tool also write and read the hour as an `HHMMSS` timestamp
 * (`…-2024-01-01-130000`, and `H`/`HHMM` in older code) and whole-day keys with no hour
 * (`standard-lighter-BTC-USD-2026-11-24`). Every spelling reads to its canonical key and the span
 * of time its file covers.
 */

/** How much of a UTC day a snapshot file covers. */
export type SnapshotSpan = 'hour' | 'day';

/** What a standard snapshot key names. */
export interface SnapshotKeyParts {
  source: string;
  market: string;
  /** YYYY-MM-DD, UTC. */
  date: string;
  /** 0 to 23 for an hour file; null for a whole-day file. */
  hour: number | null;
  span: SnapshotSpan;
  /** The canonical key: `standard-{source}-{market}-{date}-{HH}`, or `standard-{source}-{market}-{date}` for a day. */
  key: string;
  /** Start of the covered span, Unix ms (inclusive): the hour's start, or the day's. */
  start: number;
  /** The instant the key's time names (`…-131500`: 13:15:00), Unix ms; `start` unless minutes or seconds are given. */
  named: number;
  /** End of the covered span, Unix ms (exclusive). */
  end: number;
}

const suffix = '.jsonl.zst';
// Source and market may hold dashes themselves (`BTC-USDT`), so the date (and time) are read from the end.
const timedKey = /^standard-([^-]+)-(.+)-(\d{4})-(\d{2})-(\d{2})-(\d{1,2}|\d{4}|\d{6})$/;
const dayKeyPattern = /^standard-([^-]+)-(.+)-(\d{4})-(\d{2})-(\d{2})$/;

/** The canonical key of a dataset hour: what `/snapshots` lists and what the app names its files. */
export function hourKey(source: string, market: string, date: string, hour: number): string {
  return `standard-${source}-${market}-${date}-${String(hour).padStart(2, '0')}`;
}

/** The key of a whole-day file of a dataset. */
export function dayKey(source: string, market: string, date: string): string {
  return `standard-${source}-${market}-${date}`;
}

/** Start of a real UTC date, or null for one such as 2024-02-31. */
function dayStart(year: string, month: string, day: string): number | null {
  const start = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const back = new Date(start);
  return back.getUTCFullYear() === Number(year) && back.getUTCMonth() === Number(month) - 1 && back.getUTCDate() === Number(day) ? start : null;
}

/** The hour and the ms past it of an `H`, `HH`, `HHMM` or `HHMMSS` time, or null when it is not a time of day. */
function timeOfDay(time: string): { hour: number; past: number } | null {
  const hour = Number(time.length <= 2 ? time : time.slice(0, 2));
  const minute = time.length >= 4 ? Number(time.slice(2, 4)) : 0;
  const second = time.length === 6 ? Number(time.slice(4, 6)) : 0;
  return hour <= 23 && minute <= 59 && second <= 59 ? { hour, past: minute * 60_000 + second * 1000 } : null;
}

/**
 * Reads a standard snapshot key in any spelling the real tools write, with or without
 * `.jsonl.zst`: an hour (`-HH`, or `-HHMMSS` and the like: a file named for a time inside hour
 * `HH` holds that hour's data, as the SDKs file it), or a whole day (no time). Null when the text
 * is not one (a raw key, a bad date or time).
 */
export function parseSnapshotKey(text: string): SnapshotKeyParts | null {
  const key = text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
  const timed = timedKey.exec(key);
  if (timed !== null) {
    const [, source = '', market = '', year = '', month = '', day = '', time = ''] = timed;
    const start = dayStart(year, month, day);
    const at = timeOfDay(time);
    if (start !== null && at !== null) {
      const date = `${year}-${month}-${day}`;
      const hourStart = start + at.hour * hourMs;
      return { source, market, date, hour: at.hour, span: 'hour', key: hourKey(source, market, date, at.hour), start: hourStart, named: hourStart + at.past, end: hourStart + hourMs };
    }
  }
  // Not a time after a date: perhaps a whole day of a market whose name ends in digits.
  const whole = dayKeyPattern.exec(key);
  if (whole === null) return null;
  const [, source = '', market = '', year = '', month = '', day = ''] = whole;
  const start = dayStart(year, month, day);
  if (start === null) return null;
  const date = `${year}-${month}-${day}`;
  return { source, market, date, hour: null, span: 'day', key: dayKey(source, market, date), start, named: start, end: start + dayMs };
}

/** The canonical spelling of a key (itself when it is already canonical, or not a standard key at all). */
export function canonicalSnapshotKey(text: string): string {
  return parseSnapshotKey(text)?.key ?? text;
}

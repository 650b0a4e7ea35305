/**
 * The one parser behind every typed time: the app's time fields (the replay's Go to time, the
 * Files view's jump, the range picker's bounds, through `renderer/src/format/time-input.ts`) and
 * every time flag of `mde` (`--from`, `--to`, `--at`). Text is read in the field's zone (the zone
 * the app shows times in; UTC on the command line), unless it names its own:
 *
 * - what the app shows: `2026-11-24 23:30`, `2026-11-24 23:30:00`, `2026-11-24 23:30:00.123`;
 * - ISO-8601: `2026-11-24T23:30:00Z`, `…+02:00` (or `+0200`, `+02`), fractional seconds, a date
 *   alone (`2026-11-24`, its midnight), no zone (the shown zone); `T` or spaces between date and
 *   time; a zone may also be written `UTC`, `UTC+05:30`, `local`, `local time`, or in brackets
 *   (`(UTC)`), as the examples print it;
 * - a time of day `HH:MM`, `HH:MM:SS`, `HH:MM:SS.mmm` on the date of the field's reference time,
 *   as that date is in the zone the time is read in (refused when the field has none);
 * - Unix milliseconds, a whole number of 12–14 digits (1973 to 5138), and Unix seconds, exactly
 *   10 digits with optional decimals (2001 to 2286): no other length is read, so neither can be
 *   mistaken for the other. The command line reads any number as Unix ms (`numbers: 'unix-ms'`).
 *
 * Digits past the millisecond are dropped (rounded down). Impossible dates and times (2026-02-30,
 * 24:00, minute 60) are refused, never rolled over. In local time a time shown twice (clocks set
 * back) is its earlier instant; a time never shown (clocks set forward) is refused, naming the
 * change, except a date alone whose midnight was skipped, which starts when the clocks changed.
 */
import { dateAt, daysInMonth, instantOf, monthNames, type ClockZone, type WallClock } from './wall-clock.ts';

/** What a time is read in: a zone, the time on the date shown, and how bare numbers read. */
export interface TimeTextContext {
  /** The zone text without a zone of its own is read in. */
  zone: 'utc' | 'local';
  /** A time (Unix ms) on the date the field shows: a time of day alone falls on its date. None: refused. */
  reference?: number | null;
  /**
   * How a bare number reads: `unix-ms-or-s` (the default) takes 12–14 digits as Unix ms and 10
   * digits as Unix seconds, nothing else; `unix-ms` takes any number as Unix ms (the command line).
   */
  numbers?: 'unix-ms-or-s' | 'unix-ms';
  /** A time of day that names no zone: read in `zone` (the default), or refused (a date alone is still its midnight). */
  zoneless?: 'read' | 'refuse';
}

/** A typed time read: its Unix-ms instant, or what was wrong with it (without the forms that work). */
export type TimeTextResult = { ok: true; time: number } | { ok: false; problem: string };

/** What was wrong with a typed time (thrown inside this module only, caught by `readTimeText`). */
class Problem extends Error {}

/** A number the command line reads as Unix ms: an integer or a decimal, signed. */
const anyUnixMs = /^-?\d+(?:\.\d+)?$/;

const clock = '(?<clock>(?<hour>\\d{1,2}):(?<minute>\\d{2})(?::(?<second>\\d{2})(?:[.,](?<fraction>\\d{1,9}))?)?)';
const datedPattern = new RegExp(`^(?<date>(?<year>\\d{4})-(?<month>\\d{1,2})-(?<day>\\d{1,2}))(?:(?:T|\\s+)${clock})?\\s*(?<zone>.*)$`, 'i');
const clockPattern = new RegExp(`^${clock}\\s*(?<zone>.*)$`);
const unixPattern = /^(\d+)(?:[.,](\d+))?$/;
const offsetPattern = /^([+\-−])(\d{1,2})(?::?(\d{2}))?$/;
/** Text that looks like a zone's name: an abbreviation (`EST`) or an IANA name (`Europe/Paris`). */
const zoneName = /^\(?(?:[A-Z]{2,5}|[A-Za-z_]+\/[A-Za-z_/]+)\)?$/;

/** Milliseconds from the digits after a decimal point, rounded down. */
function millisOf(digits: string | undefined): number {
  return Number((digits ?? '').slice(0, 3).padEnd(3, '0'));
}

function quoted(text: string): string {
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

function unixTime(typed: string, whole: string, decimals: string | undefined): number {
  if (decimals === undefined && whole.length >= 12 && whole.length <= 14) return Number(whole);
  if (whole.length === 10) return Number(whole) * 1000 + millisOf(decimals);
  throw new Problem(`${quoted(typed)} is not a Unix time: milliseconds are a whole number of 12 to 14 digits, seconds have 10 digits`);
}

/** The zone a time's trailing text names, or the shown zone when there is none; null when unreadable. */
function zoneOf(text: string, shown: TimeTextContext['zone']): ClockZone | null {
  const words = text.replace(/^\((.*)\)$/, '$1').trim().toLowerCase();
  if (words === '') return shown === 'utc' ? 0 : 'local';
  if (words === 'z') return 0;
  if (/^local(?:\s+time)?$/.test(words)) return 'local';
  const named = /^(?:utc|gmt)\s*(.*)$/.exec(words);
  const offsetText = named === null ? words : (named[1] ?? '');
  if (named !== null && offsetText === '') return 0;
  const offset = offsetPattern.exec(offsetText);
  if (offset === null) return null;
  const [, sign, hours = '', minutes = '00'] = offset;
  if (Number(hours) > 23 || Number(minutes) > 59) throw new Problem(`${quoted(text)} is not an offset from UTC: hours run 00 to 23, minutes 00 to 59`);
  return (sign === '+' ? 1 : -1) * (Number(hours) * 60 + Number(minutes));
}

function checkDate(text: string, year: number, month: number, day: number): void {
  if (month < 1 || month > 12) throw new Problem(`${quoted(text)} is not a date: months run 01 to 12`);
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) throw new Problem(`${quoted(text)} is not a date: ${monthNames[month - 1] ?? ''} ${year} has ${days} days`);
}

/** The time of day a match names (midnight when it names none), checked. */
function timeOfDay(groups: Record<string, string | undefined>): Pick<WallClock, 'hour' | 'minute' | 'second' | 'ms'> {
  const [hour, minute, second] = [Number(groups['hour'] ?? '0'), Number(groups['minute'] ?? '0'), Number(groups['second'] ?? '0')];
  const text = groups['clock'] ?? '';
  if (hour > 23) throw new Problem(`${quoted(text)} is not a time of day: hours run 00 to 23`);
  if (minute > 59) throw new Problem(`${quoted(text)} is not a time of day: minutes run 00 to 59`);
  if (second > 59) throw new Problem(`${quoted(text)} is not a time of day: seconds run 00 to 59`);
  return { hour, minute, second, ms: millisOf(groups['fraction']) };
}

/** The instant of a wall clock; a date alone (`dateOnly`) whose midnight was skipped starts when the clocks changed. */
function instant(wall: WallClock, zone: ClockZone, typed: string, dateOnly = false): number {
  const found = instantOf(wall, zone);
  const read = !found.ok && dateOnly ? { ok: true as const, time: found.skipped.at } : found;
  if (!read.ok) {
    const pad = (value: number): string => String(value).padStart(2, '0');
    const when = `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
    throw new Problem(`${when} does not exist in local time: the clocks went from ${read.skipped.from} to ${read.skipped.to} that day`);
  }
  if (read.time < 0) throw new Problem(`${quoted(typed)} is before 1970-01-01 00:00 UTC, where Unix time starts`);
  return read.time;
}

function read(typed: string, { zone: shown, reference, numbers = 'unix-ms-or-s', zoneless = 'read' }: TimeTextContext): number {
  if (typed === '') throw new Problem('No time was typed');
  if (numbers === 'unix-ms' && anyUnixMs.test(typed)) return Number(typed);
  const unix = unixPattern.exec(typed);
  if (unix !== null) return unixTime(typed, unix[1] ?? '', unix[2]);
  const dated = datedPattern.exec(typed)?.groups;
  const clocked = dated === undefined ? clockPattern.exec(typed)?.groups : undefined;
  const groups = dated ?? clocked;
  const zoneText = groups?.['zone'] ?? '';
  const zone = groups === undefined ? null : zoneOf(zoneText, shown);
  if (zone === null && zoneName.test(zoneText)) throw new Problem(`Could not read the zone ${quoted(zoneText)}: write Z, an offset such as +02:00, UTC or local`);
  if (groups === undefined || zone === null) throw new Problem(`Could not read ${quoted(typed)}`);
  if (zoneless === 'refuse' && zoneText.trim() === '' && groups['clock'] !== undefined) throw new Problem(`${quoted(typed)} names no zone: add Z (UTC) or an offset such as +02:00`);
  if (dated !== undefined) {
    const [year, month, day] = [Number(dated['year']), Number(dated['month']), Number(dated['day'])];
    checkDate(dated['date'] ?? '', year, month, day);
    return instant({ year, month, day, ...timeOfDay(dated) }, zone, typed, dated['clock'] === undefined);
  }
  const time = timeOfDay(groups);
  if (reference === undefined || reference === null) throw new Problem(`${quoted(typed)} is a time of day, and this field has no date to put it on: add the date`);
  return instant({ ...dateAt(reference, zone), ...time }, zone, typed);
}

/**
 * Reads a typed time (see the module comment for every form and rule): `{ok: true, time}` in
 * Unix ms, or `{ok: false, problem}` naming what was wrong.
 */
export function readTimeText(text: string, context: TimeTextContext): TimeTextResult {
  try {
    return { ok: true, time: read(text.trim(), context) };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    return { ok: false, problem: error.message };
  }
}

import { daysInMonth, monthNames } from '../../shared/time/wall-clock.ts';
import { badRequest } from './service-error.ts';

// The service's query times keep the spec's strict grammar (a 400 for anything else); the
// calendar they are checked against is the app's one (shared/time/).
const dateForm = /^(\d{4})-(\d{2})-(\d{2})$/;
// A space before the offset is a `+` that was not URL-encoded (`+02:00` arrives as ` 02:00`).
const instantForm = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+\- ]\d{2}:?\d{2})?)?$/;
/** Real UTC offsets run from −12:00 to +14:00. */
const maxOffsetHours = 14;

function calendarProblem(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12) return `month ${month} does not exist`;
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return `${monthNames[month - 1] ?? ''} ${year} has no day ${day} (it has ${days})`;
  return null;
}

function clockProblem(hour: number, minute: number, second: number): string | null {
  if (hour > 23) return `hour ${hour} is not in 0–23`;
  if (minute > 59) return `minute ${minute} is not in 0–59`;
  if (second > 59) return `second ${second} is not in 0–59`;
  return null;
}

/** Unix ms of a checked UTC date and time; Date.UTC alone would read years 0–99 as 1900–1999. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second, ms));
  return date.setUTCFullYear(year, month - 1, day);
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
}

/**
 * Parses a strict `YYYY-MM-DD` UTC date (`/download`'s `date`) into the Unix ms of its midnight.
 * A date that does not exist (2026-02-30, 2026-13-01) is a 400 naming the parameter and the value.
 */
export function parseUtcDate(name: string, text: string): number {
  const refuse = (problem: string): never => {
    throw badRequest(`"${name}" must be a real calendar date in strict YYYY-MM-DD form (UTC), not ${quoted(text)}: ${problem}`, `Send ${name}=YYYY-MM-DD, a date that exists.`);
  };
  const match = dateForm.exec(text);
  if (match === null) return refuse('it is not in that form');
  const [year = 0, month = 0, day = 0] = match.slice(1, 4).map(Number);
  const problem = calendarProblem(year, month, day);
  if (problem !== null) return refuse(problem);
  return utcMs(year, month, day);
}

/**
 * Parses an ISO 8601 instant (`/snapshots`' `from` and `to`): a date alone, or a date and time
 * to the minute, second or fraction, with `Z`, an offset within ±14:00, or no zone (UTC). Every
 * field must exist (no rolling 2026-02-30 over into March); otherwise a 400 naming the parameter
 * and the value.
 */
export function parseUtcInstant(name: string, text: string): number {
  const match = instantForm.exec(text);
  const refuse = (problem: string): never => {
    throw badRequest(
      `"${name}" must be an ISO 8601 time such as 2026-11-20T13:00:00Z, not ${quoted(text)}: ${problem}`,
      `Send "${name}" as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ with a real date, hours 0–23 and minutes and seconds 0–59.`,
    );
  };
  if (match === null) return refuse('it is not in that form');
  // Groups that did not match (no time, no seconds) are undefined, whatever the type of `slice` says.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part: string | undefined) => (part === undefined ? 0 : Number(part)));
  const problem = calendarProblem(year, month, day) ?? clockProblem(hour, minute, second);
  if (problem !== null) return refuse(problem);
  const ms = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  return utcMs(year, month, day, hour, minute, second, ms) - offsetMs(match[8], refuse);
}

function offsetMs(zone: string | undefined, refuse: (problem: string) => never): number {
  if (zone === undefined || zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > maxOffsetHours || minutes > 59 || (hours === maxOffsetHours && minutes > 0)) return refuse(`offset ${zone} is not within ±14:00`);
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

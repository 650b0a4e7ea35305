import { dayMs } from './time-units.ts';
/**
 * Wall clocks and instants: the Unix-ms instant a calendar date and time of day names in a zone,
 * and the calendar date an instant falls on there. Fields are checked by the caller
 * (`time-text.ts`); nothing here rolls an impossible date over.
 */

/** A calendar date and time of day as a clock on the wall shows it (month 1–12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

/** Where a wall clock is read: the computer's zone, or a fixed offset east of UTC in minutes (UTC is 0). */
export type ClockZone = 'local' | number;

/** The instant a wall clock names, or the change that skipped it: its instant `at`, the clock before (`from`) and after (`to`) as `HH:MM`. */
export type WallInstant = { ok: true; time: number } | { ok: false; skipped: { at: number; from: string; to: string } };


function asIfUtc(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.ms);
}

/** Minutes east of UTC of the computer's zone at an instant. */
function localOffsetAt(time: number): number {
  return -new Date(time).getTimezoneOffset();
}

function showsLocally(time: number, wall: WallClock): boolean {
  const date = new Date(time);
  return (
    date.getFullYear() === wall.year &&
    date.getMonth() === wall.month - 1 &&
    date.getDate() === wall.day &&
    date.getHours() === wall.hour &&
    date.getMinutes() === wall.minute &&
    date.getSeconds() === wall.second &&
    date.getMilliseconds() === wall.ms
  );
}

function clockText(time: number): string {
  return new Date(time).toISOString().slice(11, 16);
}

/** The first instant, between two instants with different local offsets, that has the later one. */
function changeBetween(low: number, high: number): number {
  const after = localOffsetAt(high);
  let [lo, hi] = [low, high];
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localOffsetAt(mid) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The instant a wall clock names in the computer's zone. A time shown twice (clocks set back) is
 * the earlier instant; a time never shown (clocks set forward) is `skipped`, with the change.
 * Decided here from the offsets around the time, not by the engine's own rule for `new Date(...)`.
 */
function localInstant(wall: WallClock): WallInstant {
  const guess = asIfUtc(wall);
  const offsets = new Set([localOffsetAt(guess - dayMs), localOffsetAt(guess), localOffsetAt(guess + dayMs)]);
  const shown = [...offsets].map((offset) => guess - offset * 60_000).filter((time) => showsLocally(time, wall));
  if (shown.length > 0) return { ok: true, time: Math.min(...shown) };
  const before = localOffsetAt(guess - dayMs);
  const change = changeBetween(guess - dayMs, guess + dayMs);
  return { ok: false, skipped: { at: change, from: clockText(change + before * 60_000), to: clockText(change + localOffsetAt(change) * 60_000) } };
}

/** The Unix-ms instant a wall clock names in a zone (see `localInstant` for daylight-saving changes). */
export function instantOf(wall: WallClock, zone: ClockZone): WallInstant {
  return zone === 'local' ? localInstant(wall) : { ok: true, time: asIfUtc(wall) - zone * 60_000 };
}

/** The calendar date (year, month 1–12, day) an instant falls on in a zone. */
export function dateAt(time: number, zone: ClockZone): Pick<WallClock, 'year' | 'month' | 'day'> {
  if (zone === 'local') {
    const date = new Date(time);
    return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
  }
  const date = new Date(time + zone * 60_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The months' names, January first. */
export const monthNames: readonly string[] = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The number of days in a month of the Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

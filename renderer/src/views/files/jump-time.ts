import type { TimeZoneChoice } from '../../format/market-values.ts';

const timeOfDay = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const dateAndTime = /^(\d{4})-(\d{2})-(\d{2})[ T](.+)$/;

/** A time of day: hours, minutes, seconds, milliseconds. */
type Clock = [number, number, number, number];

function clock(text: string): Clock | null {
  const match = timeOfDay.exec(text);
  if (match === null) return null;
  const [, h = '0', m = '0', s = '0', frac = '0'] = match;
  const parts: Clock = [Number(h), Number(m), Number(s), Number(frac.padEnd(3, '0'))];
  return parts[0] > 23 || parts[1] > 59 || parts[2] > 59 ? null : parts;
}

/** A wall-clock time of a calendar day in the chosen zone, Unix ms (built from its parts, so a daylight-saving change that day is honoured). */
function at(year: number, month: number, day: number, time: Clock, zone: TimeZoneChoice): number {
  return zone === 'utc' ? Date.UTC(year, month - 1, day, ...time) : new Date(year, month - 1, day, ...time).getTime();
}

/**
 * A time typed to jump to, in the user's zone: `HH:MM[:SS[.mmm]]` on the day of `reference` (the
 * file's first record), or `YYYY-MM-DD HH:MM[:SS[.mmm]]`. Null when it is neither.
 */
export function parseJumpTime(text: string, zone: TimeZoneChoice, reference: number): number | null {
  const trimmed = text.trim();
  const dated = dateAndTime.exec(trimmed);
  if (dated !== null) {
    const [, y = '', mo = '', d = '', rest = ''] = dated;
    const time = clock(rest.trim());
    const month = Number(mo);
    const day = Number(d);
    if (time === null || month < 1 || month > 12 || day < 1 || day > 31) return null;
    return at(Number(y), month, day, time, zone);
  }
  const time = clock(trimmed);
  if (time === null) return null;
  const ref = new Date(reference);
  const utc = zone === 'utc';
  const year = utc ? ref.getUTCFullYear() : ref.getFullYear();
  const month = (utc ? ref.getUTCMonth() : ref.getMonth()) + 1;
  const day = utc ? ref.getUTCDate() : ref.getDate();
  return at(year, month, day, time, zone);
}

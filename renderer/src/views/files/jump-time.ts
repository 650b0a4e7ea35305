import type { TimeZoneChoice } from '../../format/market-values.ts';

const timeOfDay = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const dateAndTime = /^(\d{4})-(\d{2})-(\d{2})[ T](.+)$/;

function clockMs(text: string): number | null {
  const match = timeOfDay.exec(text);
  if (match === null) return null;
  const [, h = '0', m = '0', s = '0', frac = '0'] = match;
  const hours = Number(h);
  const minutes = Number(m);
  const seconds = Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + Number(frac.padEnd(3, '0'));
}

/** Midnight of a calendar day in the chosen zone, Unix ms. */
function midnight(year: number, month: number, day: number, zone: TimeZoneChoice): number {
  return zone === 'utc' ? Date.UTC(year, month - 1, day) : new Date(year, month - 1, day).getTime();
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
    const clock = clockMs(rest.trim());
    const month = Number(mo);
    const day = Number(d);
    if (clock === null || month < 1 || month > 12 || day < 1 || day > 31) return null;
    return midnight(Number(y), month, day, zone) + clock;
  }
  const clock = clockMs(trimmed);
  if (clock === null) return null;
  const ref = new Date(reference);
  const utc = zone === 'utc';
  const year = utc ? ref.getUTCFullYear() : ref.getFullYear();
  const month = (utc ? ref.getUTCMonth() : ref.getMonth()) + 1;
  const day = utc ? ref.getUTCDate() : ref.getDate();
  return midnight(year, month, day, zone) + clock;
}

import { readTimeText } from '../../../shared/time/time-text.ts';
import type { TimeZoneChoice } from './market-values.ts';
import { timeInputExamples } from './time-input-help.ts';

/** What a time field reads text in: the zone times are shown in, and the time on the date shown. */
export interface TimeInputContext {
  /** The zone the app shows times in; text without a zone of its own is read in it. */
  zone: TimeZoneChoice;
  /** A time (Unix ms) on the date the field shows: a time of day alone falls on its date. None: refused. */
  reference?: number | null;
}

/** A typed time read: its Unix-ms instant, or what was wrong followed by the forms that work. */
export type TimeInputResult = { ok: true; time: number } | { ok: false; message: string };

/**
 * Reads what was typed in a time field with the one time parser (`shared/time/time-text.ts`, which
 * lists every form): `{ok: true, time}` in Unix ms, or `{ok: false, message}` naming what was wrong
 * and listing the forms that work, with examples on the field's date in its zone.
 */
export function parseTimeInput(text: string, context: TimeInputContext): TimeInputResult {
  const read = readTimeText(text, context);
  if (read.ok) return read;
  return { ok: false, message: `${read.problem}. Use a time such as ${timeInputExamples(context.zone, context.reference ?? null)}.` };
}

import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { parseTimeInput, type TimeInputResult } from '../../format/time-input.ts';

/** A range bound as the picker shows it: to the second in the user's zone, `T` between date and time. */
export function boundText(value: number, zone: TimeZoneChoice): string {
  return formatTimestamp(value, zone, 's').replace(' ', 'T');
}

/**
 * A typed range bound, read by the app's one time parser with a time of day on the bound's date.
 * Text left as shown keeps the bound as it is (it may hold milliseconds the field does not show).
 */
export function readBound(text: string, value: number, zone: TimeZoneChoice): TimeInputResult {
  return text.trim() === boundText(value, zone) ? { ok: true, time: value } : parseTimeInput(text, { zone, reference: value });
}

/** A range's bounds, Unix ms. */
export interface Bounds {
  start: number;
  end: number;
}

/**
 * The range after its From is set to `start`: To stays where it is when it is still after From;
 * past it, the range keeps its length from the new From, but never reaches past `now` (a From
 * alone never sets a range into the future: the data ends now).
 */
export function boundsAfterFrom(start: number, range: Bounds, now: number): Bounds {
  if (start <= range.end) return { start, end: range.end };
  return { start, end: Math.max(start, Math.min(now, start + (range.end - range.start))) };
}

/** The range after its To is set to `end`: From stays when it is still before To; past it, the range keeps its length back from the new To. */
export function boundsAfterTo(end: number, range: Bounds): Bounds {
  if (end >= range.start) return { start: range.start, end };
  return { start: end - (range.end - range.start), end };
}

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

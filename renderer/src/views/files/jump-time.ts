import type { FileViewProgress } from '../../../../shared/contract/file-view-schemas.ts';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { parseTimeInput, type TimeInputResult } from '../../format/time-input.ts';

/** The summary fields that say which date the file shows. */
type ShownDate = Pick<FileViewProgress['summary'], 'firstCollectorTimestamp' | 'header'>;

/** The time whose date a typed time of day falls on: the file's first record, else its header's start; null before either is known. */
export function jumpReference(summary: ShownDate | null): number | null {
  return summary?.firstCollectorTimestamp ?? summary?.header?.startTime ?? null;
}

/** A time typed into the Files view's jump field, read by the app's one time parser on the file's date in the user's zone. */
export function parseJumpTime(text: string, zone: TimeZoneChoice, summary: ShownDate | null): TimeInputResult {
  return parseTimeInput(text, { zone, reference: jumpReference(summary) });
}

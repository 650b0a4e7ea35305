import { LineProblem, type JsonObject } from './line-problem.ts';

/**
 * 2000-01-01T00:00:00Z in Unix ms, the earliest time a record may carry. Market data of the
 * venues this reads starts in 2009; anything earlier is a wrong unit (seconds are ~1.7e9).
 */
export const earliestRecordTime = 946_684_800_000;

/**
 * 2100-01-01T00:00:00Z in Unix ms, the first time a record may not carry. Anything later is a
 * wrong unit (microseconds are ~1.7e15, nanoseconds ~1.7e18), and every accepted time stays far
 * inside what `Date` can format (8.64e15).
 */
export const latestRecordTime = 4_102_444_800_000;

/** Whether `value` is a time a record may carry: a safe integer of ms in [2000, 2100). */
export function isRecordTime(value: number): boolean {
  return Number.isSafeInteger(value) && value >= earliestRecordTime && value < latestRecordTime;
}

/** What a time field must hold, for error messages. */
export const recordTimeRule = 'a whole number of Unix milliseconds from 2000-01-01 to 2100-01-01';

/** The record time at `key`, or a problem naming the field and, for a number, its value. */
export function timeField(row: JsonObject, key: string, where = ''): number {
  const value = row[key];
  if (typeof value === 'number' && isRecordTime(value)) return value;
  throw new LineProblem(`${where}${key} must be ${recordTimeRule}${typeof value === 'number' ? ` (it is ${value})` : ''}`);
}

/** A record time or null at `key`; absent reads as null. */
export function nullableTimeField(row: JsonObject, key: string, where = ''): number | null {
  const value = row[key];
  if (value === undefined || value === null) return null;
  return timeField(row, key, where);
}

import type { ViewParams, ViewParamsPatch } from '../../stores/ui-store.ts';
import { dayMs } from '../../../../shared/time/time-units.ts';


/** The most days the calendar shows at once (a month and a day). */
export const maxCalendarDays = 31;

/** Spans the Downloads view offers, in days: a week ending today, or a month ending today. */
export const daySpans = [
  { id: '7d', days: 7 },
  { id: '30d', days: 30 },
] as const;

/** A range of whole UTC days, oldest first, and whether it follows today. */
export interface DayRange {
  /** UTC dates `YYYY-MM-DD`, oldest first. */
  days: readonly string[];
  /** Unix ms of the first day's midnight (UTC). */
  from: number;
  /** Unix ms of the midnight after the last day (exclusive). */
  to: number;
  /** True when the range ends today and moves with it (a span); false for fixed days. */
  relative: boolean;
}

/** The UTC date of an instant, `YYYY-MM-DD`. */
export function utcDateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Unix ms of a UTC date's midnight. */
export function midnightOf(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

function dayRange(firstMidnight: number, count: number, relative: boolean): DayRange {
  const days = Array.from({ length: count }, (_, index) => utcDateOf(firstMidnight + index * dayMs));
  return { days, from: firstMidnight, to: firstMidnight + count * dayMs, relative };
}

/**
 * The UTC days a view's parameters name: fixed `start`/`end` (the days they fall on, at most
 * `maxCalendarDays` from the start), else the `span` in days ending today (UTC), a week by default.
 */
export function resolveDayRange(params: Pick<ViewParams, 'start' | 'end' | 'span'>, nowMs: number): DayRange {
  if (params.start !== undefined && params.end !== undefined && params.end >= params.start) {
    const first = midnightOf(utcDateOf(params.start));
    const last = midnightOf(utcDateOf(params.end));
    return dayRange(first, Math.min(maxCalendarDays, Math.round((last - first) / dayMs) + 1), false);
  }
  const count = daySpans.find((span) => span.id === params.span)?.days ?? 7;
  const today = midnightOf(utcDateOf(nowMs));
  return dayRange(today - (count - 1) * dayMs, count, true);
}

/** The parameters of the same number of days moved by `byDays` (negative is earlier): fixed bounds, inclusive. */
export function shiftDays(range: DayRange, byDays: number): Pick<ViewParamsPatch, 'start' | 'end' | 'span'> {
  const shift = byDays * dayMs;
  return { start: range.from + shift, end: range.to + shift - 1, span: undefined };
}

/** Whether a range is the span ending today (nothing later to step to). */
export function endsToday(range: DayRange, nowMs: number): boolean {
  return range.to > nowMs;
}

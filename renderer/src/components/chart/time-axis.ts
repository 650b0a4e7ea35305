import { formatTimestamp, type TimePrecision, type TimeZoneChoice } from '../../format/market-values.ts';
import { dayMs } from '../../../../shared/time/time-units.ts';

// The chart's horizontal axis is Unix ms (see `unix-ms-scale.ts`). These pure functions decide
// how significant each time point is (which ones get a label when space is short) and how labels
// read, in the user's time zone.

/** Intraday boundaries, finest first, with their weights; day, month and year weigh more. */
const intradaySteps: readonly { ms: number; weight: number }[] = [
  { ms: 100, weight: 10 },
  { ms: 1_000, weight: 20 },
  { ms: 10_000, weight: 25 },
  { ms: 60_000, weight: 30 },
  { ms: 300_000, weight: 32 },
  { ms: 900_000, weight: 34 },
  { ms: 1_800_000, weight: 36 },
  { ms: 3_600_000, weight: 40 },
  { ms: 10_800_000, weight: 42 },
  { ms: 21_600_000, weight: 44 },
  { ms: 43_200_000, weight: 46 },
];

/** Weights of the calendar boundaries a time point can cross. */
export const calendarWeight = { day: 50, month: 60, year: 70 } as const;

/**
 * The wall-clock reading of `ms` in the zone, expressed as if it were UTC: the same instant for
 * `utc`, shifted by the zone's offset at that instant for `local`. Boundaries (midnight, the hour)
 * are then found with UTC arithmetic on it.
 */
export function wallClock(ms: number, zone: TimeZoneChoice): number {
  return zone === 'utc' ? ms : ms - new Date(ms).getTimezoneOffset() * 60_000;
}

const quarterHourMs = 900_000;

/**
 * `wallClock` for many times in a row: the zone's offset is looked up once per quarter hour (zone
 * offsets change on quarter-hour boundaries), not once per time, for the chart's 100k points.
 */
export function wallClockReader(zone: TimeZoneChoice): (ms: number) => number {
  if (zone === 'utc') return (ms) => ms;
  let slot = Number.NaN;
  let offsetMs = 0;
  return (ms) => {
    const at = Math.floor(ms / quarterHourMs);
    if (at !== slot) {
      slot = at;
      offsetMs = new Date(ms).getTimezoneOffset() * 60_000;
    }
    return ms - offsetMs;
  };
}

/**
 * How significant the step between two wall-clock readings (`wallClock`) is: the weight of the
 * largest boundary crossed (a new year, month or day; else the largest of 12h … 100ms), 0 when
 * the step crosses none (both inside one 100 ms slot).
 */
export function wallStepWeight(a: number, b: number): number {
  if (Math.floor(a / dayMs) !== Math.floor(b / dayMs)) {
    const da = new Date(a);
    const db = new Date(b);
    if (da.getUTCFullYear() !== db.getUTCFullYear()) return calendarWeight.year;
    if (da.getUTCMonth() !== db.getUTCMonth()) return calendarWeight.month;
    return calendarWeight.day;
  }
  for (let i = intradaySteps.length - 1; i >= 0; i--) {
    const step = intradaySteps[i];
    if (step !== undefined && Math.floor(a / step.ms) !== Math.floor(b / step.ms)) return step.weight;
  }
  return 0;
}

/** How significant the step from `previous` to `current` is, in the zone (see `wallStepWeight`). */
export function boundaryWeight(previous: number, current: number, zone: TimeZoneChoice): number {
  return wallStepWeight(wallClock(previous, zone), wallClock(current, zone));
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The label of a tick on the time axis, as fine as its weight needs: the year, the month, the day
 * (`22 Nov`), `10:05`, `10:05:30`, or `10:05:30.1` for tenths of a second.
 */
export function tickLabel(ms: number, weight: number, zone: TimeZoneChoice): string {
  const wall = new Date(wallClock(ms, zone));
  if (weight >= calendarWeight.year) return String(wall.getUTCFullYear());
  if (weight >= calendarWeight.month) return months[wall.getUTCMonth()] ?? '';
  if (weight >= calendarWeight.day) return `${wall.getUTCDate()} ${months[wall.getUTCMonth()] ?? ''}`;
  const full = formatTimestamp(ms, zone, 'ms').slice(11);
  if (weight >= 30) return full.slice(0, 5);
  if (weight >= 20) return full.slice(0, 8);
  if (weight >= 10) return full.slice(0, 10);
  return full;
}

/** How precisely the crosshair names a time on a chart of bars `barMs` long (0: raw observation times). */
export function crosshairPrecision(barMs: number): TimePrecision {
  if (barMs <= 0 || barMs % 1000 !== 0) return 'ms';
  return barMs % 60_000 === 0 ? 'min' : 's';
}

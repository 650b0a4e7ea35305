/** A linear map from a data interval to a pixel interval. */
export interface LinearScale {
  (value: number): number;
}

/** Maps [d0, d1] onto [p0, p1]; a zero-width domain maps to the middle. */
export function linearScale(d0: number, d1: number, p0: number, p1: number): LinearScale {
  const span = d1 - d0;
  return (value) => (span === 0 ? (p0 + p1) / 2 : p0 + ((value - d0) / span) * (p1 - p0));
}

/**
 * About `count` round tick values covering [min, max] (steps of 1, 2 or 5 × 10^n), for an axis of
 * basis points. Returns the ticks and the domain they span.
 */
export function niceTicks(min: number, max: number, count: number): { ticks: number[]; domain: [number, number] } {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { ticks: [0], domain: [0, 1] };
  let low = Math.min(min, max);
  let high = Math.max(min, max);
  if (low === high) {
    low -= 1;
    high += 1;
  }
  const rough = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let index = 0; first + index * step <= last + step / 2; index++) ticks.push(Number((first + index * step).toPrecision(12)) || 0);
  return { ticks, domain: [first, last] };
}

/** The index of the sample whose x is nearest `x` (samples sorted by x); -1 when there are none. */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let low = 0;
  let high = xs.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((xs[mid] ?? 0) < x) low = mid + 1;
    else high = mid;
  }
  const before = low - 1;
  return before >= 0 && Math.abs((xs[before] ?? 0) - x) <= Math.abs((xs[low] ?? 0) - x) ? before : low;
}

const minute = 60_000;
/** Tick steps of a time axis, shortest first. */
const timeSteps = [10_000, 30_000, minute, 2 * minute, 5 * minute, 10 * minute, 15 * minute, 30 * minute, 60 * minute, 180 * minute, 360 * minute, 720 * minute, 1440 * minute];

/**
 * Round times for a time axis over [start, end], about `count` of them, on boundaries of the
 * user's zone (`offsetMs` is the zone's offset from UTC at that time: 0 for UTC).
 */
export function timeTicks(start: number, end: number, count: number, offsetMs: number): number[] {
  if (!(end > start)) return [start];
  const rough = (end - start) / Math.max(1, count);
  const step = timeSteps.find((candidate) => candidate >= rough) ?? (timeSteps.at(-1) ?? 1440 * minute);
  const ticks: number[] = [];
  for (let tick = Math.ceil((start + offsetMs) / step) * step - offsetMs; tick <= end; tick += step) ticks.push(tick);
  return ticks;
}

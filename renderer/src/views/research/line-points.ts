import type { LinePoint } from '../../components/chart/series-data.ts';

/**
 * Observations as line points at their own times: a null value is whitespace (a gap), never 0.
 * Observations sharing a millisecond become one point, the last one (the chart needs strictly
 * ascending times).
 */
export function linePoints(times: readonly number[], values: readonly (number | null)[]): LinePoint[] {
  const points: LinePoint[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < times.length; i++) {
    const time = times[i] ?? Number.NaN;
    const value = values[i] ?? null;
    const point: LinePoint = value === null ? { time } : { time, value };
    if (time === previous) points[points.length - 1] = point;
    else if (time > previous) points.push(point);
    else continue;
    previous = time;
  }
  return points;
}

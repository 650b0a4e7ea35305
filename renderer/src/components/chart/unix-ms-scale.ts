import type { InternalHorzScaleItem, Mutable, TickMark, TickMarkWeightValue, TimeScalePoint } from 'lightweight-charts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { NumberHorzScale, numberOfItem as msOf } from './number-horz-scale.ts';
import { crosshairPrecision, tickLabel, wallClockReader, wallStepWeight } from './time-axis.ts';

/**
 * A horizontal scale in Unix milliseconds for lightweight-charts (`createChartEx`). The library's
 * own time scale counts whole seconds in UTC; this one keeps milliseconds, so 100 ms candles and
 * raw observation times are exact, and it places and labels ticks in the user's zone (UTC or
 * local, including the local day boundary) instead of shifting times by an offset. The zone and
 * the bar length are fixed per chart: a change of either makes a new chart.
 */
export class UnixMsScale extends NumberHorzScale {
  readonly #zone: TimeZoneChoice;
  readonly #barMs: number;

  /** `barMs` is the bar length (0 for irregular observation times): it sets the crosshair label's precision. */
  constructor(zone: TimeZoneChoice, barMs: number) {
    super();
    this.#zone = zone;
    this.#barMs = barMs;
  }

  formatHorzItem(item: InternalHorzScaleItem): string {
    return formatTimestamp(msOf(item), this.#zone, crosshairPrecision(this.#barMs));
  }

  formatTickmark(item: TickMark): string {
    return tickLabel(msOf(item.time), item.weight, this.#zone);
  }

  fillWeightsForPoints(sortedTimePoints: readonly Mutable<TimeScalePoint>[], startIndex: number): void {
    const points = sortedTimePoints;
    const wall = wallClockReader(this.#zone);
    const first = points[0];
    const second = points[1];
    if (startIndex === 0 && first !== undefined) {
      // The first point has no predecessor: weigh it against one step (or one bar) before it.
      const step = second === undefined ? Math.max(this.#barMs, 1) : msOf(second.time) - msOf(first.time);
      first.timeWeight = wallStepWeight(wall(msOf(first.time) - step), wall(msOf(first.time))) as TickMarkWeightValue;
    }
    const from = Math.max(1, startIndex);
    let previous = wall(msOf(points[from - 1]?.time ?? Number.NaN));
    for (let index = from; index < points.length; index++) {
      const point = points[index];
      if (point === undefined) continue;
      const current = wall(msOf(point.time));
      point.timeWeight = wallStepWeight(previous, current) as TickMarkWeightValue;
      previous = current;
    }
  }
}

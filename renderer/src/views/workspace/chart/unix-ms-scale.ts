import type {
  ChartOptionsImpl,
  HorzScaleItemConverterToInternalObj,
  IHorzScaleBehavior,
  InternalHorzScaleItem,
  InternalHorzScaleItemKey,
  Mutable,
  TickMark,
  TickMarkWeightValue,
  TimeMark,
  TimeScalePoint,
} from 'lightweight-charts';
import { formatTimestamp, type TimeZoneChoice } from '../../../format/market-values.ts';
import { crosshairPrecision, tickLabel, wallClockReader, wallStepWeight } from './time-axis.ts';

/**
 * This behaviour's internal items are the Unix-ms numbers themselves; lightweight-charts treats
 * them as opaque and hands them back to this class only, so a number is a valid internal item.
 */
function isInternalItem(value: unknown): value is InternalHorzScaleItem {
  return typeof value === 'number';
}

function internalOf(ms: number): InternalHorzScaleItem {
  if (isInternalItem(ms)) return ms;
  throw new TypeError('a chart time must be a Unix-ms number');
}

function msOf(item: InternalHorzScaleItem | number): number {
  return typeof item === 'number' ? item : Number.NaN;
}

/**
 * A horizontal scale in Unix milliseconds for lightweight-charts (`createChartEx`). The library's
 * own time scale counts whole seconds in UTC; this one keeps milliseconds, so 100 ms candles and
 * raw observation times are exact, and it places and labels ticks in the user's zone (UTC or
 * local, including the local day boundary) instead of shifting times by an offset. The zone and
 * the bar length are fixed per chart: a change of either makes a new chart.
 */
export class UnixMsScale implements IHorzScaleBehavior<number> {
  #options: ChartOptionsImpl<number> | undefined;
  readonly #zone: TimeZoneChoice;
  readonly #barMs: number;

  /** `barMs` is the bar length (0 for irregular observation times): it sets the crosshair label's precision. */
  constructor(zone: TimeZoneChoice, barMs: number) {
    this.#zone = zone;
    this.#barMs = barMs;
  }

  options(): ChartOptionsImpl<number> {
    if (this.#options === undefined) throw new Error('the chart has not set its options yet');
    return this.#options;
  }

  setOptions(options: ChartOptionsImpl<number>): void {
    this.#options = options;
  }

  /** Unix-ms times need no preprocessing. */
  preprocessData(): void {
    // Nothing to convert: the data's times are already what the scale works in.
  }

  convertHorzItemToInternal(item: number): InternalHorzScaleItem {
    return internalOf(item);
  }

  createConverterToInternalObj(): HorzScaleItemConverterToInternalObj<number> {
    return internalOf;
  }

  key(item: InternalHorzScaleItem | number): InternalHorzScaleItemKey {
    return msOf(item) as InternalHorzScaleItemKey;
  }

  cacheKey(item: InternalHorzScaleItem): number {
    return msOf(item);
  }

  /** Labels come from the zone given at construction, not from the chart's localization options. */
  updateFormatter(): void {
    // Nothing to update: see formatHorzItem and formatTickmark.
  }

  formatHorzItem(item: InternalHorzScaleItem): string {
    return formatTimestamp(msOf(item), this.#zone, crosshairPrecision(this.#barMs));
  }

  formatTickmark(item: TickMark): string {
    return tickLabel(msOf(item.time), item.weight, this.#zone);
  }

  maxTickMarkWeight(marks: TimeMark[]): TickMarkWeightValue {
    let max = 0;
    for (const mark of marks) max = Math.max(max, mark.weight);
    return max as TickMarkWeightValue;
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

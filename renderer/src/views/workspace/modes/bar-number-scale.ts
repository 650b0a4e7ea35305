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
import { formatTimeOfDay, type TimeZoneChoice } from '../../../format/market-values.ts';

function isInternalItem(value: unknown): value is InternalHorzScaleItem {
  return typeof value === 'number';
}

function internalOf(n: number): InternalHorzScaleItem {
  if (isInternalItem(n)) return n;
  throw new TypeError('a bar number must be a number');
}

function numberOf(item: InternalHorzScaleItem | number): number {
  return typeof item === 'number' ? item : Number.NaN;
}

/** The weight of bar number n on the axis: how many trailing decimal zeros it has (0 → 6). */
export function barNumberWeight(n: number): number {
  if (!Number.isInteger(n) || n < 0) return 0;
  if (n === 0) return 6;
  let weight = 0;
  let rest = n;
  while (weight < 6 && rest % 10 === 0) {
    rest /= 10;
    weight++;
  }
  return weight;
}

/**
 * A horizontal scale of bar numbers (0, 1, 2…) for bars sampled by activity, which close on
 * trades, volume or notional rather than on the clock: ticks fall on round bar numbers and are
 * labelled with the bar's open time of day, the crosshair with "#n" and its open time.
 */
export class BarNumberScale implements IHorzScaleBehavior<number> {
  #options: ChartOptionsImpl<number> | undefined;
  readonly #openTime: Float64Array;
  readonly #zone: TimeZoneChoice;

  /** `openTime[n]` is bar n's open time (Unix ms). */
  constructor(openTime: Float64Array, zone: TimeZoneChoice) {
    this.#openTime = openTime;
    this.#zone = zone;
  }

  options(): ChartOptionsImpl<number> {
    if (this.#options === undefined) throw new Error('the chart has not set its options yet');
    return this.#options;
  }

  setOptions(options: ChartOptionsImpl<number>): void {
    this.#options = options;
  }

  /** Bar numbers need no preprocessing. */
  preprocessData(): void {
    // Nothing to convert.
  }

  convertHorzItemToInternal(item: number): InternalHorzScaleItem {
    return internalOf(item);
  }

  createConverterToInternalObj(): HorzScaleItemConverterToInternalObj<number> {
    return internalOf;
  }

  key(item: InternalHorzScaleItem | number): InternalHorzScaleItemKey {
    return numberOf(item) as InternalHorzScaleItemKey;
  }

  cacheKey(item: InternalHorzScaleItem): number {
    return numberOf(item);
  }

  /** Labels come from the bars' open times given at construction. */
  updateFormatter(): void {
    // Nothing to update.
  }

  formatHorzItem(item: InternalHorzScaleItem): string {
    const n = numberOf(item);
    return `#${n + 1}  ${formatTimeOfDay(this.#openTime[n] ?? null, this.#zone, 'ms')}`;
  }

  formatTickmark(item: TickMark): string {
    return formatTimeOfDay(this.#openTime[numberOf(item.time)] ?? null, this.#zone, 's');
  }

  maxTickMarkWeight(marks: TimeMark[]): TickMarkWeightValue {
    let max = 0;
    for (const mark of marks) max = Math.max(max, mark.weight);
    return max as TickMarkWeightValue;
  }

  fillWeightsForPoints(sortedTimePoints: readonly Mutable<TimeScalePoint>[], startIndex: number): void {
    for (let index = startIndex; index < sortedTimePoints.length; index++) {
      const point = sortedTimePoints[index];
      if (point !== undefined) point.timeWeight = barNumberWeight(numberOf(point.time)) as TickMarkWeightValue;
    }
  }
}

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

/**
 * A scale's internal items are its numbers themselves; lightweight-charts treats them as opaque
 * and hands them back to the scale only, so a number is a valid internal item.
 */
function isInternalItem(value: unknown): value is InternalHorzScaleItem {
  return typeof value === 'number';
}

function internalOf(value: number): InternalHorzScaleItem {
  if (isInternalItem(value)) return value;
  throw new TypeError('a horizontal scale item must be a number');
}

/** The number an internal item (or a plain number) is; NaN for anything else. */
export function numberOfItem(item: InternalHorzScaleItem | number): number {
  return typeof item === 'number' ? item : Number.NaN;
}

/**
 * The plumbing of a lightweight-charts horizontal scale whose items are plain numbers (Unix ms,
 * bar numbers): no preprocessing, the number is its own key, and labels come from the scale
 * itself, not the chart's localization. A subclass says how points are weighed and labelled.
 */
export abstract class NumberHorzScale implements IHorzScaleBehavior<number> {
  #options: ChartOptionsImpl<number> | undefined;

  options(): ChartOptionsImpl<number> {
    if (this.#options === undefined) throw new Error('the chart has not set its options yet');
    return this.#options;
  }

  setOptions(options: ChartOptionsImpl<number>): void {
    this.#options = options;
  }

  /** Numbers need no preprocessing. */
  preprocessData(): void {
    // Nothing to convert: the data's items are already what the scale works in.
  }

  convertHorzItemToInternal(item: number): InternalHorzScaleItem {
    return internalOf(item);
  }

  createConverterToInternalObj(): HorzScaleItemConverterToInternalObj<number> {
    return internalOf;
  }

  key(item: InternalHorzScaleItem | number): InternalHorzScaleItemKey {
    return numberOfItem(item) as InternalHorzScaleItemKey;
  }

  cacheKey(item: InternalHorzScaleItem): number {
    return numberOfItem(item);
  }

  /** Labels come from what the scale was made with, not from the chart's localization options. */
  updateFormatter(): void {
    // Nothing to update: see formatHorzItem and formatTickmark.
  }

  maxTickMarkWeight(marks: TimeMark[]): TickMarkWeightValue {
    let max = 0;
    for (const mark of marks) max = Math.max(max, mark.weight);
    return max as TickMarkWeightValue;
  }

  abstract formatHorzItem(item: InternalHorzScaleItem): string;

  abstract formatTickmark(item: TickMark): string;

  abstract fillWeightsForPoints(sortedTimePoints: readonly Mutable<TimeScalePoint>[], startIndex: number): void;
}

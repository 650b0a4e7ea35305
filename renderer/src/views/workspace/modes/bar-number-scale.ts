import type { InternalHorzScaleItem, Mutable, TickMark, TickMarkWeightValue, TimeScalePoint } from 'lightweight-charts';
import { formatTimeOfDay, type TimeZoneChoice } from '../../../format/market-values.ts';
import { NumberHorzScale, numberOfItem as numberOf } from '../../../components/chart/number-horz-scale.ts';

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
export class BarNumberScale extends NumberHorzScale {
  readonly #openTime: Float64Array;
  readonly #zone: TimeZoneChoice;

  /** `openTime[n]` is bar n's open time (Unix ms). */
  constructor(openTime: Float64Array, zone: TimeZoneChoice) {
    super();
    this.#openTime = openTime;
    this.#zone = zone;
  }

  formatHorzItem(item: InternalHorzScaleItem): string {
    const n = numberOf(item);
    return `#${n + 1}  ${formatTimeOfDay(this.#openTime[n] ?? null, this.#zone, 'ms')}`;
  }

  formatTickmark(item: TickMark): string {
    return formatTimeOfDay(this.#openTime[numberOf(item.time)] ?? null, this.#zone, 's');
  }

  fillWeightsForPoints(sortedTimePoints: readonly Mutable<TimeScalePoint>[], startIndex: number): void {
    for (let index = startIndex; index < sortedTimePoints.length; index++) {
      const point = sortedTimePoints[index];
      if (point !== undefined) point.timeWeight = barNumberWeight(numberOf(point.time)) as TickMarkWeightValue;
    }
  }
}

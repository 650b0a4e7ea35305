import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { boundaryWeight, tickLabel, wallClock } from '../../../components/chart/time-axis.ts';

// Tick positions and labels for the heatmap's two axes. Prices step by 1, 2 or 5 × 10^k with as
// many decimals as the step needs; times step on round wall-clock boundaries in the user's zone
// and are labelled by the chart's time-axis rules (a day boundary reads `22 Nov`).

/** Ticks of the price axis and the decimals their labels need. */
export interface PriceTicks {
  step: number;
  decimals: number;
  values: number[];
}

/** The smallest 1/2/5 × 10^k step at least `raw`. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw * (1 - 1e-9)) return m * power;
  return 10 * power;
}

/** Decimals a step of this size needs to be written exactly (0.5 → 1, 0.25 → 2, 10 → 0). */
export function stepDecimals(step: number): number {
  for (let d = 0; d <= 12; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-6) return d;
  return 12;
}

/** Price ticks over [p0, p1] at least `minGapPx` apart on a `heightPx`-tall axis. */
export function priceTicks(p0: number, p1: number, heightPx: number, minGapPx = 36): PriceTicks {
  if (!(p1 > p0) || !(heightPx > 0)) return { step: 0, decimals: 2, values: [] };
  const step = niceStep(((p1 - p0) * minGapPx) / heightPx);
  const decimals = stepDecimals(step);
  const values: number[] = [];
  for (let k = Math.ceil(p0 / step); k * step <= p1; k++) values.push(Number((k * step).toFixed(decimals)));
  return { step, decimals, values };
}

/** Decimals that write every price in the list exactly (at most 8), for readouts. */
export function priceDecimals(prices: readonly number[]): number {
  let decimals = 0;
  for (const price of prices) if (Number.isFinite(price)) decimals = Math.max(decimals, Math.min(8, stepDecimals(Math.abs(price))));
  return decimals;
}

/** Wall-clock steps the time axis may use, ms. */
export const timeSteps: readonly number[] = [
  100, 200, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000,
  7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
];

/** One labelled tick of the time axis. */
export interface TimeTick {
  ms: number;
  label: string;
}

/**
 * Time ticks over [t0, t1] at least `minGapPx` apart on a `widthPx`-wide axis, on round
 * boundaries of the zone's wall clock (every 5 minutes at 10:05, 10:10 local), each labelled as
 * finely as the boundary it marks.
 */
export function timeTicks(t0: number, t1: number, widthPx: number, zone: TimeZoneChoice, minGapPx = 84): TimeTick[] {
  if (!(t1 > t0) || !(widthPx > 0)) return [];
  const wanted = ((t1 - t0) * minGapPx) / widthPx;
  const step = timeSteps.find((s) => s >= wanted) ?? Math.ceil(wanted / 86_400_000) * 86_400_000;
  const ticks: TimeTick[] = [];
  const offset = wallClock(t0, zone) - t0;
  for (let wall = Math.ceil((t0 + offset) / step) * step; ticks.length < 500; wall += step) {
    // The instant whose wall-clock reading is `wall` (offsets change only at zone transitions).
    let ms = wall - offset;
    ms = wall - (wallClock(ms, zone) - ms);
    if (ms > t1) break;
    // A wall time the zone skips (clocks going forward) maps back onto the previous tick.
    if (ms >= t0 && ms > (ticks[ticks.length - 1]?.ms ?? Number.NEGATIVE_INFINITY)) ticks.push({ ms, label: tickLabel(ms, boundaryWeight(ms - step, ms, zone), zone) });
  }
  return ticks;
}

import { createPrng } from './prng.ts';
import { hourMs, hourStartOf } from '../../../shared/time/time-units.ts';

/** Hours are counted from here; anchors before it are not needed by the demo. */
const anchorEpochHour = Math.floor(Date.UTC(2025, 0, 1) / hourMs);
const gridPoints = 3600;

/** Parameters of an asset's price process. */
export interface AssetModel {
  /** The asset's name, e.g. BTC; venues quoting it share its path. */
  asset: string;
  /** Price at the anchor epoch. */
  basePrice: number;
  /** Volatility of the log price per sqrt(hour). */
  hourlyVol: number;
}

const anchorCache = new Map<string, number[]>();

/**
 * The log price of an asset at the start of an hour: a random walk over hours from a fixed
 * epoch, so any hour's anchor is computed without generating the hours before it.
 */
export function hourAnchor(seed: number, model: AssetModel, hourStart: number): number {
  const hour = Math.floor(hourStart / hourMs) - anchorEpochHour;
  const key = `${seed}:${model.asset}`;
  let anchors = anchorCache.get(key);
  if (anchors === undefined) {
    anchors = [Math.log(model.basePrice)];
    anchorCache.set(key, anchors);
  }
  for (let h = anchors.length; h <= Math.max(0, hour); h++) {
    const step = createPrng(seed, model.asset, 'anchor', h).normal() * model.hourlyVol;
    // A weak pull towards the base price keeps the demo's prices plausible over months.
    const previous = anchors[h - 1] ?? Math.log(model.basePrice);
    anchors.push(previous + step - 0.002 * (previous - Math.log(model.basePrice)));
  }
  return anchors[Math.max(0, hour)] ?? Math.log(model.basePrice);
}

/**
 * The price path of an asset within one hour: a Brownian bridge on a one-second grid from this
 * hour's anchor to the next, so consecutive hours join without a jump and every venue quoting
 * the asset sees the same path.
 */
export class HourPricePath {
  readonly #logPrices: Float64Array;
  readonly #hourStart: number;

  constructor(seed: number, model: AssetModel, hourStart: number) {
    this.#hourStart = hourStart;
    const from = hourAnchor(seed, model, hourStart);
    const to = hourAnchor(seed, model, hourStart + hourMs);
    const prng = createPrng(seed, model.asset, 'bridge', hourStart);
    const path = new Float64Array(gridPoints + 1);
    path[0] = from;
    const dt = 1 / gridPoints;
    const sigma = model.hourlyVol;
    for (let i = 1; i <= gridPoints; i++) {
      const previous = path[i - 1] ?? from;
      const remaining = 1 - (i - 1) * dt;
      const drift = ((to - previous) * dt) / remaining;
      const variance = (dt * (remaining - dt)) / remaining;
      path[i] = i === gridPoints ? to : previous + drift + sigma * Math.sqrt(Math.max(variance, 0)) * prng.normal();
    }
    this.#logPrices = path;
  }

  /** The price at a time within the hour (linear between grid points). */
  priceAt(time: number): number {
    const position = Math.min(Math.max((time - this.#hourStart) / 1000, 0), gridPoints);
    const index = Math.floor(position);
    const fraction = position - index;
    const a = this.#logPrices[index] ?? 0;
    const b = this.#logPrices[Math.min(index + 1, gridPoints)] ?? a;
    return Math.exp(a + (b - a) * fraction);
  }
}

/**
 * An asset's price at any time, across hours: the hour paths it needs, built on first use and
 * kept while in use (a generator reads its own hour and a few seconds of the one before).
 */
export class AssetPriceClock {
  readonly #seed: number;
  readonly #model: AssetModel;
  readonly #paths = new Map<number, HourPricePath>();

  constructor(seed: number, model: AssetModel) {
    this.#seed = seed;
    this.#model = model;
  }

  /** The price at `time` (Unix ms). */
  priceAt(time: number): number {
    const hourStart = hourStartOf(time);
    let path = this.#paths.get(hourStart);
    if (path === undefined) {
      if (this.#paths.size >= 4) this.#paths.clear();
      path = new HourPricePath(this.#seed, this.#model, hourStart);
      this.#paths.set(hourStart, path);
    }
    return path.priceAt(time);
  }
}

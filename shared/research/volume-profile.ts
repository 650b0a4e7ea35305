import { bucketPrice, checkPriceStep, priceBucket, stepDecimals } from './price-buckets.ts';
import { isUsableTrade, type TradeSeries } from './trade-series.ts';

/** How a volume profile is cut. */
export interface VolumeProfileOptions {
  /** Price bucket size (`price-buckets.ts`). */
  priceStep: number;
  /** Share of the volume the value area holds (default 0.7). */
  valueAreaShare?: number;
  /** Most buckets the profile may span (default `profileBucketLimit`); wider is a RangeError naming the step. */
  maxBuckets?: number;
}

/** The most buckets a profile spans unless told otherwise: 2,000,000. */
export const profileBucketLimit = 2_000_000;

/** A session volume profile: every bucket from the lowest traded to the highest, empty ones included. */
export interface VolumeProfile {
  /** Lower edge of each bucket, ascending, one step apart. */
  price: Float64Array;
  volume: Float64Array;
  buyVolume: Float64Array;
  sellVolume: Float64Array;
  /** Unknown-side volume (part of `volume`, never of buy or sell). */
  unknownVolume: Float64Array;
  /** Index of the point of control (the bucket with the most volume, ties to the lower price); −1 when there is no volume. */
  pocIndex: number;
  /** Its price (lower edge); NaN when there is no volume. */
  pocPrice: number;
  /** First and last bucket index of the value area; −1 when there is no volume. */
  valueAreaLowIndex: number;
  valueAreaHighIndex: number;
  /** Lower edges of the value area's lowest and highest buckets; NaN when there is no volume. */
  valueAreaLow: number;
  valueAreaHigh: number;
  totalVolume: number;
  valueAreaVolume: number;
  /** Trades left out (non-finite time, price ≤ 0, quantity < 0 or not finite). */
  skipped: number;
}

/**
 * The value area by the standard expansion from the POC (the CBOT Market Profile rule): start with
 * the POC's bucket; while the area holds less than `share` of the total volume, compare the volume
 * of the two buckets just above the area with the two just below (fewer at an end of the profile)
 * and add the pair with more volume (on a tie, the pair above); once one end is reached, add from
 * the other. Returns the first and last index of the area.
 */
export function valueArea(volume: Float64Array, pocIndex: number, share: number): { low: number; high: number; volume: number } {
  let total = 0;
  for (const v of volume) total += v;
  // A relative slack of 10⁻¹², so sums that differ from the target only by binary rounding count as reaching it.
  const target = share * total * (1 - 1e-12);
  let low = pocIndex;
  let high = pocIndex;
  let inArea = volume[pocIndex] ?? 0;
  const last = volume.length - 1;
  while (inArea < target && (low > 0 || high < last)) {
    const upCount = Math.min(2, last - high);
    const downCount = Math.min(2, low);
    let up = 0;
    for (let i = 1; i <= upCount; i++) up += volume[high + i] ?? 0;
    let down = 0;
    for (let i = 1; i <= downCount; i++) down += volume[low - i] ?? 0;
    const takeUp = downCount === 0 || (upCount > 0 && up >= down);
    if (takeUp) {
      high += upCount;
      inArea += up;
    } else {
      low -= downCount;
      inArea += down;
    }
  }
  return { low, high, volume: inArea };
}

/**
 * The volume profile of the trades given (a session): volume per price bucket with its buy, sell
 * and unknown parts, the point of control and the value area (`valueArea`, 70 % by default).
 */
export function volumeProfile(trades: TradeSeries, options: VolumeProfileOptions): VolumeProfile {
  const step = options.priceStep;
  checkPriceStep(step);
  const share = options.valueAreaShare ?? 0.7;
  if (!(share > 0 && share <= 1)) throw new RangeError(`The value area share must be above 0 and at most 1, not ${share}.`);
  const maxBuckets = options.maxBuckets ?? profileBucketLimit;
  const { time, price, quantity, side } = trades;
  const n = time.length;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  let skipped = 0;
  for (let i = 0; i < n; i++) {
    const p = price[i] ?? Number.NaN;
    if (!isUsableTrade(time[i] ?? Number.NaN, p, quantity[i] ?? Number.NaN)) {
      skipped++;
      continue;
    }
    const k = priceBucket(p, step);
    if (k < low) low = k;
    if (k > high) high = k;
  }
  const span = high >= low ? high - low + 1 : 0;
  if (span > maxBuckets) {
    throw new RangeError(`The trades span ${span} buckets of ${step} (over ${maxBuckets}): choose a larger price step.`);
  }
  const volume = new Float64Array(span);
  const buyVolume = new Float64Array(span);
  const sellVolume = new Float64Array(span);
  const unknownVolume = new Float64Array(span);
  for (let i = 0; i < n; i++) {
    const p = price[i] ?? Number.NaN;
    const q = quantity[i] ?? Number.NaN;
    if (!isUsableTrade(time[i] ?? Number.NaN, p, q)) continue;
    const slot = priceBucket(p, step) - low;
    volume[slot] = (volume[slot] ?? 0) + q;
    const s = side[i];
    if (s === 1) buyVolume[slot] = (buyVolume[slot] ?? 0) + q;
    else if (s === -1) sellVolume[slot] = (sellVolume[slot] ?? 0) + q;
    else unknownVolume[slot] = (unknownVolume[slot] ?? 0) + q;
  }
  const decimals = stepDecimals(step);
  const prices = new Float64Array(span);
  for (let slot = 0; slot < span; slot++) prices[slot] = bucketPrice(low + slot, step, decimals);
  let pocIndex = -1;
  let pocVolume = 0;
  let totalVolume = 0;
  for (let slot = 0; slot < span; slot++) {
    const v = volume[slot] ?? 0;
    totalVolume += v;
    if (v > pocVolume) {
      pocVolume = v;
      pocIndex = slot;
    }
  }
  const area = pocIndex === -1 ? { low: -1, high: -1, volume: 0 } : valueArea(volume, pocIndex, share);
  return {
    price: prices,
    volume,
    buyVolume,
    sellVolume,
    unknownVolume,
    pocIndex,
    pocPrice: pocIndex === -1 ? Number.NaN : (prices[pocIndex] ?? Number.NaN),
    valueAreaLowIndex: area.low,
    valueAreaHighIndex: area.high,
    valueAreaLow: area.low === -1 ? Number.NaN : (prices[area.low] ?? Number.NaN),
    valueAreaHigh: area.high === -1 ? Number.NaN : (prices[area.high] ?? Number.NaN),
    totalVolume,
    valueAreaVolume: area.volume,
    skipped,
  };
}

/**
 * Price buckets of a fixed step: bucket k holds the prices in [k·step, (k+1)·step).
 *
 * Prices and steps are binary doubles, so 100.3 / 0.1 is 1002.9999999999999: a price within one
 * part in 10¹² below a bucket's lower edge is counted on that edge (real prices carry far fewer
 * significant digits, so this never moves a real price to the wrong bucket).
 */

/** Relative tolerance of `priceBucket`. */
const edgeTolerance = 1e-12;

/** The index k of the bucket holding `price` (see the module comment for the tolerance). */
export function priceBucket(price: number, step: number): number {
  const x = price / step;
  return Math.floor(x + Math.abs(x) * edgeTolerance);
}

/** Decimal places of a step as written (0.25 → 2, 5 → 0, 1e-7 → 7), at most 15. */
export function stepDecimals(step: number): number {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent !== null) {
    const mantissa = text.slice(0, text.indexOf('e'));
    const dot = mantissa.indexOf('.');
    return Math.min(15, Number(exponent[1]) + (dot === -1 ? 0 : mantissa.length - dot - 1));
  }
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : Math.min(15, text.length - dot - 1);
}

/** The lower edge of bucket k, rounded to the step's decimals (so 1003 × 0.1 reads 100.3, not 100.30000000000001). */
export function bucketPrice(bucket: number, step: number, decimals = stepDecimals(step)): number {
  return Number((bucket * step).toFixed(decimals));
}

/**
 * The smallest price step taken: finer than any market's tick by orders of magnitude, and coarse
 * enough that a price over it is still a bucket index a double counts exactly (5e-324 made every
 * price an infinite index, which read as "no volume").
 */
export const minPriceStep = 1e-12;

/** Throws a RangeError naming the option unless `step` is a finite number of at least `minPriceStep`. */
export function checkPriceStep(step: number, name = 'price step'): void {
  if (!(Number.isFinite(step) && step > 0)) throw new RangeError(`The ${name} must be a number above 0, not ${step}.`);
  if (step < minPriceStep) throw new RangeError(`The ${name} must be at least ${minPriceStep} (finer than any market's tick), not ${step}.`);
}

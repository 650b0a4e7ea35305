/**
 * The q-quantile (0 ≤ q ≤ 1) of the finite values, by linear interpolation between order
 * statistics (Hyndman and Fan's type 7, the default of R and NumPy): with the n values sorted as
 * x₀ … xₙ₋₁ and h = (n − 1)·q, it is x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋). Null when there is no finite
 * value. Non-finite values are ignored; the input is not modified.
 */
export function quantile(values: readonly number[], q: number): number | null {
  const sorted = Float64Array.from(values.filter((value) => Number.isFinite(value))).sort();
  const n = sorted.length;
  if (n === 0) return null;
  const h = (n - 1) * Math.min(1, Math.max(0, q));
  const below = Math.floor(h);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[Math.min(n - 1, below + 1)] ?? low;
  return low + (h - below) * (high - low);
}

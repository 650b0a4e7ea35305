/** Steps of time series the panels choose from, ms: 10 ms to 1 day. */
const timeSteps = [10, 25, 50, 100, 250, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 21_600_000, 43_200_000, 86_400_000];

/** The smallest step of the list that cuts `spanMs` into at most `count` pieces (the largest when none does). */
export function timeStepFor(spanMs: number, count: number, atLeastMs = 0): number {
  const wanted = Math.max(atLeastMs, spanMs / Math.max(1, count));
  return timeSteps.find((step) => step >= wanted) ?? (timeSteps.at(-1) as number);
}

/** The "nice" number (1, 2 or 5 × 10ᵏ) at or above `value`; 1 for a value not above 0. */
export function niceAtOrAbove(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 5, 10]) {
    // Rounded to the power's digits, so 0.1 × 2 is 0.2 and not 0.20000000000000001.
    const step = Number((factor * power).toPrecision(12));
    if (step >= value * (1 - 1e-12)) return step;
  }
  return 10 * power;
}

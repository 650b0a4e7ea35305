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

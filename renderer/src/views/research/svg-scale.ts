/** A linear map from a value range onto pixels; a degenerate range maps to the middle. */
export function linearScale(from: number, to: number, pixelFrom: number, pixelTo: number): (value: number) => number {
  const span = to - from;
  if (!(span !== 0) || !Number.isFinite(span)) return () => (pixelFrom + pixelTo) / 2;
  return (value) => pixelFrom + ((value - from) / span) * (pixelTo - pixelFrom);
}

/** The extent of finite values (null and non-finite skipped); null when there are none. */
export function extentOf(values: Iterable<number | null | undefined>): [number, number] | null {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value === null || value === undefined || !Number.isFinite(value)) continue;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  return low <= high ? [low, high] : null;
}

/** About `count` round tick values across [low, high] (steps of 1, 2 or 5 × 10ᵏ). */
export function niceTicks(low: number, high: number, count = 4): number[] {
  if (!(high > low)) return [low];
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = Math.ceil(low / step) * step; t <= high + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** An axis: its domain widened to round numbers, and the round ticks inside it. */
export interface NiceAxis {
  min: number;
  max: number;
  /** Tick values ascending, from `min` to `max`, a round step apart. */
  ticks: number[];
  step: number;
}

/** The round step (1, 2, 2.5 or 5 × 10ⁿ) that cuts `span` into at most `count` parts. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    if (factor * magnitude >= raw) return factor * magnitude;
  }
  return 10 * magnitude;
}

/**
 * An axis covering `low`…`high` with at most about `count` intervals, its ends on round numbers.
 * A flat range (low = high) is opened by one unit around the value.
 */
export function niceAxis(low: number, high: number, count: number): NiceAxis {
  const [a, b] = low === high ? [low - 1, high + 1] : [Math.min(low, high), Math.max(low, high)];
  const step = niceStep(b - a, count);
  const min = Math.floor(a / step) * step;
  const max = Math.ceil(b / step) * step;
  const ticks: number[] = [];
  // Integer tick counting avoids float drift (0.1 + 0.2 …) in the tick values.
  const n = Math.round((max - min) / step);
  for (let i = 0; i <= n; i++) ticks.push(Number((min + i * step).toPrecision(12)));
  return { min, max, ticks, step };
}

/**
 * An axis over exactly `low`…`high` widened by `pad` (a fraction of the span) on each side, with
 * the round ticks that fall inside: for data that should fill the plot rather than start at 0.
 */
export function paddedAxis(low: number, high: number, count: number, pad: number): NiceAxis {
  const [a, b] = low === high ? [low - Math.max(1, Math.abs(low) * 0.05), high + Math.max(1, Math.abs(high) * 0.05)] : [Math.min(low, high), Math.max(low, high)];
  const margin = (b - a) * pad;
  const min = a - margin;
  const max = b + margin;
  const step = niceStep(max - min, count);
  const ticks: number[] = [];
  for (let i = Math.ceil(min / step); i * step <= max; i++) ticks.push(Number((i * step).toPrecision(12)));
  return { min, max, ticks, step };
}

/** A linear map from a domain to a pixel range; a zero-width domain maps to the range's middle. */
export function linearScale(domainMin: number, domainMax: number, rangeMin: number, rangeMax: number): (value: number) => number {
  const width = domainMax - domainMin;
  if (width === 0) return () => (rangeMin + rangeMax) / 2;
  return (value) => rangeMin + ((value - domainMin) / width) * (rangeMax - rangeMin);
}

/**
 * The footprint's price step: a whole number of ticks, 1, 2 or 5 × 10ᵏ ticks, so rows line up
 * with prices a venue can print and the `+` / `−` keys walk a short, predictable ladder.
 */

/**
 * The largest price step the footprint takes (a row 10,000,000 wide holds any candle of any
 * market). A larger one is refused with this limit in words, never quietly cut to it.
 */
export const maxFootprintStep = 10_000_000;

/** What a typed footprint step must be, in the words the field shows when it refuses one. */
export const footprintStepRule = `A price step above 0, at most ${maxFootprintStep.toLocaleString('en-US')}`;

/** Why a typed footprint step is refused (`footprintStepRule`), or null when it is taken. */
export function footprintStepProblem(step: number): string | null {
  return Number.isFinite(step) && step > 0 && step <= maxFootprintStep ? null : footprintStepRule;
}

/** How many rows the automatic step aims for in a typical candle. */
export const rowsPerCandle = 8;

/** Rounds a product of binary doubles to what it is in decimal (0.1 × 3 is 0.3, not 0.30000000000000004). */
function decimalOf(value: number): number {
  return Number(value.toPrecision(12));
}

/** The ladder multiple (1, 2 or 5 × 10ᵏ, at least 1) at or above `ticks`. */
function multipleAtOrAbove(ticks: number): number {
  if (!(ticks > 1) || !Number.isFinite(ticks)) return 1;
  const power = 10 ** Math.floor(Math.log10(ticks));
  for (const factor of [1, 2, 5, 10]) {
    const multiple = decimalOf(factor * power);
    if (multiple >= ticks * (1 - 1e-9)) return multiple;
  }
  return decimalOf(10 * power);
}

/** The ladder multiple after (direction 1) or before (−1) `multiple`; never below 1. */
function nextMultiple(multiple: number, direction: 1 | -1): number {
  const power = 10 ** Math.floor(Math.log10(multiple) + 1e-9);
  const factor = Math.round(multiple / power);
  if (direction === 1) return decimalOf((factor === 1 ? 2 : factor === 2 ? 5 : 10) * power);
  if (multiple <= 1) return 1;
  return decimalOf(factor === 5 ? 2 * power : factor === 2 ? power : 5 * (power / 10));
}

/** The tick the ladder is built on: the instrument's tick size when known and above 0, else 10⁻⁸. */
export function ladderTick(tickSize: number | null | undefined): number {
  return tickSize != null && Number.isFinite(tickSize) && tickSize > 0 ? tickSize : 1e-8;
}

/** The median of the candles' high − low (NaN without a candle of finite range). */
export function medianCandleRange(high: readonly number[], low: readonly number[]): number {
  const ranges: number[] = [];
  for (let i = 0; i < high.length; i++) {
    const r = (high[i] ?? Number.NaN) - (low[i] ?? Number.NaN);
    if (Number.isFinite(r) && r >= 0) ranges.push(r);
  }
  if (ranges.length === 0) return Number.NaN;
  ranges.sort((a, b) => a - b);
  const mid = ranges.length >> 1;
  return ranges.length % 2 === 1 ? (ranges[mid] ?? Number.NaN) : ((ranges[mid - 1] ?? 0) + (ranges[mid] ?? 0)) / 2;
}

/**
 * The automatic step: the smallest ladder step (a tick × 1, 2 or 5 × 10ᵏ) that cuts the median
 * candle range into at most 8 rows; one tick when the candles have no range.
 */
export function autoFootprintStep(tickSize: number | null | undefined, medianRange: number): number {
  const tick = ladderTick(tickSize);
  if (!(medianRange > 0) || !Number.isFinite(medianRange)) return tick;
  return decimalOf(tick * multipleAtOrAbove(medianRange / rowsPerCandle / tick));
}

/** A row at least this tall (px) prints its numbers with room to spare (`numbersFrom.rowHeight` is 11). */
export const readableRowPx = 14;

/**
 * The smallest ladder step whose rows are `readableRowPx` tall at `pricePerPx` (the chart's first
 * view of the footprint), so "bid × ask" can be read without zooming; one tick when unknown.
 */
export function readableFootprintStep(tickSize: number | null | undefined, pricePerPx: number | null): number {
  const tick = ladderTick(tickSize);
  if (pricePerPx === null || !(pricePerPx > 0) || !Number.isFinite(pricePerPx)) return tick;
  return decimalOf(tick * multipleAtOrAbove((readableRowPx * pricePerPx) / tick));
}

/**
 * The next ladder step up (`+`: coarser, never past `maxFootprintStep`: at the top `+` keeps the
 * step) or down (`−`: finer, never below one tick) from `step`.
 */
export function steppedFootprintStep(step: number, tickSize: number | null | undefined, direction: 1 | -1): number {
  const tick = ladderTick(tickSize);
  // A step typed by hand may be off the ladder: start from the ladder step at or above it.
  const multiple = multipleAtOrAbove(step / tick);
  const onLadder = Math.abs(multiple * tick - step) <= step * 1e-9;
  // Off the ladder, the ladder step at or above it is already the next one up.
  const next = direction === 1 && !onLadder ? multiple : nextMultiple(multiple, direction);
  const stepped = decimalOf(tick * next);
  return stepped > maxFootprintStep ? step : stepped;
}

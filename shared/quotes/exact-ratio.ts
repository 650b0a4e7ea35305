/** An exact ratio of two integers, `num / den` with `den > 0`; the maths of prices and impacts without float. */
export interface ExactRatio {
  num: bigint;
  den: bigint;
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** `num / den` as an exact ratio with a positive denominator; null when `den` is 0. */
export function ratio(num: bigint, den: bigint): ExactRatio | null {
  if (den === 0n) return null;
  return den < 0n ? { num: -num, den: -den } : { num, den };
}

/** `a / b` rounded to the nearest integer, halves away from zero (b ≠ 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const [n, d] = [abs(a), abs(b)];
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** The digits of a non-negative integer scaled by 10^-places, as a decimal string (`12345`, 2 → `123.45`). */
function placeDecimalPoint(digits: bigint, places: number): string {
  if (places <= 0) return (digits * 10n ** BigInt(-places)).toString();
  const text = digits.toString().padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** floor(log10(n/d)) for n, d > 0, exactly. */
function decimalExponent(n: bigint, d: bigint): number {
  const guess = n.toString().length - d.toString().length;
  const reaches = guess >= 0 ? n >= d * 10n ** BigInt(guess) : n * 10n ** BigInt(-guess) >= d;
  return reaches ? guess : guess - 1;
}

/**
 * An exact ratio as a decimal string of `digits` significant digits, rounded to nearest (halves
 * away from zero), trailing zeros kept so a column of prices lines up: 1/3 at 4 → `0.3333`,
 * 2999.995 at 6 → `3000.00`, 123456 at 3 → `123000`. Zero is `0`.
 */
export function toSignificant(value: ExactRatio, digits: number): string {
  if (!Number.isInteger(digits) || digits < 1) throw new RangeError('digits must be a positive integer');
  if (value.num === 0n) return '0';
  const negative = value.num < 0n;
  const n = abs(value.num);
  const d = value.den;
  let places = digits - 1 - decimalExponent(n, d);
  let scaled = places >= 0 ? divideRounded(n * 10n ** BigInt(places), d) : divideRounded(n, d * 10n ** BigInt(-places));
  // Rounding up can carry into one more digit (9.9996 → 10.000): drop the last place, exactly.
  if (scaled === 10n ** BigInt(digits)) {
    scaled /= 10n;
    places -= 1;
  }
  return `${negative ? '-' : ''}${placeDecimalPoint(scaled, places)}`;
}

/** An exact ratio rounded to `places` decimals (halves away from zero): 12345/1000 at 2 → `12.35`, -1/8 at 2 → `-0.13`. */
export function toFixedPlaces(value: ExactRatio, places: number): string {
  if (!Number.isInteger(places) || places < 0) throw new RangeError('places must be a non-negative integer');
  const scaled = divideRounded(value.num * 10n ** BigInt(places), value.den);
  const text = placeDecimalPoint(abs(scaled), places);
  return scaled < 0n ? `-${text}` : text;
}

/** An exact ratio as the nearest float, for drawing only (chart coordinates, bar widths), never for shown figures. */
export function toApproximateNumber(value: ExactRatio): number {
  if (value.num === 0n) return 0;
  // Keep 17 significant digits, then let the float parser round once.
  return Number(toSignificant(value, 17));
}

/** Compares two exact ratios: negative, zero or positive as a < b, a = b, a > b. */
export function compareRatios(a: ExactRatio, b: ExactRatio): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

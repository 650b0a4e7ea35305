import { ratio, toApproximateNumber, toFixedPlaces, toSignificant, type ExactRatio } from '../../../../shared/quotes/exact-ratio.ts';
import { groupThousands } from '../../../../shared/quotes/token-amounts.ts';
import { formatUnits, notPublished } from '../../format/market-values.ts';

/** Significant digits of a shown price: enough for a 1 bp difference on any size. */
export const priceDigits = 8;

/** A price exactly to `priceDigits` significant digits, thousands grouped; null is an em dash. */
export function priceText(price: ExactRatio | null): string {
  return price === null ? notPublished : groupThousands(toSignificant(price, priceDigits));
}

/** The inverse of a price (input per output), exactly; an em dash when the price is null or zero. */
export function inversePriceText(price: ExactRatio | null): string {
  if (price === null || price.num === 0n) return notPublished;
  const inverse = ratio(price.den, price.num);
  return inverse === null ? notPublished : groupThousands(toSignificant(inverse, priceDigits));
}

/** An impact in bps rounded to two places for display (`12.35`); null is an em dash. */
export function impactText(impact: ExactRatio | null): string {
  return impact === null ? notPublished : toFixedPlaces(impact, 2);
}

/**
 * The length of each impact bar as a fraction of the largest absolute impact of the ladder (0 to
 * 1); a null impact has no bar. For drawing only.
 */
export function impactBarFractions(impacts: readonly (ExactRatio | null)[]): (number | null)[] {
  const values = impacts.map((impact) => (impact === null ? null : Math.abs(toApproximateNumber(impact))));
  const largest = Math.max(0, ...values.filter((value): value is number => value !== null));
  return values.map((value) => (value === null ? null : largest === 0 ? 0 : value / largest));
}

/**
 * A column of token amounts in whole tokens, decimals applied exactly, padded with zeros to the
 * longest fraction of the column so the decimal points line up (`0.038`, `3,774.660`). Null
 * (an unreadable amount) stays null.
 */
export function alignedUnits(values: readonly (bigint | null)[], decimals: number): (string | null)[] {
  const places = Math.max(0, ...values.map((value) => (value === null ? 0 : (formatUnits(value, decimals).split('.')[1] ?? '').length)));
  return values.map((value) => (value === null ? null : formatUnits(value, decimals, places)));
}

import type { LadderLevel } from './ladder-levels.ts';

/** Decimals that show every price of these levels exactly (at most 8). */
export function priceDecimals(levels: readonly LadderLevel[]): number {
  let decimals = 0;
  for (const level of levels) {
    for (let d = decimals; d <= 8; d++) {
      const scaled = level.price * 10 ** d;
      if (Math.abs(scaled - Math.round(scaled)) < 1e-6) {
        decimals = d;
        break;
      }
      if (d === 8) decimals = 8;
    }
  }
  return decimals;
}

/** Tick sizes to aggregate by around a price: 1, 5, 10, 50 and 100 units of a step four digits below it. */
export function tickChoices(price: number | null): number[] {
  if (price === null || !(price > 0)) return [];
  const base = 10 ** (Math.floor(Math.log10(price)) - 4);
  return [1, 5, 10, 50, 100].map((k) => Number((k * base).toPrecision(12)));
}

import type { ChainExpiry, ChainQuote } from './chain.ts';
import { decimalValue } from './greek-fill.ts';

/** One point of an implied-volatility smile: a strike, its mark IV and the side it was read from. */
export interface SmilePoint {
  strike: number;
  /** Mark IV, annualized fraction (0.45 = 45 %). */
  iv: number;
  side: 'call' | 'put';
}

function markIv(quote: ChainQuote | null): number | null {
  const iv = quote === null ? null : decimalValue(quote.row.mark_iv);
  return iv !== null && iv > 0 ? iv : null;
}

/**
 * The smile of one expiry, strikes ascending: at each strike the mark IV of the out-of-the-money
 * side (puts below the reference price, calls at and above it), which is the more liquid and the
 * usual reading; the other side where that one has no IV. Without a reference price, calls first.
 * Strikes with no positive mark IV on either side are left out (a gap, never 0).
 */
export function smileOf(expiry: ChainExpiry): SmilePoint[] {
  const points: SmilePoint[] = [];
  const reference = expiry.reference?.price ?? null;
  for (const slot of expiry.strikes) {
    const order: ('call' | 'put')[] = reference !== null && slot.strike < reference ? ['put', 'call'] : ['call', 'put'];
    for (const side of order) {
      const iv = markIv(slot[side]);
      if (iv !== null) {
        points.push({ strike: slot.strike, iv, side });
        break;
      }
    }
  }
  return points;
}

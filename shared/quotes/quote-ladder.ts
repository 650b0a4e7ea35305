import type { QuoteRow } from '../rows/quote-row.ts';
import { ratio, type ExactRatio } from './exact-ratio.ts';

/** Which amount of a point is the size the quoter was asked about. */
export type SizeSide = 'input' | 'output';

/**
 * The fixed side of an `amount_kind`: `exact_output` (or `exact_out`) quotes a fixed amount
 * out, so the size is the output; `exact_input`, and any kind not recognised, the input.
 */
export function sizeSideOf(amountKind: string): SizeSide {
  return amountKind === 'exact_output' || amountKind === 'exact_out' ? 'output' : 'input';
}

/** One rung of a quote ladder, with exact amounts, effective price and price impact. */
export interface LadderPoint {
  row: QuoteRow;
  /** Amounts in smallest units; null when the text is not a non-negative integer. */
  amountIn: bigint | null;
  amountOut: bigint | null;
  /** The size the quoter was asked about (amountIn for exact input, amountOut for exact output). */
  size: bigint | null;
  /** Output per input with both tokens' decimals applied; null without both amounts or with no input. */
  price: ExactRatio | null;
  /**
   * How much worse than the smallest size's price this size's price is, in basis points:
   * (p₀ − p) / p₀ × 10 000. Positive costs the trader; 0 at the smallest size. Null when either
   * price is missing or p₀ is 0.
   */
  impactBps: ExactRatio | null;
}

/** The largest decimals accepted; tokens use up to 255 (uint8), real ones 0 to 36. */
const maxDecimals = 255;

/** An amount text as smallest units: a non-negative integer written in decimal digits, else null. */
export function unitsOf(text: string): bigint | null {
  return /^\d+$/.test(text) ? BigInt(text) : null;
}

function validDecimals(decimals: number): boolean {
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= maxDecimals;
}

/**
 * The effective price of a point, output per input in whole tokens:
 * (out / 10^outDecimals) / (in / 10^inDecimals) = out × 10^inDecimals / (in × 10^outDecimals).
 */
export function effectivePrice(amountIn: bigint, inputDecimals: number, amountOut: bigint, outputDecimals: number): ExactRatio | null {
  if (!validDecimals(inputDecimals) || !validDecimals(outputDecimals)) return null;
  return ratio(amountOut * 10n ** BigInt(inputDecimals), amountIn * 10n ** BigInt(outputDecimals));
}

/** Price impact in bps of `price` against the reference `reference`: (ref − p) / ref × 10 000; null when ref is 0. */
export function impactBps(price: ExactRatio, reference: ExactRatio): ExactRatio | null {
  if (reference.num === 0n) return null;
  return ratio((reference.num * price.den - price.num * reference.den) * 10_000n, reference.num * price.den);
}

/**
 * The ladder of one observation's points, ordered by size (the amount in for exact input, the
 * amount out for exact output; unreadable sizes last), each with its effective price and its
 * impact relative to the smallest size's price.
 */
export function ladderOf(points: readonly QuoteRow[]): LadderPoint[] {
  const rungs = points.map((row) => {
    const amountIn = unitsOf(row.input_amount);
    const amountOut = unitsOf(row.output_amount);
    const size = sizeSideOf(row.amount_kind) === 'output' ? amountOut : amountIn;
    const price = amountIn === null || amountOut === null ? null : effectivePrice(amountIn, row.input_decimals, amountOut, row.output_decimals);
    return { row, amountIn, amountOut, size, price };
  });
  rungs.sort((a, b) => {
    if (a.size === null || b.size === null) return a.size === b.size ? 0 : a.size === null ? 1 : -1;
    return a.size < b.size ? -1 : a.size > b.size ? 1 : 0;
  });
  const reference = rungs[0]?.price ?? null;
  return rungs.map((rung) => ({ ...rung, impactBps: reference === null || rung.price === null ? null : impactBps(rung.price, reference) }));
}

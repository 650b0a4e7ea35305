import type { DecimalString } from '../rows/common.ts';
import type { OptionTickerRow } from '../rows/option-ticker-row.ts';
import { blackScholes } from './black-scholes.ts';
import type { ContractTerms } from './contract-terms.ts';

/** The greeks a chain shows, in the venue's (Deribit's) units; see `FilledGreeks`. */
export const chainGreeks = ['delta', 'gamma', 'vega', 'theta'] as const;

/** One greek of the chain. */
export type ChainGreek = (typeof chainGreeks)[number];

/** A greek the venue published: its text exactly as sent, and that text read as a number. */
export interface PublishedGreek {
  computed: false;
  text: DecimalString;
  value: number;
}

/** A greek the venue left null, computed here with Black–Scholes from the row's own inputs. */
export interface ComputedGreek {
  computed: true;
  value: number;
}

/**
 * The greeks of one ticker: published where the row has them, computed where it has none and
 * can be computed, null where neither. Units follow the venue: delta per 1 of the underlying,
 * gamma per 1 of the underlying's price, vega per 1 vol point (1 %), theta per calendar day.
 */
export type FilledGreeks = Record<ChainGreek, PublishedGreek | ComputedGreek | null>;

/** The greeks of a ticker, and why a missing one could not be computed (null when nothing was missing or all could be). */
export interface GreekFill {
  greeks: FilledGreeks;
  /** Why Black–Scholes could not fill the null greeks: "no mark IV", … */
  unfilledBecause: string | null;
}

const yearMs = 365 * 24 * 3_600_000;

/** A decimal string read as a finite number, or null (null, empty or unreadable text). */
export function decimalValue(text: DecimalString | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * The price the option is written on, for Black–Scholes (Black-76): the forward where the row
 * publishes one, else the underlying price (on Deribit, the future the option settles against),
 * else the index. Null when the row carries no positive price.
 */
export function pricingForward(row: OptionTickerRow): number | null {
  for (const text of [row.forward_price, row.underlying_price, row.index_price]) {
    const value = decimalValue(text);
    if (value !== null && value > 0) return value;
  }
  return null;
}

/**
 * Fills the null greeks of a ticker with Black–Scholes from the row's own mark IV, forward,
 * strike and expiry at the row's observation time (collector time), rate 0. A published greek is
 * never replaced. When an input is missing, the null greeks stay null and `unfilledBecause` says why.
 */
export function fillGreeks(row: OptionTickerRow, terms: ContractTerms): GreekFill {
  const published = (text: DecimalString | null): PublishedGreek | null => (text === null ? null : { computed: false, text, value: Number(text) });
  const greeks: FilledGreeks = { delta: published(row.delta), gamma: published(row.gamma), vega: published(row.vega), theta: published(row.theta) };
  const missing = chainGreeks.filter((greek) => greeks[greek] === null);
  if (missing.length === 0) return { greeks, unfilledBecause: null };
  const vol = decimalValue(row.mark_iv);
  const forward = pricingForward(row);
  const years = (terms.expiry - row.collector_timestamp) / yearMs;
  const unfilledBecause =
    vol === null ? 'the row has no mark IV' : vol <= 0 ? 'the mark IV is not positive' : forward === null ? 'the row has no underlying or index price' : years <= 0 ? 'the contract had expired at the observation' : null;
  if (unfilledBecause !== null || vol === null || forward === null) return { greeks, unfilledBecause };
  const valuation = blackScholes({ type: terms.type, forward, strike: terms.strike, years, vol });
  const computed: Record<ChainGreek, number> = {
    delta: valuation.delta,
    gamma: valuation.gamma,
    vega: valuation.vega / 100,
    theta: valuation.theta / 365,
  };
  for (const greek of missing) greeks[greek] = { computed: true, value: computed[greek] };
  return { greeks, unfilledBecause: null };
}

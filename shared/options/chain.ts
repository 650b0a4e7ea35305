import type { InstrumentEntry } from '../rows/catalog.ts';
import type { OptionTickerRow } from '../rows/option-ticker-row.ts';
import { contractTermsOf, type ContractTerms, type TermsOrigin } from './contract-terms.ts';
import { decimalValue, fillGreeks, type FilledGreeks } from './greek-fill.ts';

/** One side (call or put) of one strike: the contract's latest ticker and its greeks. */
export interface ChainQuote {
  row: OptionTickerRow;
  terms: ContractTerms;
  /** Where the terms came from when the row did not carry them. */
  termsOrigin: TermsOrigin;
  greeks: FilledGreeks;
  /** Why null greeks could not be computed, or null. */
  unfilledBecause: string | null;
}

/** One strike of an expiry, its call and its put (either may be missing). */
export interface ChainStrike {
  strike: number;
  /** The strike as the source wrote it. */
  strikeText: string;
  call: ChainQuote | null;
  put: ChainQuote | null;
}

/** The price the at-the-money strike is judged against. */
export interface ReferencePrice {
  price: number;
  field: 'forward_price' | 'underlying_price' | 'index_price';
  /** Collector time of the ticker it was read from. */
  observedAt: number;
}

/** The chain of one expiry: strikes ascending, the reference price and the strike nearest it. */
export interface ChainExpiry {
  expiry: number;
  strikes: ChainStrike[];
  reference: ReferencePrice | null;
  /** The strike nearest the reference price (the lower one on a tie); null without a reference. */
  atmStrike: number | null;
  /** Contracts placed in this expiry. */
  contracts: number;
}

/** An option chain: expiries ascending, and the tickers that could not be placed in it. */
export interface OptionChain {
  expiries: ChainExpiry[];
  /** Tickers whose expiry, strike or side could not be found (row, catalog or name). */
  unplaced: OptionTickerRow[];
}

const referenceFields = ['forward_price', 'underlying_price', 'index_price'] as const;

function referenceOf(row: OptionTickerRow): ReferencePrice | null {
  for (const field of referenceFields) {
    const price = decimalValue(row[field]);
    if (price !== null && price > 0) return { price, field, observedAt: row.collector_timestamp };
  }
  return null;
}

/** The strike nearest a price; the lower of two equally near. Null for no strikes. */
export function nearestStrike(strikes: readonly number[], price: number): number | null {
  let best: number | null = null;
  for (const strike of strikes) {
    if (best === null) best = strike;
    else {
      const distance = Math.abs(strike - price);
      const bestDistance = Math.abs(best - price);
      if (distance < bestDistance || (distance === bestDistance && strike < best)) best = strike;
    }
  }
  return best;
}

/** Whether a side of a strike is in the money against a reference price (calls below it, puts above it). */
export function isInTheMoney(type: 'call' | 'put', strike: number, reference: number): boolean {
  return type === 'call' ? strike < reference : strike > reference;
}

/**
 * Groups the latest ticker of each contract into expiries → strikes → call/put, fills the null
 * greeks with Black–Scholes (never a published one), and finds each expiry's at-the-money strike
 * from its freshest forward, underlying or index price. Terms missing from a row are taken from
 * its catalog entry, then from its name. Two tickers for one slot: the later one is kept.
 */
export function buildOptionChain(rows: readonly OptionTickerRow[], catalog: ReadonlyMap<string, InstrumentEntry> = new Map()): OptionChain {
  const byExpiry = new Map<number, Map<number, ChainStrike>>();
  const references = new Map<number, ReferencePrice>();
  const unplaced: OptionTickerRow[] = [];
  for (const row of rows) {
    const placed = contractTermsOf(row, catalog.get(row.instrument));
    if (placed === null) {
      unplaced.push(row);
      continue;
    }
    const { terms, origin } = placed;
    let strikes = byExpiry.get(terms.expiry);
    if (strikes === undefined) {
      strikes = new Map();
      byExpiry.set(terms.expiry, strikes);
    }
    let slot = strikes.get(terms.strike);
    if (slot === undefined) {
      slot = { strike: terms.strike, strikeText: terms.strikeText, call: null, put: null };
      strikes.set(terms.strike, slot);
    }
    const previous = slot[terms.type];
    if (previous === null || previous.row.collector_timestamp <= row.collector_timestamp) {
      const { greeks, unfilledBecause } = fillGreeks(row, terms);
      slot[terms.type] = { row, terms, termsOrigin: origin, greeks, unfilledBecause };
    }
    const reference = referenceOf(row);
    const known = references.get(terms.expiry);
    if (reference !== null && (known === undefined || known.observedAt <= reference.observedAt)) references.set(terms.expiry, reference);
  }
  const expiries = [...byExpiry.entries()]
    .sort(([a], [b]) => a - b)
    .map(([expiry, strikeMap]): ChainExpiry => {
      const strikes = [...strikeMap.values()].sort((a, b) => a.strike - b.strike);
      const reference = references.get(expiry) ?? null;
      return {
        expiry,
        strikes,
        reference,
        atmStrike: reference === null ? null : nearestStrike(strikes.map((slot) => slot.strike), reference.price),
        contracts: strikes.reduce((sum, slot) => sum + (slot.call === null ? 0 : 1) + (slot.put === null ? 0 : 1), 0),
      };
    });
  return { expiries, unplaced };
}

import type { InstrumentEntry } from '../rows/catalog.ts';
import type { OptionTickerRow } from '../rows/option-ticker-row.ts';

/** What places a ticker in a chain: its expiry, strike and side. */
export interface ContractTerms {
  /** Expiry, Unix ms. */
  expiry: number;
  /** The strike as the source wrote it (decimal string). */
  strikeText: string;
  /** The strike read as a number, for ordering and maths. */
  strike: number;
  type: 'call' | 'put';
}

/** Where each term came from when the row itself did not carry it. */
export type TermsOrigin = 'row' | 'catalog' | 'name';

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Deribit settles its options at 08:00 UTC on the expiry date. */
const deribitSettlementHourUtc = 8;

/**
 * The terms a Deribit-style instrument name spells (`BTC-29MAR24-50000-C`): the date at the
 * venue's 08:00 UTC settlement, the strike and the side; null for any other shape of name.
 */
export function termsFromInstrumentName(name: string): ContractTerms | null {
  const match = /^[A-Z0-9_]+-(\d{1,2})([A-Z]{3})(\d{2})-(\d+(?:\.\d+)?|\d+d\d+)-([CP])$/.exec(name);
  if (match === null) return null;
  const [, day = '', month = '', year = '', strikeText = '', side = ''] = match;
  const monthIndex = months.indexOf(month);
  if (monthIndex < 0) return null;
  // Deribit spells decimal strikes of small underlyings with a `d` (XRP_USDC-…-0d625-C).
  const strikeDecimal = strikeText.replace('d', '.');
  const expiry = Date.UTC(2000 + Number(year), monthIndex, Number(day), deribitSettlementHourUtc);
  if (new Date(expiry).getUTCDate() !== Number(day)) return null;
  return { expiry, strikeText: strikeDecimal, strike: Number(strikeDecimal), type: side === 'C' ? 'call' : 'put' };
}

/**
 * A ticker's terms: taken from the row where it carries them, else from the contract's catalog
 * entry (`/catalog/instruments`), else read from the instrument name. Null when none of the
 * three gives all of expiry, strike and side, or the strike is not a positive number.
 */
export function contractTermsOf(row: OptionTickerRow, catalogEntry?: InstrumentEntry): { terms: ContractTerms; origin: TermsOrigin } | null {
  const fromName = row.expiry_timestamp !== null && row.strike !== null && row.option_type !== null ? null : termsFromInstrumentName(row.instrument);
  const pick = <T>(fromRow: T | null, fromCatalog: T | undefined, named: T | undefined): [T, TermsOrigin] | null => {
    if (fromRow !== null) return [fromRow, 'row'];
    if (fromCatalog !== undefined) return [fromCatalog, 'catalog'];
    if (named !== undefined) return [named, 'name'];
    return null;
  };
  const expiry = pick(row.expiry_timestamp, catalogEntry?.expiry_timestamp, fromName?.expiry);
  const strikeText = pick(row.strike, catalogEntry?.strike, fromName?.strikeText);
  const type = pick(row.option_type, catalogEntry?.option_type, fromName?.type);
  if (expiry === null || strikeText === null || type === null) return null;
  const strike = Number(strikeText[0]);
  if (!Number.isFinite(strike) || strike <= 0) return null;
  const origins = [expiry[1], strikeText[1], type[1]];
  const origin: TermsOrigin = origins.includes('name') ? 'name' : origins.includes('catalog') ? 'catalog' : 'row';
  return { terms: { expiry: expiry[0], strikeText: strikeText[0], strike, type: type[0] }, origin };
}

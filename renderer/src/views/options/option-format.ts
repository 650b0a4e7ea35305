import type { ChainGreek } from '../../../../shared/options/greek-fill.ts';
import { decimalValue } from '../../../../shared/options/greek-fill.ts';
import { notPublished, type TimeZoneChoice } from '../../format/market-values.ts';
import { dayMs } from '../../../../shared/time/time-units.ts';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Fixed decimals that keep at least three significant digits and never fewer than two places. */
function significantFixed(value: number): string {
  if (value === 0) return '0.00';
  const places = Math.min(8, Math.max(2, 2 - Math.floor(Math.log10(Math.abs(value)))));
  return value.toFixed(places);
}

/**
 * A greek rounded the same way in every row of its column: delta to 3 places; gamma (per 1 of
 * the underlying's price, often 1e-6) as `2.59e-6` below 0.01, else to 4 places; vega and theta to
 * at least three significant digits and two places. Null is an em dash.
 */
export function formatGreek(greek: ChainGreek, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return notPublished;
  const shown = value === 0 ? 0 : value; // -0 reads as 0
  switch (greek) {
    case 'delta':
      // A tiny negative delta rounds to 0, not "-0.000".
      return shown.toFixed(3).replace(/^-(0\.0+)$/, '$1');
    case 'gamma':
      return shown !== 0 && Math.abs(shown) < 0.01 ? shown.toExponential(2) : shown.toFixed(4);
    case 'vega':
    case 'theta':
      return significantFixed(shown);
  }
}

/** An implied volatility given as a decimal-string fraction (`0.4523`), as a percentage to one place (`45.2`); null or unreadable is an em dash. */
export function formatIv(text: string | null): string {
  const value = decimalValue(text);
  return value === null ? notPublished : (value * 100).toFixed(1);
}

/** Time left to an expiry: `2h 15m` inside a day, `6.3d` inside 10 days, `45d` beyond; `expired` after it. */
export function formatTimeToExpiry(expiry: number, now: number): string {
  const left = expiry - now;
  if (left <= 0) return 'expired';
  if (left < dayMs) {
    const minutes = Math.floor(left / 60_000);
    return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
  }
  const days = left / dayMs;
  return days < 10 ? `${(Math.floor(days * 10) / 10).toFixed(1)}d` : `${Math.floor(days)}d`;
}

/** An expiry as a short date in the user's zone (`4 Dec 26`), with the time when it is not 08:00 UTC (Deribit's settlement). */
export function formatExpiryDate(expiry: number, zone: TimeZoneChoice): string {
  const date = new Date(expiry);
  const utc = zone === 'utc';
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = months[utc ? date.getUTCMonth() : date.getMonth()] ?? '';
  const year = String(utc ? date.getUTCFullYear() : date.getFullYear()).slice(2);
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  const label = `${day} ${month} ${year}`;
  return utc && hours === 8 && minutes === 0 ? label : `${label} ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** A strike for an axis: `95k`, `102.5k` from 10,000 up, grouped digits below (`2,250`, `0.625`). */
export function formatStrikeTick(strike: number): string {
  if (Math.abs(strike) >= 10_000) return `${String(Math.round(strike / 100) / 10)}k`;
  return strike.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

/** What the chain's columns are in: short units for the headers, one sentence per greek for hover, and the legend line. */
export interface ChainUnits {
  short: { premium: string; iv: string } & Record<ChainGreek, string>;
  long: Record<ChainGreek, string>;
  legend: string;
}

/**
 * The units of the chain, in the venue's (Deribit's) conventions: premiums in `premiumCurrency`
 * (the coin), delta per 1 of the underlying, gamma per 1 of its price, vega per vol point (1 %)
 * and theta per day, both in `priceCurrency` (the underlying price's, USD on Deribit). A currency
 * not known is never guessed: the units then say "price units".
 */
export function chainUnits(premiumCurrency: string | null, priceCurrency: string | null): ChainUnits {
  const money = priceCurrency ?? 'price units';
  const prefix = priceCurrency ?? '';
  return {
    short: { premium: premiumCurrency ?? '', iv: '%', delta: 'per 1', gamma: priceCurrency === null ? 'per 1' : `per ${priceCurrency}`, vega: `${prefix}/1%`, theta: `${prefix}/day` },
    long: {
      delta: 'Delta: change of the option’s value for a 1 rise of the underlying, per 1 of the underlying',
      gamma: `Gamma: change of delta for a 1 ${priceCurrency ?? 'unit'} rise of the underlying price`,
      vega: `Vega: change of the option’s value, in ${money}, for a 1 % (one vol point) rise of IV`,
      theta: `Theta: change of the option’s value, in ${money}, over one day`,
    },
    legend: [
      premiumCurrency === null ? null : `premiums in ${premiumCurrency}`,
      'Δ per 1 of the underlying',
      `Γ per 1 ${priceCurrency === null ? '' : `${priceCurrency} `}of its price`,
      `ν in ${money} per vol point (1 %)`,
      `Θ in ${money} per day`,
    ]
      .filter((part) => part !== null)
      .join(' · '),
  };
}

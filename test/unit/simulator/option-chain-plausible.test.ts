import { describe, expect, it } from 'vitest';
import { defaultDemoSeed } from '../../../electron/server/demo-seed.ts';
import { generateHourText } from '../../../electron/server/simulator/generate-hour.ts';
import { dataset } from './simulated-rows.ts';

// F14 point 8: the demo's option chain is plausible. For the chain as the Options view shows it
// (the latest ticker of each contract in an hour), checked against a naive Black–Scholes written
// here (its own normal CDF, by Simpson's rule, not the app's):
// - strikes are spaced evenly on both sides of the underlying price of every expiry;
// - IV stays in 40–120 % with its minimum near the money;
// - marks are the Black–Scholes value of the row's own IV, underlying price and time to expiry;
// - call marks and deltas fall with the strike; put marks rise, and put deltas grow in size (fall
//   towards −1).

const yearMs = 365 * 24 * 3_600_000;

/** The standard normal CDF by Simpson's rule on [0, |x|] (1,000 intervals): slow, plain, independent. */
function normalCdf(x: number): number {
  const n = 1000;
  const b = Math.min(Math.abs(x), 12);
  const h = b / n;
  const pdf = (t: number): number => Math.exp((-t * t) / 2) / Math.sqrt(2 * Math.PI);
  let sum = pdf(0) + pdf(b);
  for (let i = 1; i < n; i++) sum += (i % 2 === 1 ? 4 : 2) * pdf(i * h);
  const half = (sum * h) / 3;
  return x >= 0 ? 0.5 + half : 0.5 - half;
}

/** Black–Scholes on the spot with no rate (as the demo prices): value in the underlying's price currency, and delta. */
function naiveBlackScholes(type: 'call' | 'put', spot: number, strike: number, years: number, vol: number): { value: number; delta: number } {
  const d1 = (Math.log(spot / strike) + (vol * vol * years) / 2) / (vol * Math.sqrt(years));
  const d2 = d1 - vol * Math.sqrt(years);
  if (type === 'call') return { value: spot * normalCdf(d1) - strike * normalCdf(d2), delta: normalCdf(d1) };
  return { value: strike * normalCdf(-d2) - spot * normalCdf(-d1), delta: normalCdf(d1) - 1 };
}

interface Ticker {
  instrument: string;
  time: number;
  type: 'call' | 'put';
  strike: number;
  expiry: number;
  spot: number;
  mark: number;
  iv: number;
  delta: number;
}

/** The latest ticker of each contract in the hour, read with JSON.parse only. */
function latestTickers(text: string): Ticker[] {
  const latest = new Map<string, Ticker>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const row = JSON.parse(line) as { type: string; collector_timestamp: number; instrument?: string; data: Record<string, unknown> };
    if (row.type !== 'option_ticker' || row.instrument === undefined) continue;
    const data = row.data;
    const greeks = data['greeks'] as Record<string, string>;
    latest.set(row.instrument, {
      instrument: row.instrument,
      time: row.collector_timestamp,
      type: data['option_type'] === 'put' ? 'put' : 'call',
      strike: Number(data['strike']),
      expiry: Number(data['expiry_timestamp']),
      spot: Number(data['underlying_price']),
      mark: Number(data['mark_price']),
      iv: Number(data['mark_iv']),
      delta: Number(greeks['delta']),
    });
  }
  return [...latest.values()];
}

function byExpiry(tickers: readonly Ticker[]): Map<number, Ticker[]> {
  const groups = new Map<number, Ticker[]>();
  for (const ticker of tickers) groups.set(ticker.expiry, [...(groups.get(ticker.expiry) ?? []), ticker]);
  return groups;
}

// Hours across months and seeds, including the hour the issue was seen in (ETH near 2,755 with strikes 2,750–5,750).
const cases = [
  { seed: defaultDemoSeed, market: 'ETH', hour: Date.UTC(2026, 10, 25, 1) },
  { seed: defaultDemoSeed, market: 'ETH', hour: Date.UTC(2026, 10, 27, 6) },
  { seed: defaultDemoSeed, market: 'BTC', hour: Date.UTC(2026, 10, 27, 6) },
  { seed: 7, market: 'ETH', hour: Date.UTC(2026, 2, 3, 17) },
  { seed: 11, market: 'BTC', hour: Date.UTC(2026, 6, 30, 23) },
];

describe.each(cases)('the demo option chain of deribit $market (seed $seed, hour $hour)', ({ seed, market, hour }) => {
  const tickers = latestTickers(generateHourText(seed, dataset('deribit', market), hour));
  const expiries = byExpiry(tickers);

  it('lists several expiries, each with strikes evenly spaced on both sides of the underlying price', () => {
    expect(expiries.size).toBeGreaterThanOrEqual(4);
    for (const chain of expiries.values()) {
      const spot = chain.reduce((latest, ticker) => (ticker.time > latest.time ? ticker : latest)).spot;
      const strikes = [...new Set(chain.map((ticker) => ticker.strike))].sort((a, b) => a - b);
      expect(strikes.filter((strike) => strike < spot).length).toBeGreaterThanOrEqual(4);
      expect(strikes.filter((strike) => strike > spot).length).toBeGreaterThanOrEqual(4);
      const steps = new Set(strikes.slice(1).map((strike, i) => strike - (strikes[i] ?? 0)));
      expect(steps.size).toBe(1);
      const step = [...steps][0] ?? 0;
      // Sensible spacing: between 0.25 % and 15 % of the price.
      expect(step / spot).toBeGreaterThan(0.0025);
      expect(step / spot).toBeLessThan(0.15);
      // Every strike within a plausible band around the price.
      expect((strikes[0] ?? 0) / spot).toBeGreaterThan(0.3);
      expect((strikes.at(-1) ?? 0) / spot).toBeLessThan(2.5);
    }
  });

  it('keeps IV within 40–120 %, lowest near the money, higher in both wings', () => {
    for (const ticker of tickers) {
      expect(ticker.iv).toBeGreaterThanOrEqual(0.4);
      expect(ticker.iv).toBeLessThanOrEqual(1.2);
    }
    for (const chain of expiries.values()) {
      const calls = chain.filter((ticker) => ticker.type === 'call').sort((a, b) => a.strike - b.strike);
      const lowest = calls.reduce((low, ticker) => (ticker.iv < low.iv ? ticker : low));
      const distance = Math.abs(Math.log(lowest.strike / lowest.spot));
      const widest = Math.max(...calls.map((ticker) => Math.abs(Math.log(ticker.strike / ticker.spot))));
      expect(distance).toBeLessThan(widest / 3);
      expect(calls[0]?.iv ?? 0).toBeGreaterThan(lowest.iv);
      expect(calls.at(-1)?.iv ?? 0).toBeGreaterThan(lowest.iv);
    }
  });

  it('marks each contract at the Black–Scholes value of its own IV, underlying price and time to expiry (premium in the coin)', () => {
    for (const ticker of tickers) {
      const years = (ticker.expiry - ticker.time) / yearMs;
      const { value, delta } = naiveBlackScholes(ticker.type, ticker.spot, ticker.strike, years, ticker.iv);
      // IV is published to 4 places, the mark to 6: a few 1e-5 of the coin at most.
      expect(Math.abs(ticker.mark - value / ticker.spot)).toBeLessThan(5e-5 + 1e-4 * (value / ticker.spot));
      expect(Math.abs(ticker.delta - delta)).toBeLessThan(2e-3);
    }
  });

  it('has call marks and deltas falling with the strike, put marks rising and put deltas growing in size', () => {
    for (const chain of expiries.values()) {
      for (const type of ['call', 'put'] as const) {
        const side = chain.filter((ticker) => ticker.type === type).sort((a, b) => a.strike - b.strike);
        for (let i = 1; i < side.length; i++) {
          const [lower, higher] = [side[i - 1], side[i]];
          if (lower === undefined || higher === undefined) continue;
          if (type === 'call') expect(higher.mark).toBeLessThanOrEqual(lower.mark);
          else expect(higher.mark).toBeGreaterThanOrEqual(lower.mark);
          // A call's delta falls from 1 towards 0, a put's from 0 towards −1 (its size rises).
          expect(higher.delta).toBeLessThanOrEqual(lower.delta);
        }
      }
    }
  });
});

import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import { blackScholes } from '../../../shared/options/black-scholes.ts';
import { hourAnchor, HourPricePath } from './asset-path.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import { runStreams } from './event-clock.ts';
import type { CollectorClock } from './collector-clock.ts';
import { V2LineWriter, type TextSink } from './line-writers.ts';
import type { Prng } from './prng.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const yearMs = 365 * dayMs;
const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** One listed option contract. */
export interface OptionContract {
  name: string;
  expiry: number;
  strike: number;
  type: 'call' | 'put';
}

/** Deribit-style expiry code, e.g. 29MAR24. */
export function expiryCode(expiry: number): string {
  const date = new Date(expiry);
  return `${date.getUTCDate()}${months[date.getUTCMonth()] ?? ''}${String(date.getUTCFullYear()).slice(2)}`;
}

/** Fridays 08:00 UTC: the next three weeklies and the last Fridays of the next two months. */
function expiriesAt(time: number): number[] {
  const expiries = new Set<number>();
  const day = new Date(time);
  const friday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + ((5 - day.getUTCDay() + 7) % 7), 8);
  const firstFriday = friday <= time ? friday + 7 * dayMs : friday;
  for (let week = 0; week < 3; week++) expiries.add(firstFriday + week * 7 * dayMs);
  for (let month = 1; month <= 2; month++) {
    const lastDay = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + month + 1, 0, 8));
    expiries.add(lastDay.getTime() - ((lastDay.getUTCDay() - 5 + 7) % 7) * dayMs);
  }
  return [...expiries].sort((a, b) => a - b);
}

function strikeStep(price: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(price));
  return magnitude / (price / magnitude > 5 ? 2 : 4);
}

/**
 * The chain listed at a time: every expiry with strikes on a round grid around the price at the
 * start of the expiry's week, so a contract keeps its name for its whole life.
 */
export function listedContracts(seed: number, dataset: SimulatedDataset, time: number): OptionContract[] {
  const contracts: OptionContract[] = [];
  for (const expiry of expiriesAt(time)) {
    const listingHour = Math.floor((expiry - 35 * dayMs) / hourMs) * hourMs;
    const reference = Math.exp(hourAnchor(seed, dataset.asset, listingHour));
    const step = strikeStep(reference);
    const center = Math.round(reference / step) * step;
    for (let i = -6; i <= 6; i++) {
      const strike = center + i * step;
      if (strike <= 0) continue;
      for (const type of ['call', 'put'] as const) {
        contracts.push({ name: `${dataset.market}-${expiryCode(expiry)}-${strike}-${type === 'call' ? 'C' : 'P'}`, expiry, strike, type });
      }
    }
  }
  return contracts;
}

/** The implied volatility smile: a base level, a skew to puts and a curvature, per expiry. */
export function smileVol(atmVol: number, forward: number, strike: number, years: number): number {
  const moneyness = Math.log(strike / forward) / Math.sqrt(Math.max(years, 1 / 365));
  return Math.max(0.05, atmVol * (1 - 0.12 * moneyness + 0.18 * moneyness * moneyness) + 0.02 * Math.sqrt(years));
}

/** The `/catalog/instruments` entries of an underlying at a time. */
export function instrumentEntries(seed: number, dataset: SimulatedDataset, time: number): InstrumentEntry[] {
  return listedContracts(seed, dataset, time).map((contract) => ({
    source: dataset.source,
    market: dataset.market,
    instrument: contract.name,
    status: 'open',
    option_type: contract.type,
    underlying: dataset.market,
    strike: String(contract.strike),
    expiry_timestamp: contract.expiry,
    contract_size: '1',
    exercise_style: 'european',
    premium_currency: dataset.market,
    quantity_unit: dataset.market,
    settlement_currency: dataset.market,
    statistics: null,
  }));
}

/**
 * One hour of an options venue: tickers of every listed contract whose implied volatility follows
 * a smile and whose greeks come from Black–Scholes, plus occasional option trades.
 */
export function generateOptionsHour(prng: Prng, seed: number, dataset: SimulatedDataset, hourStart: number, until: number, clock: CollectorClock, body: TextSink): string {
  const path = new HourPricePath(seed, dataset.asset, hourStart);
  const writer = new V2LineWriter(prng, clock, dataset.source, dataset.market, body);
  const contracts = listedContracts(seed, dataset, hourStart);
  const atmVol = 0.45 + 0.1 * Math.sin(hourStart / (3 * dayMs));
  const end = Math.min(until, hourStart + hourMs);
  const quote = (time: number): void => {
    const contract = prng.pick(contracts);
    const spot = path.priceAt(time);
    const years = Math.max((contract.expiry - time) / yearMs, 1 / (365 * 24));
    const vol = smileVol(atmVol, spot, contract.strike, years);
    const value = blackScholes({ type: contract.type, forward: spot, strike: contract.strike, years, vol });
    const markPrice = value.price / spot;
    const ivSpread = 0.01 + 0.02 * prng.next();
    const hasBid = markPrice > 0.0003;
    const data: Record<string, unknown> = {
      underlying: dataset.market,
      strike: String(contract.strike),
      expiry_timestamp: contract.expiry,
      option_type: contract.type,
      premium_currency: dataset.market,
      quantity_unit: dataset.market,
      mark_price: markPrice.toFixed(4),
      mark_iv: vol.toFixed(4),
      bid_price: hasBid ? Math.max(0.0001, markPrice * (1 - ivSpread)).toFixed(4) : null,
      ask_price: (markPrice * (1 + ivSpread) + 0.0001).toFixed(4),
      bid_iv: hasBid ? (vol - ivSpread / 2).toFixed(4) : null,
      ask_iv: (vol + ivSpread / 2).toFixed(4),
      bid_size: hasBid ? String(prng.int(1, 60)) : null,
      ask_size: String(prng.int(1, 60)),
      underlying_price: spot.toFixed(2),
      index_price: (spot * (1 + prng.normal() * 0.0001)).toFixed(2),
      open_interest: String(prng.int(10, 4000)),
      volume_24h: String(prng.int(0, 900)),
      greeks: {
        delta: value.delta.toFixed(4),
        gamma: value.gamma.toExponential(4),
        vega: (value.vega / 100).toFixed(4),
        theta: (value.theta / 365).toFixed(4),
        rho: (value.rho / 100).toFixed(4),
      },
    };
    writer.row(time, 'option_ticker', JSON.stringify(data), { exchangeTimestamp: time - prng.int(5, 80), instrument: contract.name });
    if (prng.chance(0.04)) {
      writer.row(time + 1, 'trade', `{"order_id":"${prng.int(1e6, 9e6)}","price":${markPrice.toFixed(4)},"quantity":${prng.int(1, 25)},"side":"${prng.chance(0.5) ? 'buy' : 'sell'}"}`, {
        exchangeTimestamp: time - 2,
        instrument: contract.name,
      });
    }
  };
  runStreams(prng, [{ next: hourStart + prng.int(10, 900), meanGapMs: 60_000 / contracts.length, fire: quote }], end);
  return writer.finish(hourStart);
}

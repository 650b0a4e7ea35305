import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import { blackScholes } from '../../../shared/options/black-scholes.ts';
import { hourAnchor, HourPricePath } from './asset-path.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import { runStreams } from './event-clock.ts';
import type { CollectorClock } from './collector-clock.ts';
import { V2LineWriter, type TextSink } from './line-writers.ts';
import { atmVolAt, smileVol } from './option-smile.ts';
import type { Prng } from './prng.ts';
import { dayMs, dayStartOf, hourMs } from '../../../shared/time/time-units.ts';

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

/**
 * The largest "round" strike spacing (1, 2, 2.5 or 5 × a power of ten) not above `raw`, so a grid
 * of ±6 steps spans at most ±2 standard deviations of the underlying to expiry.
 */
export function roundStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const multiple = [5, 2.5, 2, 1].find((candidate) => candidate * magnitude <= raw) ?? 1;
  return multiple * magnitude;
}

/** Strikes each side of the centre of an expiry's grid. */
const strikesEachSide = 6;

/** Years from `time` to `expiry`, at least `floorYears`. */
function yearsTo(expiry: number, time: number, floorYears: number): number {
  return Math.max((expiry - time) / yearMs, floorYears);
}

/**
 * The chain listed at a time: every expiry, each with strikes on a round grid centred on the
 * underlying's price at the start of the UTC day (so a day's hours share one listing and its
 * strikes bracket the price), spaced by a third of a standard deviation to expiry at the
 * at-the-money vol: ±6 strikes cover about ±2 σ, wide for the monthlies, tight for the weeklies.
 */
export function listedContracts(seed: number, dataset: SimulatedDataset, time: number): OptionContract[] {
  const contracts: OptionContract[] = [];
  const dayStart = dayStartOf(time);
  const reference = Math.exp(hourAnchor(seed, dataset.asset, dayStart));
  const vol = atmVolAt(dataset.asset, dayStart);
  for (const expiry of expiriesAt(time)) {
    const step = roundStep((reference * vol * Math.sqrt(yearsTo(expiry, dayStart, 1 / 365))) / 3);
    const center = Math.round(reference / step) * step;
    for (let i = -strikesEachSide; i <= strikesEachSide; i++) {
      const strike = Math.round((center + i * step) * 1e8) / 1e8;
      if (strike <= 0) continue;
      for (const type of ['call', 'put'] as const) {
        contracts.push({ name: `${dataset.market}-${expiryCode(expiry)}-${strike}-${type === 'call' ? 'C' : 'P'}`, expiry, strike, type });
      }
    }
  }
  return contracts;
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

/** The venue's price tick of a premium, in the coin (Deribit: 0.0001 BTC or ETH). */
const premiumTick = 0.0001;

/** A premium rounded down or up to the tick, as text. */
function onTick(premium: number, direction: 'down' | 'up'): string {
  const ticks = direction === 'down' ? Math.floor(premium / premiumTick + 1e-9) : Math.ceil(premium / premiumTick - 1e-9);
  return (ticks * premiumTick).toFixed(4);
}

/**
 * One hour of an options venue (Deribit's conventions): tickers of the listed contracts, each
 * marked at the Black–Scholes value (on the underlying price, no rate) of its smile IV, as a
 * premium in the coin; bid and ask on the 0.0001 tick around it; greeks from the same valuation,
 * delta per 1 of the underlying, gamma per 1 of its price, vega per vol point (1 %) and theta per
 * day, both in the underlying price's currency (USD); plus occasional option trades.
 */
export function generateOptionsHour(prng: Prng, seed: number, dataset: SimulatedDataset, hourStart: number, until: number, clock: CollectorClock, body: TextSink): string {
  const path = new HourPricePath(seed, dataset.asset, hourStart);
  const writer = new V2LineWriter(prng, clock, dataset.source, dataset.market, body);
  const contracts = listedContracts(seed, dataset, hourStart);
  const atmVol = atmVolAt(dataset.asset, hourStart);
  const end = Math.min(until, hourStart + hourMs);
  const quote = (time: number): void => {
    const contract = prng.pick(contracts);
    // The published figures are the ones priced: spot to the cent, IV to 4 places.
    const spot = Math.round(path.priceAt(time) * 100) / 100;
    const years = yearsTo(contract.expiry, time, 1 / (365 * 24));
    const vol = Math.round(smileVol(atmVol, spot, contract.strike, years) * 1e4) / 1e4;
    const value = blackScholes({ type: contract.type, forward: spot, strike: contract.strike, years, vol });
    const markPrice = value.price / spot;
    const ivSpread = 0.01 + 0.02 * prng.next();
    const bid = onTick(markPrice * (1 - ivSpread), 'down');
    const hasBid = Number(bid) >= premiumTick;
    const data: Record<string, unknown> = {
      underlying: dataset.market,
      strike: String(contract.strike),
      expiry_timestamp: contract.expiry,
      option_type: contract.type,
      premium_currency: dataset.market,
      quantity_unit: dataset.market,
      mark_price: markPrice.toFixed(6),
      mark_iv: vol.toFixed(4),
      bid_price: hasBid ? bid : null,
      ask_price: onTick(Math.max(markPrice * (1 + ivSpread), premiumTick), 'up'),
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
      const price = onTick(Math.max(markPrice, premiumTick), prng.chance(0.5) ? 'down' : 'up');
      writer.row(time + 1, 'trade', `{"order_id":"${prng.int(1e6, 9e6)}","price":${price},"quantity":${prng.int(1, 25)},"side":"${prng.chance(0.5) ? 'buy' : 'sell'}"}`, {
        exchangeTimestamp: time - 2,
        instrument: contract.name,
      });
    }
  };
  runStreams(prng, [{ next: hourStart + prng.int(10, 900), meanGapMs: 60_000 / contracts.length, fire: quote }], end);
  return writer.finish(hourStart);
}

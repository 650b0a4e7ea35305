import type { RowKind } from '../../shared/rows/row-kinds.ts';
import { demoDatasetsAt } from '../../electron/server/simulator/demo-datasets.ts';
import { createPrng, type Prng } from '../../electron/server/simulator/prng.ts';
import { hourKey } from '../../shared/snapshot/snapshot-key.ts';
import { utcDateHour } from '../../shared/time/time-units.ts';

// The mixed requests of the `mde serve` memory flood (F12 point 3): what the app and scripts ask a
// service for, across the demo's markets and its recent hours, mostly with paid keys. Paged
// requests follow their cursor for a page or two, as a client reading a range does.

const hourMs = 3_600_000;
const minuteMs = 60_000;

/** One request of the flood: a path with its query, the key it sends (null: anonymous), and whether its next page is asked for too. */
export interface FloodRequest {
  path: string;
  key: string | null;
  /** Further pages to follow through `next_cursor` (each one more request of the flood). */
  followPages: number;
  /** Whether the file behind the link(s) the answer names (`url`, or each of `snapshots[].url`) is downloaded too, whole (each one more request). */
  download?: boolean;
}

/** What the plan needs to know: the service's clock, its keys, how far back to ask and a seed. */
export interface FloodPlanOptions {
  now: number;
  keys: readonly string[];
  /** Hours before the live one that queries may land in. */
  hoursBack: number;
  seed: number;
}

interface Market {
  source: string;
  market: string;
  kinds: readonly RowKind[];
}

/** A request family with its weight in the mix. */
interface Family {
  weight: number;
  make: (pick: Picker) => FloodRequest;
}

/** Random choices of one request: a key, a market of some kind, a window in the recent hours. */
class Picker {
  readonly #prng: Prng;
  readonly #options: FloodPlanOptions;
  readonly #markets: readonly Market[];

  constructor(prng: Prng, options: FloodPlanOptions, markets: readonly Market[]) {
    this.#prng = prng;
    this.#options = options;
    this.#markets = markets;
  }

  get prng(): Prng {
    return this.#prng;
  }

  key(): string {
    return this.#prng.pick(this.#options.keys);
  }

  market(kind: RowKind): Market {
    return this.#prng.pick(this.#markets.filter((market) => market.kinds.includes(kind)));
  }

  anyMarket(): Market {
    return this.#prng.pick(this.#markets);
  }

  /** A window of `minutes` starting at a whole minute in one of the recent hours (never past now). */
  window(minutes: number): { start: number; end: number } {
    const { now, hoursBack } = this.#options;
    const liveHour = now - (now % hourMs);
    const hourStart = liveHour - this.#prng.int(0, hoursBack) * hourMs;
    const latestStart = Math.min(hourStart + hourMs - minuteMs, now - minutes * minuteMs);
    const start = Math.max(hourStart, latestStart - this.#prng.int(0, 59) * minuteMs);
    return { start, end: Math.min(now, start + minutes * minuteMs - 1) };
  }

  /** The key of one of the recent hours of a market. */
  hourKeyOf(market: Market): string {
    const { now, hoursBack } = this.#options;
    const { date, hour } = utcDateHour(now - (now % hourMs) - this.#prng.int(1, hoursBack) * hourMs);
    return hourKey(market.source, market.market, date, hour);
  }
}

function query(path: string, parameters: Record<string, string | number>): string {
  const text = Object.entries(parameters)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text === '' ? path : `${path}?${text}`;
}

function rowQuery(path: string, pick: Picker, kind: RowKind, minutes: number, extra: Record<string, string | number> = {}): FloodRequest {
  const market = pick.market(kind);
  const { start, end } = pick.window(minutes);
  const followPages = pick.prng.chance(0.3) ? pick.prng.int(1, 2) : 0;
  return { path: query(path, { source: market.source, market: market.market, start, end, limit: 1000, ...extra }), key: pick.key(), followPages };
}

const families: readonly Family[] = [
  // Catalog, count and instruments: small, from memory.
  { weight: 3, make: (pick) => ({ path: query('/catalog', { limit: 200 }), key: pick.key(), followPages: 0 }) },
  { weight: 2, make: (pick) => ({ path: query('/catalog', { q: pick.prng.pick(['btc', 'eth', 'perp', 'options', 'sol']) }), key: null, followPages: 0 }) },
  { weight: 1, make: () => ({ path: '/count', key: null, followPages: 0 }) },
  { weight: 2, make: (pick) => ({ path: query('/catalog/instruments', { source: 'deribit', market: pick.prng.pick(['BTC', 'ETH']), limit: 500 }), key: pick.key(), followPages: 0 }) },
  { weight: 1, make: () => ({ path: '/health', key: null, followPages: 0 }) },
  // Snapshot listings, one-file links and a day's manifest (the demo generates what they name).
  {
    weight: 4,
    make: (pick) => {
      const market = pick.anyMarket();
      const { start } = pick.window(60);
      return { path: query('/snapshots', { source: market.source, market: market.market, from: new Date(start - 5 * hourMs).toISOString(), to: new Date(start + hourMs).toISOString() }), key: pick.key(), followPages: 0 };
    },
  },
  {
    weight: 1,
    make: (pick) => {
      const market = pick.anyMarket();
      const date = new Date(pick.window(60).start).toISOString().slice(0, 10);
      return { path: query('/download', { source: market.source, market: market.market, date }), key: pick.key(), followPages: 0 };
    },
  },
  { weight: 2, make: (pick) => ({ path: query('/snapshots/download', { key: pick.hourKeyOf(pick.anyMarket()), mode: 'url' }), key: pick.key(), followPages: 0 }) },
  // Candles over one to six hours, keyed; and the anonymous latest hour.
  { weight: 12, make: (pick) => rowQuery('/ohlcv', pick, 'ohlcv', 60 * pick.prng.int(1, 6), { interval: pick.prng.pick(['1m', '5m', '15m', '1h']) }) },
  {
    weight: 3,
    make: (pick) => {
      const market = pick.market('ohlcv');
      return { path: query('/ohlcv', { source: market.source, market: market.market, interval: '1m' }), key: null, followPages: 0 };
    },
  },
  // Trades, book updates, funding, options, intents and quotes over recent windows.
  { weight: 12, make: (pick) => rowQuery('/historical/trades', pick, 'trade', 60) },
  { weight: 10, make: (pick) => rowQuery('/l2-updates', pick, 'l2_update', 10) },
  { weight: 4, make: (pick) => rowQuery('/historical/orderbook-l2', pick, 'l2_update', 10) },
  { weight: 8, make: (pick) => rowQuery('/l2-orderbooks', pick, 'l2_update', 5) },
  { weight: 4, make: (pick) => rowQuery('/funding-rates', pick, 'funding_rate', 60) },
  { weight: 3, make: (pick) => rowQuery('/historical/funding-rates', pick, 'funding_rate', 60) },
  { weight: 1, make: (pick) => rowQuery('/perpetual-ticker', pick, 'funding_rate', 60) },
  { weight: 3, make: (pick) => rowQuery('/options-ticker', pick, 'option_ticker', 30) },
  { weight: 3, make: (pick) => rowQuery('/historical/options-ticker', pick, 'option_ticker', 30) },
  { weight: 3, make: (pick) => rowQuery('/intents', pick, 'intent', 60) },
  { weight: 2, make: (pick) => rowQuery('/quotes', pick, 'quote', 60) },
  // `/events` over 30 minutes of every market (the probe's costly call), and of a few types.
  {
    weight: 8,
    make: (pick) => {
      const { start, end } = pick.window(30);
      return { path: query('/events', { start, end, limit: 1000 }), key: pick.key(), followPages: pick.prng.chance(0.3) ? 1 : 0 };
    },
  },
  {
    weight: 4,
    make: (pick) => {
      const { start, end } = pick.window(30);
      return { path: query('/events', { start, end, types: pick.prng.pick(['trade,ohlcv', 'funding_rate,trade', 'l2_update']), limit: 1000 }), key: pick.key(), followPages: 0 };
    },
  },
];

// F19 point 10: the probe's mix, heavier than the app's: wider windows of books and trades, whole
// hours of `/events`, replays of half an hour, more pages followed, the busiest market often, and
// hour files downloaded whole from the download host.
const probeFamilies: readonly Family[] = [
  { weight: 2, make: (pick) => ({ path: query('/catalog', { limit: 1000 }), key: pick.key(), followPages: 0 }) },
  // Downloads: an hour's link and its file's bytes from the download host, or a day's manifest and its first files.
  { weight: 4, make: (pick) => ({ path: query('/snapshots/download', { key: pick.hourKeyOf(pick.anyMarket()), mode: 'url' }), key: pick.key(), followPages: 0, download: true }) },
  {
    weight: 1,
    make: (pick) => {
      const market = pick.anyMarket();
      const date = new Date(pick.window(60).start).toISOString().slice(0, 10);
      return { path: query('/download', { source: market.source, market: market.market, date }), key: pick.key(), followPages: 0, download: true };
    },
  },
  { weight: 10, make: (pick) => ({ ...rowQuery('/historical/trades', pick, 'trade', 180), followPages: pick.prng.int(0, 4) }) },
  {
    weight: 6,
    make: (pick) => {
      const { start, end } = pick.window(60);
      return { path: query('/historical/trades', { source: 'binance', market: 'BTCUSDT', start, end, limit: 1000 }), key: pick.key(), followPages: pick.prng.int(0, 4) };
    },
  },
  { weight: 10, make: (pick) => ({ ...rowQuery('/l2-updates', pick, 'l2_update', 30), followPages: pick.prng.int(0, 3) }) },
  { weight: 10, make: (pick) => ({ ...rowQuery('/l2-orderbooks', pick, 'l2_update', 30), followPages: pick.prng.int(0, 3) }) },
  { weight: 4, make: (pick) => rowQuery('/historical/orderbook-l2', pick, 'l2_update', 30) },
  { weight: 6, make: (pick) => rowQuery('/ohlcv', pick, 'ohlcv', 60 * pick.prng.int(6, 12), { interval: '1m' }) },
  { weight: 3, make: (pick) => rowQuery('/options-ticker', pick, 'option_ticker', 60) },
  { weight: 2, make: (pick) => rowQuery('/quotes', pick, 'quote', 120) },
  { weight: 2, make: (pick) => rowQuery('/intents', pick, 'intent', 120) },
  {
    weight: 8,
    make: (pick) => {
      const { start, end } = pick.window(60);
      return { path: query('/events', { start, end, limit: 1000 }), key: pick.key(), followPages: pick.prng.int(0, 2) };
    },
  },
];

/** The request mixes a flood is drawn from: the app's, and the probe's heavier one. */
export const floodMixes = { app: families, probe: probeFamilies } as const;

/** A flood's mix by name. */
export type FloodMix = keyof typeof floodMixes;

/** The flood's first requests, in order (follow-up pages come from the responses). Deterministic for a seed, clock and mix. */
export function floodPlan(count: number, options: FloodPlanOptions, mix: FloodMix = 'app'): FloodRequest[] {
  const markets: Market[] = demoDatasetsAt(options.now).map((dataset) => ({ source: dataset.source, market: dataset.market, kinds: dataset.rowKinds ?? [] }));
  const pick = new Picker(createPrng('serve-flood', options.seed), options, markets);
  const families = floodMixes[mix];
  const total = families.reduce((sum, family) => sum + family.weight, 0);
  const requests: FloodRequest[] = [];
  for (let index = 0; index < count; index++) {
    let draw = pick.prng.next() * total;
    const family = families.find((candidate) => (draw -= candidate.weight) < 0) ?? families[families.length - 1];
    if (family === undefined) throw new Error('no request family');
    requests.push(family.make(pick));
  }
  return requests;
}

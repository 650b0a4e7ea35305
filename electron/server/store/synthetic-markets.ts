import type { DatasetAccessPolicy, DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { CatalogInstrumentTerms } from '../../../shared/rows/catalog.ts';
import { dayMs, hourMs } from '../../../shared/time/time-units.ts';

/**
 * A catalog-only market made up for scale (`mde serve --extra-markets N`): its catalog facts and
 * its coverage. It has no data: `rowKinds` is empty, so every row endpoint skips it.
 */
export interface SyntheticMarket extends DatasetDescriptor {
  /** Coverage start, Unix ms. */
  coverageStart: number;
  /** Coverage end, Unix ms; null while the market is live. Coverage never runs past now. */
  coverageEnd: number | null;
}

/** The most synthetic markets a service will make up. */
export const maxSyntheticMarkets = 100_000;

type VenueKind = 'derivatives' | 'spot' | 'perp-dex' | 'options' | 'dex' | 'intents';

/** A product a venue lists for each base asset. */
interface Product {
  /** The market name for a base asset. */
  market: (base: string) => string;
  quote: string;
  sourceType: string;
  categories: readonly string[];
  /** Dated futures expire: the index of the quarter after 2025 Q1 they settle in, per base. */
  dated?: boolean;
}

interface Venue {
  source: string;
  kind: VenueKind;
}

const perp = (quote: string, suffix: string): Product => ({ market: (base) => `${base}-${quote}${suffix}`, quote, sourceType: 'perpetuals', categories: ['Futures', 'Perpetual'] });
const spot = (quote: string): Product => ({ market: (base) => `${base}-${quote}`, quote, sourceType: 'spot', categories: ['Spot'] });
const dexPool = (chain: string, quote: string): Product => ({ market: (base) => `${chain}-${base}-${quote}`, quote, sourceType: 'dex', categories: ['DEX', 'Quotes'] });
const intentPair = (chain: string): Product => ({ market: (base) => `${chain}-${base}-USDC`, quote: 'USDC', sourceType: 'intents', categories: ['Intents'] });

/** What each kind of venue lists for every base asset, in listing order. */
const productsByKind: Record<VenueKind, readonly Product[]> = {
  derivatives: [perp('USDT', '-PERP'), spot('USDT'), spot('USDC'), { market: () => '', quote: 'USDT', sourceType: 'futures', categories: ['Futures'], dated: true }],
  spot: [spot('USD'), spot('USDT'), spot('EUR')],
  'perp-dex': [perp('USD', '-PERP')],
  options: [{ market: (base) => base, quote: 'USD', sourceType: 'options', categories: ['Options'] }],
  dex: [dexPool('ethereum', 'USDC'), dexPool('arbitrum', 'USDC'), dexPool('base', 'USDC'), dexPool('ethereum', 'WETH')],
  intents: [intentPair('ethereum'), intentPair('arbitrum')],
};

/** Venues by kind; none is a demo source, so the demo's markets stay exactly as they are. */
const venuesByKind: Record<VenueKind, readonly string[]> = {
  derivatives: ['bybit', 'okx', 'bitget', 'gateio', 'kucoin', 'mexc', 'htx', 'bingx'],
  spot: ['coinbase', 'kraken', 'bitstamp', 'cryptocom'],
  'perp-dex': ['dydx', 'paradex', 'drift', 'vertex'],
  options: ['aevo', 'lyra', 'okx-options'],
  dex: ['uniswap', 'pancakeswap', 'curve', 'aerodrome', 'raydium', 'orca'],
  intents: ['cowswap', '1inch-fusion'],
};

/** How often each kind of venue is drawn, out of 100. */
const kindWeights: readonly (readonly [VenueKind, number])[] = [
  ['derivatives', 50],
  ['spot', 15],
  ['perp-dex', 12],
  ['options', 5],
  ['dex', 15],
  ['intents', 3],
];

/** Real tickers first; past them, made-up three-syllable ones (no real ticker has that shape here). */
const namedBases = [
  'BTC', 'ETH', 'SOL', 'XRP', 'BNB', 'DOGE', 'ADA', 'TRX', 'AVAX', 'LINK', 'TON', 'SHIB', 'DOT', 'BCH', 'LTC', 'NEAR', 'UNI', 'APT', 'ICP', 'PEPE',
  'ETC', 'ATOM', 'XLM', 'FIL', 'ARB', 'OP', 'HBAR', 'VET', 'INJ', 'SUI', 'SEI', 'TIA', 'RNDR', 'IMX', 'STX', 'GRT', 'AAVE', 'MKR', 'LDO', 'RUNE',
  'FTM', 'ALGO', 'EGLD', 'SAND', 'MANA', 'AXS', 'THETA', 'FLOW', 'CHZ', 'CRV', 'SNX', 'COMP', '1INCH', 'SUSHI', 'YFI', 'BAL', 'ENS', 'GMX', 'DYDX', 'WIF',
  'BONK', 'FLOKI', 'JUP', 'PYTH', 'JTO', 'ORDI', 'WLD', 'STRK', 'BLUR', 'MEME', 'ENA', 'ETHFI', 'PENDLE', 'ONDO', 'TAO', 'FET', 'KAS', 'CFX', 'MINA', 'ZK',
  'ZRO', 'W', 'EIGEN', 'POL', 'TRUMP', 'VIRTUAL', 'AI16Z', 'MOVE', 'ME', 'BERA', 'IP', 'KAITO', 'S', 'HYPE', 'XMR', 'ZEC', 'DASH', 'QNT', 'KSM', 'ROSE',
];
const consonants = 'BDFGKLMNPRSTVZ';
const vowels = 'AEIOU';

const syllables = consonants.length * vowels.length;
/** Three-syllable names there are; the made-up ones are drawn from them in a scrambled order. */
const nameSpace = syllables ** 3;

/** The j-th base asset: unique for every j. */
export function syntheticBase(j: number): string {
  const named = namedBases[j];
  if (named !== undefined) return named;
  const made = j - namedBases.length;
  // An affine map with a multiplier prime to nameSpace is a bijection on [0, nameSpace): the
  // names look mixed rather than counted, and stay distinct. Past the space, a fourth syllable.
  let rest = made < nameSpace ? (made * 7919 + 104_729) % nameSpace : made;
  let name = '';
  for (let syllable = 0; syllable < 3 || rest > 0; syllable++) {
    const pair = rest % syllables;
    rest = Math.floor(rest / syllables);
    name += `${consonants[Math.floor(pair / vowels.length)] ?? ''}${vowels[pair % vowels.length] ?? ''}`;
  }
  return name;
}

/** A well-mixed 32-bit hash of an index and a salt (the data never depends on Math.random). */
function hash(index: number, salt: number): number {
  let x = (Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** A deterministic fraction in [0, 1) for an index and a salt. */
function unit(index: number, salt: number): number {
  return hash(index, salt) / 2 ** 32;
}

/** `10^exponent` as an exact decimal string: 2 → "100", -3 → "0.001". */
export function powerOfTen(exponent: number): string {
  return exponent >= 0 ? `1${'0'.repeat(exponent)}` : `0.${'0'.repeat(-exponent - 1)}1`;
}

const firstListing = Date.UTC(2019, 0, 1);
const lastListing = Date.UTC(2025, 5, 1);
/** Spot and perpetual markets that ended did so by this date. */
const latestDelisting = Date.UTC(2026, 0, 1);

/** The last Friday of a month, 08:00 UTC: when quarterly futures settle. */
function quarterlyExpiry(quarter: number): number {
  const year = 2025 + Math.floor(quarter / 4);
  const month = (quarter % 4) * 3 + 2;
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const back = (lastDay.getUTCDay() - 5 + 7) % 7;
  return Date.UTC(year, month, lastDay.getUTCDate() - back, 8);
}

function yymmdd(ms: number): string {
  return new Date(ms).toISOString().slice(2, 10).replaceAll('-', '');
}

function accessOf(index: number, start: number): DatasetAccessPolicy {
  const draw = unit(index, 7);
  if (draw < 0.8) return { status: 'open', publicCutoffDate: null, gate: 'none' };
  const cutoff = new Date(start + Math.floor(30 + unit(index, 8) * 400) * dayMs).toISOString().slice(0, 10);
  return draw < 0.94 ? { status: 'preview', publicCutoffDate: cutoff, gate: 'bearer' } : { status: 'restricted', publicCutoffDate: cutoff, gate: 'payment' };
}

function termsOf(index: number, base: string, product: Product): CatalogInstrumentTerms {
  if (product.sourceType === 'dex' || product.sourceType === 'intents') return { base, quote: product.quote, tick_size: null, lot_size: null, min_notional: null };
  // The price's order of magnitude sets the tick (five significant digits) and the lot.
  const magnitude = base === 'BTC' ? 4 : base === 'ETH' ? 3 : Math.floor(unit(index, 3) * 9) - 5;
  return {
    base,
    quote: product.quote,
    tick_size: powerOfTen(magnitude - 4),
    lot_size: powerOfTen(Math.min(3, -magnitude - 1)),
    min_notional: product.sourceType === 'spot' ? '5' : product.sourceType === 'options' ? null : '10',
  };
}

function pickVenue(index: number): Venue {
  let draw = unit(index, 1) * 100;
  let kind: VenueKind = 'derivatives';
  for (const [candidate, weight] of kindWeights) {
    kind = candidate;
    if (draw < weight) break;
    draw -= weight;
  }
  const venues = venuesByKind[kind];
  return { source: venues[hash(index, 2) % venues.length] ?? 'bybit', kind };
}

/**
 * `count` synthetic markets (0 to 100,000), the same for the same count, and each a prefix of a
 * longer list: market i does not depend on how many follow it. Venues are drawn by weight; each
 * venue lists its products for one base asset after another (BTC perpetual, BTC spot, …), so
 * every (source, market) is distinct.
 */
export function syntheticMarkets(count: number): SyntheticMarket[] {
  if (!Number.isSafeInteger(count) || count < 0 || count > maxSyntheticMarkets) {
    throw new RangeError(`The synthetic market count must be a whole number from 0 to ${maxSyntheticMarkets}, not ${count}`);
  }
  const listed = new Map<string, number>();
  const markets: SyntheticMarket[] = [];
  for (let index = 0; index < count; index++) {
    const venue = pickVenue(index);
    const position = listed.get(venue.source) ?? 0;
    listed.set(venue.source, position + 1);
    const products = productsByKind[venue.kind];
    const product = products[position % products.length] ?? spot('USD');
    const baseIndex = Math.floor(position / products.length);
    const base = syntheticBase(baseIndex);
    const start = firstListing + Math.floor(unit(index, 4) * ((lastListing - firstListing) / hourMs)) * hourMs;
    let market = product.market(base);
    let end: number | null = unit(index, 5) < 0.08 ? Math.min(latestDelisting, start + Math.floor(30 + unit(index, 6) * 900) * dayMs) : null;
    let coverageStart = start;
    if (product.dated === true) {
      const expiry = quarterlyExpiry(baseIndex % 8);
      market = `${base}-USDT-${yymmdd(expiry)}`;
      // A quarterly contract trades for about two quarters before it settles.
      coverageStart = expiry - 182 * dayMs;
      // Settled or not, the data ends at expiry; until then the service reports it up to now.
      end = expiry;
    }
    markets.push({
      source: venue.source,
      market,
      symbol: `${base}${product.quote}`,
      sourceType: product.sourceType,
      categories: [...product.categories],
      terms: termsOf(index, base, product),
      access: accessOf(index, coverageStart),
      rowKinds: [],
      coverageStart,
      coverageEnd: end,
    });
  }
  return markets;
}

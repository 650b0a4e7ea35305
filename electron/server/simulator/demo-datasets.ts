import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { RowKind } from '../../../shared/rows/row-kinds.ts';
import type { AssetModel } from './asset-path.ts';
import { dayMs } from '../../../shared/time/time-units.ts';

/** How a simulated dataset behaves. */
export type SimulatedKind = 'perp' | 'spot' | 'legacy-book' | 'options' | 'intents' | 'quote-ladder';

/** A dataset of the demo: its catalog facts plus the simulator's parameters. */
export interface SimulatedDataset extends DatasetDescriptor {
  kind: SimulatedKind;
  asset: AssetModel;
  /** Price increment; book prices are whole ticks. */
  tick: number;
  /** Size increment; sizes are whole lots. */
  lot: number;
  /** Venue basis against the shared asset path (1 = none). */
  basis: number;
  bookEventsPerSecond: number;
  tradesPerSecond: number;
  /** Whether the demo generates this dataset's hours in its background warm-up (false: only when asked for). */
  warmUp: boolean;
  /** For quote ladders: whether the source quotes through a pool with an oracle. */
  usesPool?: boolean;
}

const assets: Record<string, AssetModel> = {
  BTC: { asset: 'BTC', basePrice: 97_500, hourlyVol: 0.006 },
  ETH: { asset: 'ETH', basePrice: 3_450, hourlyVol: 0.008 },
  SOL: { asset: 'SOL', basePrice: 182, hourlyVol: 0.01 },
  HYPE: { asset: 'HYPE', basePrice: 27.5, hourlyVol: 0.012 },
  DOGE: { asset: 'DOGE', basePrice: 0.321, hourlyVol: 0.012 },
  '0G': { asset: '0G', basePrice: 1.84, hourlyVol: 0.016 },
  SPX: { asset: 'SPX', basePrice: 1.12, hourlyVol: 0.016 },
  XRP: { asset: 'XRP', basePrice: 2.21, hourlyVol: 0.01 },
};

const open = { status: 'open', publicCutoffDate: null, gate: 'none' } as const;

function asset(name: string): AssetModel {
  const model = assets[name];
  if (model === undefined) throw new Error(`no asset model for ${name}`);
  return model;
}

/**
 * Event rates by how active a market is. An exchange-grade market (one in the demo) refreshes its
 * book levels several times a second: over 500,000 book rows and tens of thousands of trades an
 * hour, so it is generated only when asked for, never in the background warm-up.
 */
const rates = {
  light: { bookEventsPerSecond: 1.5, tradesPerSecond: 0.3, warmUp: true },
  busy: { bookEventsPerSecond: 4, tradesPerSecond: 1, warmUp: true },
  exchange: { bookEventsPerSecond: 170, tradesPerSecond: 9, warmUp: false },
} as const;

function book(
  source: string,
  market: string,
  kind: 'perp' | 'spot' | 'legacy-book',
  base: string,
  quote: string,
  tick: number,
  lot: number,
  activity: 'light' | 'busy' | 'exchange',
  basis = 1,
): SimulatedDataset {
  const category = kind === 'spot' ? 'Spot' : 'Futures';
  return {
    source,
    market,
    symbol: `${base}${quote}`,
    sourceType: kind === 'perp' ? 'perpetuals' : kind === 'spot' ? 'spot' : 'orderbook',
    categories: kind === 'perp' ? [category, 'Perpetual'] : [category],
    terms: { base, quote, tick_size: String(tick), lot_size: String(lot), min_notional: kind === 'spot' ? '5' : '10' },
    access: open,
    kind,
    asset: asset(base),
    tick,
    lot,
    basis,
    ...rates[activity],
  };
}

/** Every dataset of the demo: 8 sources, 22 markets, each kind the app can show. */
export const demoDatasets: readonly SimulatedDataset[] = [
  book('hyperliquid', 'BTC', 'perp', 'BTC', 'USD', 1, 0.00001, 'busy'),
  book('hyperliquid', 'ETH', 'perp', 'ETH', 'USD', 0.1, 0.0001, 'busy'),
  book('hyperliquid', 'SOL', 'perp', 'SOL', 'USD', 0.01, 0.01, 'light'),
  book('hyperliquid', 'HYPE', 'perp', 'HYPE', 'USD', 0.001, 0.01, 'light'),
  book('hyperliquid', 'DOGE', 'perp', 'DOGE', 'USD', 0.00001, 1, 'light'),
  book('hyperliquid', '0G', 'perp', '0G', 'USD', 0.0001, 0.1, 'light'),
  book('hyperliquid', 'SPX', 'perp', 'SPX', 'USD', 0.0001, 0.1, 'light'),
  { ...book('aster', 'BTCUSDT', 'perp', 'BTC', 'USDT', 0.1, 0.001, 'light', 1.0004), access: { status: 'restricted', publicCutoffDate: '', gate: 'payment' } },
  book('aster', 'ETHUSDT', 'perp', 'ETH', 'USDT', 0.01, 0.001, 'light', 1.0004),
  book('binance', 'BTC-USDT', 'spot', 'BTC', 'USDT', 0.1, 0.00001, 'busy', 0.9998),
  book('binance', 'ETH-USDT', 'spot', 'ETH', 'USDT', 0.01, 0.0001, 'light', 0.9998),
  book('binance', 'SOL-USDT', 'spot', 'SOL', 'USDT', 0.01, 0.001, 'light', 0.9998),
  book('binance', 'XRP-USDT', 'spot', 'XRP', 'USDT', 0.0001, 0.1, 'light', 0.9998),
  book('binance', 'DOGE-USDT', 'spot', 'DOGE', 'USDT', 0.00001, 1, 'light', 0.9998),
  book('binance', 'BTCUSDT', 'perp', 'BTC', 'USDT', 0.1, 0.001, 'exchange', 1.0001),
  book('lighter', 'BTC-USD', 'legacy-book', 'BTC', 'USD', 0.1, 0.00001, 'light', 1.0001),
  book('lighter', 'ETH-USD', 'legacy-book', 'ETH', 'USD', 0.01, 0.0001, 'light', 1.0001),
  {
    ...book('deribit', 'BTC', 'perp', 'BTC', 'USD', 0.0001, 0.1, 'light'),
    kind: 'options',
    symbol: 'BTCUSD',
    sourceType: 'options',
    categories: ['Options'],
    access: { status: 'preview', publicCutoffDate: '', gate: 'bearer' },
  },
  { ...book('deribit', 'ETH', 'perp', 'ETH', 'USD', 0.0001, 1, 'light'), kind: 'options', symbol: 'ETHUSD', sourceType: 'options', categories: ['Options'] },
  {
    ...book('uniswapx', 'intents', 'spot', 'ETH', 'USDC', 0.01, 0.0001, 'light'),
    kind: 'intents',
    symbol: 'INTENTS',
    sourceType: 'intents',
    categories: ['Intents'],
  },
  {
    ...book('fermiswap', 'ethereum', 'spot', 'ETH', 'USDC', 0.01, 0.0001, 'light'),
    kind: 'quote-ladder',
    symbol: 'WETHUSDC',
    sourceType: 'propamm',
    categories: ['DEX', 'Quotes'],
  },
  {
    ...book('metric', 'ethereum', 'spot', 'ETH', 'USDC', 0.01, 0.0001, 'light'),
    kind: 'quote-ladder',
    symbol: 'WETHUSDC',
    sourceType: 'propamm',
    categories: ['DEX', 'Quotes'],
    usesPool: true,
  },
];

const kindsBySimulation: Record<SimulatedKind, readonly RowKind[]> = {
  perp: ['trade', 'l2_update', 'funding_rate', 'ohlcv'],
  spot: ['trade', 'l2_update', 'ohlcv'],
  'legacy-book': ['trade', 'l2_update', 'ohlcv'],
  options: ['option_ticker', 'trade', 'ohlcv'],
  intents: ['intent'],
  'quote-ladder': ['quote'],
};

/**
 * The demo's datasets with the access cutoffs filled in relative to today: the gated ones are
 * public up to two days ago and need a key (or payment) after that.
 */
export function demoDatasetsAt(now: number): SimulatedDataset[] {
  const cutoff = new Date(now - 2 * dayMs).toISOString().slice(0, 10);
  return demoDatasets.map((dataset) => ({
    ...dataset,
    rowKinds: kindsBySimulation[dataset.kind],
    ...(dataset.access.gate === 'none' ? {} : { access: { ...dataset.access, publicCutoffDate: cutoff } }),
  }));
}

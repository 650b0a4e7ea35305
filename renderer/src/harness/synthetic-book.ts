import { LiquidityPyramid } from '../../../shared/book/replay/liquidity-tiles.ts';
import { seededRandom } from '../../../shared/seeded-random.ts';
import type { BookTile } from '../../../shared/contract/book-session-schemas.ts';
import type { TileFetcher } from '../views/replay/heatmap/tile-cache.ts';

// A seeded, simulated book for the heatmap's harness page (benchmark and screenshots only; the
// app never loads it): a mid that wanders on a 0.5 tick, levels whose sizes depend on their
// price (so liquidity bands persist, with a few walls), and trades at the touch. Its tiles come
// from a pyramid built in the page, as the replay builds them in main.

/** The states of the heatmap the harness can show. */
export const harnessScenarios = ['busy', 'empty', 'one', 'empty-side', 'crossed'] as const;

/** Which state of the heatmap to show. */
export type HarnessScenario = (typeof harnessScenarios)[number];

/** Trades of the simulated book, as plain columns. */
export interface SyntheticTrades {
  time: number[];
  price: number[];
  quantity: number[];
  side: number[];
}

/** A simulated book: its tiles, trades, span and the book at its end. */
export interface SyntheticBook {
  tiles: TileFetcher;
  trades: SyntheticTrades;
  start: number;
  end: number;
  priceStep: number;
  /** The best bid and ask at time t. */
  bestsAt: (t: number) => { bid: number; ask: number };
}


/** Resting size a price tends to hold: a smooth profile, walls every 25, a big one at round 100s. */
function profile(price: number): number {
  const ticks = Math.round(price * 2);
  const hash = Math.sin(ticks * 12.9898) * 43758.5453;
  const noise = hash - Math.floor(hash);
  const wall = ticks % 50 === 0 ? 6 : 1;
  const round = ticks % 200 === 0 ? 4 : 1;
  return (0.2 + 2.5 * noise * noise) * wall * round;
}

/** A copy of a typed array's bytes as its own ArrayBuffer. */
function own(view: Float32Array | Float64Array): ArrayBuffer {
  const copy = new ArrayBuffer(view.byteLength);
  new Uint8Array(copy).set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  return copy;
}

/** Builds the scenario's book: `count` events over `spanMs` from `start`, `depth` levels a side, and its tiles from 16 ms buckets up. */
export function syntheticBook(scenario: HarnessScenario, count: number, depth = 25, start = Date.UTC(2026, 10, 22, 9, 0), spanMs = 3_600_000): SyntheticBook {
  const random = seededRandom(11);
  const priceStep = 0.5;
  const pyramid = new LiquidityPyramid(priceStep, depth, { from: 2, to: 11 });
  const trades: SyntheticTrades = { time: [], price: [], quantity: [], side: [] };
  const total = scenario === 'empty' ? 0 : scenario === 'one' ? 1 : count;
  const times: number[] = [];
  const bests: number[] = [];
  let mid = 60_000;
  let drift = 0;
  let t = start;
  const gap = spanMs / Math.max(1, total);
  const bidPrices = new Float64Array(depth);
  const bidSizes = new Float64Array(depth);
  const askPrices = new Float64Array(depth);
  const askSizes = new Float64Array(depth);
  for (let i = 0; i < total; i++) {
    t += -Math.log(1 - random()) * gap;
    drift = drift * 0.995 + (random() - 0.5) * 0.004;
    mid += drift + (random() - 0.5) * 0.25;
    const bestBid = Math.floor(mid * 2) / 2;
    const crossedNow = scenario === 'crossed' && i > total * 0.45 && i < total * 0.55;
    const bestAsk = crossedNow ? bestBid - 1 : bestBid + (random() < 0.8 ? 0.5 : 1);
    const asksEmpty = scenario === 'empty-side' && i > total * 0.3;
    for (let k = 0; k < depth; k++) {
      const bid = bestBid - k * 0.5;
      bidPrices[k] = bid;
      bidSizes[k] = profile(bid) * (0.7 + 0.6 * random()) * (k === 0 ? 0.4 : 1);
      const ask = bestAsk + k * 0.5;
      askPrices[k] = asksEmpty ? Number.NaN : ask;
      askSizes[k] = asksEmpty ? Number.NaN : profile(ask) * (0.7 + 0.6 * random()) * (k === 0 ? 0.4 : 1);
    }
    pyramid.setBook(t, bidPrices, bidSizes, askPrices, askSizes);
    times.push(t);
    bests.push(bestBid, asksEmpty ? Number.NaN : bestAsk);
    if (random() < 0.4) {
      const roll = random();
      const side = roll < 0.45 ? 1 : roll < 0.9 ? -1 : 0;
      trades.time.push(t);
      trades.price.push(side === 1 ? bestAsk : side === -1 ? bestBid : mid);
      trades.quantity.push(Math.exp(random() * 4 - 3));
      trades.side.push(side);
    }
  }
  const end = Math.max(t, start + 1);
  pyramid.advance(end);
  pyramid.finish();
  const tiles: TileFetcher = {
    tiles: (input) => {
      const out: BookTile[] = [];
      for (const index of input.indices) {
        // Levels finer than the pyramid's are answered from its finest level's time, as the real replay rebuilds them; the harness keeps it simple.
        const tile = pyramid.tile(Math.max(2, input.level), index, input.rowShift, input.rowMin, input.rowMax);
        if (tile !== null && input.level >= 2) out.push({ ...tile, values: own(tile.values), bests: own(tile.bests) });
      }
      return Promise.resolve(out);
    },
  };
  const bestsAt = (at: number): { bid: number; ask: number } => {
    let low = 0;
    let high = times.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((times[middle] ?? Number.POSITIVE_INFINITY) <= at) low = middle + 1;
      else high = middle;
    }
    const i = low - 1;
    return i < 0 ? { bid: Number.NaN, ask: Number.NaN } : { bid: bests[2 * i] ?? Number.NaN, ask: bests[2 * i + 1] ?? Number.NaN };
  };
  return { tiles, trades, start, end, priceStep, bestsAt };
}

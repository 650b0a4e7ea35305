import { blankFrameChunk, frameFlags, frameViews, type FrameChunk } from '../../../../../../shared/book/book-frames.ts';
import { metricCount } from '../../../../../../shared/book/book-metrics.ts';
import { FrameIndex } from '../../../../../../shared/book/frame-index.ts';
import { seededRandom } from '../../../../../../shared/seeded-random.ts';
import type { HeatmapTrades } from '../trade-dots.ts';

// A seeded, simulated book for the heatmap's harness page (benchmark and screenshots only; the
// app never loads it): a mid that wanders on a 0.5 tick, levels whose sizes depend on their
// price (so liquidity bands persist, with a few walls), and trades at the touch.

/** The states of the heatmap the harness can show. */
export const harnessScenarios = ['busy', 'empty', 'one', 'empty-side', 'crossed'] as const;

/** Which state of the heatmap to show. */
export type HarnessScenario = (typeof harnessScenarios)[number];

/** A simulated book: its frames and trades. */
export interface SyntheticBook {
  frames: FrameIndex;
  /** The frames' chunks in order, to replay their arrival. */
  chunks: FrameChunk[];
  trades: HeatmapTrades;
  start: number;
  end: number;
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

/** Builds the scenario's book: `count` frames over `spanMs` from `start`, `depth` levels a side. */
export function syntheticBook(scenario: HarnessScenario, count: number, depth = 25, start = Date.UTC(2026, 10, 22, 9, 0), spanMs = 3_600_000): SyntheticBook {
  const random = seededRandom(11);
  const frames = new FrameIndex();
  const chunks: FrameChunk[] = [];
  const trades: HeatmapTrades = { time: [], price: [], quantity: [], side: [] };
  const total = scenario === 'empty' ? 0 : scenario === 'one' ? 1 : count;
  const chunkFrames = 2048;
  let mid = 60_000;
  let drift = 0;
  let t = start;
  const gap = spanMs / Math.max(1, total);
  for (let first = 0; first < total; first += chunkFrames) {
    const n = Math.min(chunkFrames, total - first);
    const chunk = blankFrameChunk(depth, n, n);
    const views = frameViews(chunk);
    for (let f = 0; f < n; f++) {
      const i = first + f;
      t += -Math.log(1 - random()) * gap;
      drift = drift * 0.995 + (random() - 0.5) * 0.004;
      mid += drift + (random() - 0.5) * 0.25;
      const bestBid = Math.floor(mid * 2) / 2;
      const crossedNow = scenario === 'crossed' && i > total * 0.45 && i < total * 0.55;
      const bestAsk = crossedNow ? bestBid - 1 : bestBid + (random() < 0.8 ? 0.5 : 1);
      const asksEmpty = scenario === 'empty-side' && i > total * 0.3;
      views.timestamps[f] = t;
      for (let k = 0; k < depth; k++) {
        const bid = bestBid - k * 0.5;
        views.bidPrices[f * depth + k] = bid;
        views.bidSizes[f * depth + k] = profile(bid) * (0.7 + 0.6 * random()) * (k === 0 ? 0.4 : 1);
        if (!asksEmpty) {
          const ask = bestAsk + k * 0.5;
          views.askPrices[f * depth + k] = ask;
          views.askSizes[f * depth + k] = profile(ask) * (0.7 + 0.6 * random()) * (k === 0 ? 0.4 : 1);
        }
      }
      views.metrics[f * metricCount] = bestBid;
      views.metrics[f * metricCount + 1] = asksEmpty ? Number.NaN : bestAsk;
      views.flags[f] = (i === 0 ? frameFlags.sourceSnapshot : 0) | (crossedNow ? frameFlags.crossed : 0);
      if (random() < 0.4) {
        const roll = random();
        const side = roll < 0.45 ? 1 : roll < 0.9 ? -1 : 0;
        trades.time.push(t);
        trades.price.push(side === 1 ? bestAsk : side === -1 ? bestBid : mid);
        trades.quantity.push(Math.exp(random() * 4 - 3));
        trades.side.push(side);
      }
    }
    frames.append(chunk);
    chunks.push(chunk);
  }
  return { frames, chunks, trades, start, end: Math.max(t, start + 1) };
}

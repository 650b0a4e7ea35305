import { describe, expect, it } from 'vitest';
import { blankFrameChunk, frameViews, type FrameChunk } from '../../../shared/book/book-frames.ts';
import { aggregateLevels, changedPrices, ladderSides } from '../../../renderer/src/views/replay/ladder-levels.ts';

function oneFrame(bids: [number, number][], asks: [number, number][], depth = 4): FrameChunk {
  const chunk = blankFrameChunk(depth, 1, 1);
  const views = frameViews(chunk);
  bids.forEach(([price, size], i) => {
    views.bidPrices[i] = price;
    views.bidSizes[i] = size;
  });
  asks.forEach(([price, size], i) => {
    views.askPrices[i] = price;
    views.askSizes[i] = size;
  });
  return chunk;
}

describe('ladder levels', () => {
  it('reads both sides best first with cumulative depth, stopping at the first empty slot', () => {
    const chunk = oneFrame([[100, 1], [99.5, 2], [99, 0.5]], [[100.5, 3]]);
    const sides = ladderSides({ views: frameViews(chunk), f: 0, depth: 4 });
    expect(sides.bids).toEqual([
      { price: 100, size: 1, cumulative: 1 },
      { price: 99.5, size: 2, cumulative: 3 },
      { price: 99, size: 0.5, cumulative: 3.5 },
    ]);
    expect(sides.asks).toEqual([{ price: 100.5, size: 3, cumulative: 3 }]);
  });

  it('merges levels into ticks: bids down, asks up, so no bucket straddles the spread', () => {
    const bids = [
      { price: 100.3, size: 1, cumulative: 1 },
      { price: 100.1, size: 2, cumulative: 3 },
      { price: 99.9, size: 4, cumulative: 7 },
    ];
    expect(aggregateLevels(bids, 0.5, 'bid')).toEqual([
      { price: 100, size: 3, cumulative: 3 },
      { price: 99.5, size: 4, cumulative: 7 },
    ]);
    const asks = [
      { price: 100.4, size: 1, cumulative: 1 },
      { price: 100.5, size: 1, cumulative: 2 },
      { price: 100.6, size: 5, cumulative: 7 },
    ];
    expect(aggregateLevels(asks, 0.5, 'ask')).toEqual([
      { price: 100.5, size: 2, cumulative: 2 },
      { price: 101, size: 5, cumulative: 7 },
    ]);
    // A 0.1 tick keeps 0.3 as 0.3 (no float dust such as 0.30000000000000004).
    expect(aggregateLevels([{ price: 0.3, size: 1, cumulative: 1 }], 0.1, 'bid')[0]?.price).toBe(0.3);
    expect(aggregateLevels(bids, 0, 'bid')).toEqual(bids);
  });

  it('names the prices that are new, gone from size or resized between two frames', () => {
    const before = [{ price: 100, size: 1, cumulative: 1 }, { price: 99, size: 2, cumulative: 3 }];
    const after = [{ price: 100, size: 1, cumulative: 1 }, { price: 99, size: 2.5, cumulative: 3.5 }, { price: 98, size: 1, cumulative: 4.5 }];
    expect([...changedPrices(before, after)].sort()).toEqual([98, 99]);
  });
});

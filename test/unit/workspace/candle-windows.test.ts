import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../../../shared/contract/market-schemas.ts';
import { candleWindows, readCandleWindows } from '../../../renderer/src/views/workspace/candle-windows.ts';

const hour = 3_600_000;
const day = 24 * hour;
const t0 = Date.UTC(2026, 11, 1);

/** Candles of `barMs` opening in [start, end] (inclusive), each priced by its open time: what one call would answer. */
function candlesIn(start: number, end: number, barMs: number): CandleColumns {
  const openTime: number[] = [];
  for (let time = Math.ceil(start / barMs) * barMs; time <= end; time += barMs) openTime.push(time);
  const price = openTime.map((time) => (time - t0) / barMs);
  return {
    interval: '15m',
    openTime,
    open: price,
    high: price.map((p) => p + 1),
    low: price.map((p) => p - 1),
    close: price,
    baseVolume: price.map(() => 1),
    quoteVolume: price,
    tradeCount: price.map(() => 2),
    closed: price.map(() => true),
    revisions: 0,
    cap: 200_000,
    truncated: false,
    droppedUntil: null,
  };
}

describe('a long candle range is read in windows, newest first', () => {
  it('splits 7 days into 1 h, 2 h, 4 h, … back from the end, the last cut at the start (hand-computed)', () => {
    const end = t0 + 7 * day - 1;
    const windows = candleWindows({ start: t0, end }, 15 * 60_000);
    const hoursBack = windows.map((window) => [(end + 1 - (window.end + 1)) / hour, (end + 1 - window.start) / hour]);
    expect(hoursBack).toEqual([
      [0, 1],
      [1, 3],
      [3, 7],
      [7, 15],
      [15, 31],
      [31, 63],
      [63, 127],
      [127, 168],
    ]);
  });

  it('keeps a range of 6 h or less, or one of more candles than a window may hold, in one call', () => {
    expect(candleWindows({ start: t0, end: t0 + 6 * hour - 1 }, 60_000)).toEqual([{ start: t0, end: t0 + 6 * hour - 1 }]);
    // 7 days of 1 s candles: 604,800 slots, more than 100,000.
    expect(candleWindows({ start: t0, end: t0 + 7 * day - 1 }, 1000)).toEqual([{ start: t0, end: t0 + 7 * day - 1 }]);
  });

  it('shows the newest candles first, then more, and ends with what one call over the range answers', async () => {
    const barMs = 15 * 60_000;
    const bounds = { start: t0 + 7 * 60_000, end: t0 + 7 * day - 1 };
    const shown: number[][] = [];
    const read: { start: number; end: number }[] = [];
    const joined = await readCandleWindows(
      bounds,
      barMs,
      (window) => {
        read.push(window);
        return Promise.resolve(candlesIn(window.start, window.end, barMs));
      },
      (soFar) => shown.push([soFar.openTime.length, soFar.openTime[0] ?? -1, soFar.openTime.at(-1) ?? -1]),
    );
    expect(joined).toEqual(candlesIn(bounds.start, bounds.end, barMs));
    // The first draw is the latest hour's four candles; each later one reaches further back to the same last candle.
    expect(shown[0]).toEqual([4, t0 + 7 * day - hour, t0 + 7 * day - barMs]);
    expect(shown.map((entry) => entry[0])).toEqual([4, 12, 28, 60, 124, 252, 508]);
    expect(shown.every((entry) => entry[2] === t0 + 7 * day - barMs)).toBe(true);
    expect(read).toHaveLength(8);
  });

  it('fails the whole load when a window fails, after showing what came before it', async () => {
    const shown: number[] = [];
    let calls = 0;
    const load = readCandleWindows(
      { start: t0, end: t0 + 7 * day - 1 },
      hour,
      (window) => {
        calls += 1;
        if (calls === 3) return Promise.reject(new Error('cancelled'));
        return Promise.resolve(candlesIn(window.start, window.end, hour));
      },
      (soFar) => shown.push(soFar.openTime.length),
    );
    await expect(load).rejects.toThrow('cancelled');
    expect(shown).toEqual([1, 3]);
  });
});

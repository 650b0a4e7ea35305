import { describe, expect, it } from 'vitest';
import { candlePaneData, linePointsOnCandles, pointsOnTimes, unionTimes } from '../../../renderer/src/components/chart/series-data.ts';

const colours = { up: 'U', down: 'D' };

describe('chart series data', () => {
  it('turns candle columns into candles and volume bars at the open times, coloured by direction', () => {
    const data = candlePaneData({ openTime: [100, 200, 300], open: [1, 2, 3], high: [2, 3, 4], low: [0.5, 1, 2], close: [2, 1, 3], baseVolume: [5, null, 0] }, colours);
    expect(data.candles).toEqual([
      { time: 100, open: 1, high: 2, low: 0.5, close: 2 },
      { time: 200, open: 2, high: 3, low: 1, close: 1 },
      { time: 300, open: 3, high: 4, low: 2, close: 3 },
    ]);
    // Null volume is whitespace (not published), 0 is a real zero.
    expect(data.volume).toEqual([{ time: 100, value: 5, color: 'U' }, { time: 200 }, { time: 300, value: 0, color: 'U' }]);
  });

  it('hands over the candles from a given index on (the drawn window)', () => {
    const data = candlePaneData({ openTime: [100, 200, 300], open: [1, 2, 3], high: [2, 3, 4], low: [0.5, 1, 2], close: [2, 1, 3], baseVolume: [5, null, 0] }, colours, 1);
    expect(data.candles.map((c) => c.time)).toEqual([200, 300]);
    expect(data.volume).toEqual([{ time: 200 }, { time: 300, value: 0, color: 'U' }]);
  });

  it('keeps the first candle of a repeated open time', () => {
    const data = candlePaneData({ openTime: [100, 100, 200], open: [1, 9, 2], high: [1, 9, 2], low: [1, 9, 2], close: [1, 9, 2], baseVolume: [1, 1, 1] }, colours);
    expect(data.candles.map((c) => [c.time, c.open])).toEqual([[100, 1], [200, 2]]);
  });

  it('keeps derived points only on candle times, with null as a gap', () => {
    const points = linePointsOnCandles({ openTime: [50, 100, 200, 300, 400], value: [9, 1, null, 3, 4] }, [100, 200, 300]);
    expect(points).toEqual([{ time: 100, value: 1 }, { time: 200 }, { time: 300, value: 3 }]);
  });

  it('merges two ascending time lists, each time once', () => {
    expect(unionTimes([1, 3, 5], [2, 3, 6, 7])).toEqual([1, 2, 3, 5, 6, 7]);
    expect(unionTimes([], [4])).toEqual([4]);
    expect(unionTimes([4, 4], [])).toEqual([4]);
  });

  it('puts a series on shared times: its values where it has them, whitespace elsewhere and for null (never 0)', () => {
    expect(pointsOnTimes([100, 200, 300, 400], [200, 400], [0.5, null])).toEqual([{ time: 100 }, { time: 200, value: 0.5 }, { time: 300 }, { time: 400 }]);
    expect(pointsOnTimes([100, 200], [200], [0])).toEqual([{ time: 100 }, { time: 200, value: 0 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { instantPlace, rangeAround, rangeEndingNow, replayRequestProblem } from '../../../renderer/src/views/replay/replay-range-checks.ts';

const minute = 60_000;
const now = Date.UTC(2026, 2, 10, 12, 0);
const markets = [
  { source: 'binance', market: 'BTCUSDT' },
  { source: 'hyperliquid', market: 'BTC' },
];

describe('what is wrong with a replay request, before it starts', () => {
  it('a market the catalog does not list (a source with that market name is not enough)', () => {
    expect(replayRequestProblem({ source: 'binance', market: 'NOPE', start: now - 10 * minute, end: now }, markets, now)).toEqual({ kind: 'unknown-market' });
    expect(replayRequestProblem({ source: 'hyperliquid', market: 'BTCUSDT', start: now - 10 * minute, end: now }, markets, now)).toEqual({ kind: 'unknown-market' });
  });
  it('a range that starts after now, by how much', () => {
    expect(replayRequestProblem({ source: 'binance', market: 'BTCUSDT', start: now + 5 * minute, end: now + 15 * minute }, markets, now)).toEqual({ kind: 'future-range', aheadMs: 5 * minute });
  });
  it('nothing wrong: a known market, a range up to now or one that only ends later; the catalog still loading names no market wrong', () => {
    expect(replayRequestProblem({ source: 'binance', market: 'BTCUSDT', start: now - 10 * minute, end: now }, markets, now)).toBeNull();
    expect(replayRequestProblem({ source: 'binance', market: 'BTCUSDT', start: now - minute, end: now + 9 * minute }, markets, now)).toBeNull();
    expect(replayRequestProblem({ source: 'x', market: 'y', start: now - minute, end: now }, null, now)).toBeNull();
  });
});

describe("a link's instant against the range loaded", () => {
  // The case: a span=10m link with at= 5 minutes before it was shared, opened 22 minutes later.
  const shared = now - 22 * minute;
  const at = shared - 5 * minute;
  const loaded = { start: now - 10 * minute, end: now };
  it('is before the range now loaded, after it, or inside', () => {
    expect(instantPlace(at, loaded)).toBe('before');
    expect(instantPlace(now + 1, loaded)).toBe('after');
    expect(instantPlace(loaded.start, loaded)).toBe('inside');
    expect(instantPlace(loaded.end, loaded)).toBe('inside');
  });
  it('the range offered holds the instant in its middle, keeps the span, and never ends after now', () => {
    expect(rangeAround(at, 10 * minute, now)).toEqual({ start: at - 5 * minute, end: at + 5 * minute });
    // An instant a minute ago: the range ends now and still spans 10 minutes.
    expect(rangeAround(now - minute, 10 * minute, now)).toEqual({ start: now - 10 * minute, end: now });
  });
  it('a future range moves to the same length ending now', () => {
    expect(rangeEndingNow(10 * minute, now)).toEqual({ start: now - 10 * minute, end: now });
  });
});

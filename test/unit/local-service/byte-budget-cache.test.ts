import { describe, expect, it } from 'vitest';
import { ByteBudgetCache, type IdleTimer } from '../../../electron/server/store/byte-budget-cache.ts';
import { createPrng } from '../../../electron/server/simulator/prng.ts';

// The cache that bounds the local service's decoded hours, capture summaries and replay resume
// points by bytes. Sizes here are the values themselves (a value of 40 "is" 40 bytes), so every
// expectation is worked out by hand from the budget.

function sized(maxBytes: number, extra: { idleMs?: number; now?: () => number; timer?: IdleTimer; onIdle?: () => void } = {}): ByteBudgetCache<string, number> {
  return new ByteBudgetCache<string, number>({ maxBytes, sizeOf: (bytes) => bytes, ...extra });
}

/** A timer the test fires by hand: what is scheduled, for when, and whether it was cancelled. */
class HandTimer {
  readonly scheduled: { at: number; run: () => void; cancelled: boolean }[] = [];
  constructor(private readonly clock: () => number) {}
  readonly timer: IdleTimer = (run, delayMs) => {
    const entry = { at: this.clock() + delayMs, run, cancelled: false };
    this.scheduled.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  /** The timers still to run. */
  get pending(): { at: number; run: () => void }[] {
    return this.scheduled.filter((entry) => !entry.cancelled && entry.at !== Number.NEGATIVE_INFINITY);
  }
  /** Runs every pending timer due by now. */
  fireDue(): void {
    for (const entry of this.pending) {
      if (entry.at > this.clock()) continue;
      entry.at = Number.NEGATIVE_INFINITY;
      entry.run();
    }
  }
}

describe('a cache bounded by bytes', () => {
  it('evicts the least recently used values until the new one fits (budget 100)', () => {
    const cache = sized(100);
    expect(cache.set('a', 40)).toBe(true);
    expect(cache.set('b', 30)).toBe(true);
    // 40 + 30 + 50 = 120 > 100: a (the oldest) goes, 30 + 50 = 80 stay.
    expect(cache.set('c', 50)).toBe(true);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    expect(cache.bytes).toBe(80);
    // Reading b makes c the least recently used: 30 + 50 + 25 = 105 > 100, so c goes, not b.
    expect(cache.get('b')).toBe(30);
    expect(cache.set('d', 25)).toBe(true);
    expect([cache.has('b'), cache.has('c'), cache.has('d')]).toEqual([true, false, true]);
    expect(cache.bytes).toBe(55);
    // Exactly the budget fits: 55 + 45 = 100.
    expect(cache.set('e', 45)).toBe(true);
    expect(cache.bytes).toBe(100);
    expect(cache.size).toBe(3);
  });

  it('does not keep a value larger than the whole budget, and drops the older value under its key', () => {
    const cache = sized(100);
    cache.set('a', 60);
    cache.set('b', 20);
    expect(cache.set('a', 101)).toBe(false);
    expect(cache.has('a')).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    // Nothing else was evicted to make room for a value that could never fit.
    expect(cache.has('b')).toBe(true);
    expect(cache.bytes).toBe(20);
  });

  it('never holds more than its budget, and keeps what a plain least-recently-used list keeps', () => {
    const budget = 1_000;
    const cache = sized(budget);
    // The reference: an array in recency order, oldest first, evicting from the front.
    let model: { key: string; bytes: number }[] = [];
    const prng = createPrng('byte-budget-cache', 1);
    for (let step = 0; step < 5_000; step++) {
      const key = `k${prng.int(0, 40)}`;
      if (prng.chance(0.4)) {
        const hit = model.find((entry) => entry.key === key);
        expect(cache.get(key)).toBe(hit?.bytes);
        if (hit !== undefined) model = [...model.filter((entry) => entry !== hit), hit];
        continue;
      }
      const bytes = prng.chance(0.05) ? prng.int(1_001, 2_000) : prng.int(0, 400);
      model = model.filter((entry) => entry.key !== key);
      if (bytes <= budget) {
        while (model.reduce((sum, entry) => sum + entry.bytes, 0) + bytes > budget) model.shift();
        model.push({ key, bytes });
      }
      expect(cache.set(key, bytes)).toBe(bytes <= budget);
      expect(cache.bytes).toBeLessThanOrEqual(budget);
      expect(cache.bytes).toBe(model.reduce((sum, entry) => sum + entry.bytes, 0));
      for (let k = 0; k <= 40; k++) expect(cache.has(`k${k}`)).toBe(model.some((entry) => entry.key === `k${k}`));
    }
  });

  it('drops the values not read for the idle time, on a timer that runs only while something is kept', () => {
    let now = 0;
    const hand = new HandTimer(() => now);
    const cache = sized(100, { idleMs: 30_000, now: () => now, timer: hand.timer });
    expect(hand.pending).toHaveLength(0);
    cache.set('a', 10);
    now = 20_000;
    cache.set('b', 10);
    // One sweep, due when a has been idle 30 s.
    expect(hand.pending.map((entry) => entry.at)).toEqual([30_000]);
    now = 25_000;
    // Reading a keeps it: its idle time starts again.
    cache.get('a');
    now = 30_000;
    hand.fireDue();
    expect([cache.has('a'), cache.has('b')]).toEqual([true, true]);
    // The sweep found nothing idle and waits for the oldest use now: b, read at 20 s.
    expect(hand.pending.map((entry) => entry.at)).toEqual([50_000]);
    now = 50_000;
    hand.fireDue();
    expect([cache.has('a'), cache.has('b')]).toEqual([true, false]);
    expect(hand.pending.map((entry) => entry.at)).toEqual([55_000]);
    now = 55_000;
    hand.fireDue();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    // Nothing kept, nothing scheduled: an idle service keeps no timer for its cache.
    expect(hand.pending).toHaveLength(0);
  });

  it('tells its owner once an idle sweep has dropped the last value, and not before', () => {
    let now = 0;
    const hand = new HandTimer(() => now);
    let idle = 0;
    const cache = sized(100, { idleMs: 10_000, now: () => now, timer: hand.timer, onIdle: () => idle++ });
    cache.set('a', 10);
    now = 5_000;
    cache.set('b', 10);
    // At 10 s a has been idle 10 s, b 5 s: a goes, b is still kept, so the cache is not idle yet.
    now = 10_000;
    hand.fireDue();
    expect([cache.has('a'), cache.has('b'), idle]).toEqual([false, true, 0]);
    // At 15 s b goes too: the last value, once.
    now = 15_000;
    hand.fireDue();
    expect([cache.size, idle]).toEqual([0, 1]);
    // Emptied by hand, the cache says nothing: its owner did it.
    cache.set('c', 10);
    cache.delete('c');
    cache.set('d', 10);
    cache.clear();
    now = 100_000;
    hand.fireDue();
    expect(idle).toBe(1);
  });

  it('cancels its sweep when emptied by hand', () => {
    const now = 0;
    const hand = new HandTimer(() => now);
    const cache = sized(100, { idleMs: 1_000, now: () => now, timer: hand.timer });
    cache.set('a', 1);
    expect(hand.pending).toHaveLength(1);
    cache.delete('a');
    expect(hand.pending).toHaveLength(0);
    cache.set('b', 1);
    cache.clear();
    expect(hand.pending).toHaveLength(0);
  });

  it('drops nothing for idleness without an idle time', () => {
    let now = 0;
    const cache = sized(100, { now: () => now });
    cache.set('a', 1);
    now = 1e12;
    expect(cache.dropIdle()).toBe(0);
    expect(cache.has('a')).toBe(true);
  });
});

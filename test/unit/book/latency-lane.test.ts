import { describe, expect, it } from 'vitest';
import { LatencyLog } from '../../../shared/book/latency-lane.ts';
import { quantile } from '../../../shared/series/quantile.ts';

// The replay's latency lane: collector − exchange time per event, summarized per column of the
// span. Checked by hand and against a plain reference (filter, then quantile of each column).

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('the latency lane', () => {
  it('summarizes each column by hand: unknown exchange times are counted apart, never as 0', () => {
    const log = new LatencyLog();
    // Column [0, 10): latencies 5, 1, 3 and one unknown. Column [10, 20): only unknown. Column [20, 30): 8.
    log.push(0, 105, 100);
    log.push(2, 102, 101);
    log.push(4, 104, null);
    log.push(9, 110, 107);
    log.push(12, 112, null);
    log.push(25, 125, 117);
    const lane = log.columns(0, 30, 3);
    expect(lane.known).toEqual([3, 0, 1]);
    expect(lane.unknown).toEqual([1, 1, 0]);
    // Sorted 1, 3, 5: p50 = 3; p99 = 3 + 0.98·(5 − 3) = 4.96.
    expect(lane.p50).toEqual([3, null, 8]);
    expect(lane.p99[0]).toBeCloseTo(4.96, 12);
    expect(lane.p99.slice(1)).toEqual([null, 8]);
    expect(lane.max).toEqual([5, null, 8]);
    expect(lane.columnMs).toBe(10);
  });

  it('matches a plain reference over a seeded stream, including negative latencies and events outside the span', () => {
    const random = prng(7);
    const log = new LatencyLog();
    const events: { clock: number; latency: number | null }[] = [];
    let clock = 1_000;
    for (let i = 0; i < 20_000; i++) {
      clock += Math.floor(random() * 5);
      const collector = clock - Math.floor(random() * 3);
      const exchange = random() < 0.1 ? null : collector - (random() * 400 - 20);
      log.push(clock, collector, exchange);
      events.push({ clock, latency: exchange === null ? null : collector - exchange });
    }
    const t0 = 5_000;
    const t1 = 35_000;
    const columns = 37;
    const lane = log.columns(t0, t1, columns);
    const width = (t1 - t0) / columns;
    for (let c = 0; c < columns; c++) {
      const from = t0 + c * width;
      const to = c === columns - 1 ? t1 : t0 + (c + 1) * width;
      const inColumn = events.filter((event) => event.clock >= from && event.clock < to);
      const known = inColumn.flatMap((event) => (event.latency === null ? [] : [event.latency]));
      expect(lane.known[c]).toBe(known.length);
      expect(lane.unknown[c]).toBe(inColumn.length - known.length);
      expect(lane.p50[c]).toBeCloseTo(quantile(known, 0.5) ?? Number.NaN, 9);
      expect(lane.p99[c]).toBeCloseTo(quantile(known, 0.99) ?? Number.NaN, 9);
      expect(lane.max[c]).toBe(Math.max(...known));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import type { BookEvent, BookReset } from '../../../shared/book/book-event.ts';
import { ChosenBookReplay } from '../../../shared/research/chosen-book-replay.ts';
import { DepthMetricsRecorder, touchedSides, writeDepthMetrics, type DepthMetricsRows } from '../../../shared/research/depth-metrics.ts';
import { MidSeriesRecorder } from '../../../shared/research/mid-series.ts';
import { interleavedBookEvents } from '../../support/interleaved-books.ts';
import { ReferenceL2Books, type ReferenceLevel } from '../../support/reference-l2-books.ts';
import { expectClose, naiveDepth, nullable } from './research-reference.ts';

const hour = Date.UTC(2026, 0, 5, 9);

function event(time: number, bids: number[], asks: number[], isSnapshot = true, instrument: string | null = null): BookEvent {
  return { source: 'test', market: 'BTC-USD', instrument, collectorTimestamp: time, isSnapshot, bids: Float64Array.from(bids), asks: Float64Array.from(asks) };
}

/** Replays inputs through the chosen-book replay into a depth recorder (and a mid recorder); the rows. */
function replayDepth(inputs: readonly (BookEvent | BookReset)[], options: ConstructorParameters<typeof DepthMetricsRecorder>[0], instrument?: string | null, sidesTold = true): { rows: DepthMetricsRows; mids: MidSeriesRecorder } {
  const depth = new DepthMetricsRecorder(options);
  const mids = new MidSeriesRecorder();
  const replay = new ChosenBookReplay(instrument === undefined ? {} : { instrument }, [
    { before: (clock) => depth.advance(clock), after: (book, clock, event) => (sidesTold ? depth.record(book, clock, touchedSides(event)) : depth.record(book, clock)) },
    { after: (book, clock) => mids.pushBook(book, clock) },
  ]);
  for (const input of inputs) replay.apply(input);
  depth.finish();
  return { rows: depth.take(), mids };
}

function columnsOfRows(rows: DepthMetricsRows): number[][] {
  return [rows.mid, rows.spreadBps, rows.imbalance, rows.buyCostBps, rows.sellCostBps].map((column) => Array.from(column));
}

// A book worked by hand: bids 100×2, 99×3, 98×5, 90×10; asks 101×1, 102×4, 103×2, 112×10.
// Mid 100.5; spread 1 / 100.5 × 10⁴ = 99.502… bps.
// Band ±2.5 %: bids ≥ 97.9875 (100, 99, 98) hold 10, asks ≤ 103.0125 (101, 102, 103) hold 7 → (10 − 7) / 17.
// Buying 300: 101×1 = 101, then 199 of the 102 level = 199/102 → VWAP 300 / (1 + 199/102).
// Selling 300: 100×2 = 200, then 100 of the 99 level = 100/99 → VWAP 300 / (2 + 100/99).
const handBook = event(hour + 1_000, [100, 2, 99, 3, 98, 5, 90, 10], [101, 1, 102, 4, 103, 2, 112, 10]);

describe('depth metrics', () => {
  it('measures spread, imbalance within the band and the cost to trade a notional (hand-computed)', () => {
    const { rows } = replayDepth([handBook], { bandPct: 2.5, notional: 300 });
    const buyVwap = 300 / (1 + 199 / 102);
    const sellVwap = 300 / (2 + 100 / 99);
    expectClose(rows.mid, [100.5], 'mid');
    expectClose(rows.spreadBps, [10_000 / 100.5], 'spread');
    expectClose(rows.imbalance, [3 / 17], 'imbalance');
    expectClose(rows.buyCostBps, [((buyVwap - 100.5) / 100.5) * 10_000], 'buy cost');
    expectClose(rows.sellCostBps, [((100.5 - sellVwap) / 100.5) * 10_000], 'sell cost');
    expect(Array.from(rows.time)).toEqual([hour + 1_000]);
    const engine = new BookEngine();
    const values = new Float64Array(5);
    writeDepthMetrics(engine.apply(handBook), 2.5, 300, values, 0);
    expect(Array.from(values)).toEqual(columnsOfRows(rows).map((column) => column[0]));
  });

  it('has no cost (null) for a notional the book cannot fill, and no metrics for an empty side', () => {
    // Asks hold 101 + 408 + 206 + 1120 = 1835 of notional, bids 200 + 297 + 490 + 900 = 1887.
    const { rows } = replayDepth([handBook, event(hour + 2_000, [100, 1], [])], { bandPct: 1, notional: 1_850 });
    expect(nullable(rows.buyCostBps)).toEqual([null, null]);
    expect(nullable(rows.sellCostBps)[0]).not.toBeNull();
    expect(columnsOfRows(rows).map((column) => nullable(column)[1])).toEqual([null, null, null, null, null]);
  });

  it('fills exactly the whole side when asked for all of it', () => {
    const { rows } = replayDepth([handBook], { bandPct: 1, notional: 1_835 });
    expect(nullable(rows.buyCostBps)[0]).not.toBeNull();
  });

  it('agrees with the naive metrics of the reference book at every event of a seeded stream, resets included', () => {
    for (const seed of [71, 72]) {
      const events = interleavedBookEvents({ seed, source: 'test', market: 'BTC-USD', instruments: ['A', 'B'], hourStart: hour, events: 3000 });
      // A coverage gap in the middle: every book is cleared, and resumes at its next snapshot.
      const inputs: (BookEvent | BookReset)[] = [...events.slice(0, 1500), { reset: true, collectorTimestamp: events[1500]?.collectorTimestamp ?? hour, cause: 'coverage-gap' }, ...events.slice(1500)];
      const options = { bandPct: 0.5, notional: 2_000 };
      const { rows } = replayDepth(inputs, options, 'B');
      const reference = new ReferenceL2Books();
      const expected: (number | null)[][] = [[], [], [], [], []];
      const times: number[] = [];
      let clock = Number.NEGATIVE_INFINITY;
      let nullRows = 0;
      let costRows = 0;
      for (const input of inputs) {
        if ('reset' in input) {
          reference.clear();
          clock = Math.max(clock, input.collectorTimestamp);
        } else {
          const update = { source: input.source, market: input.market, instrument: input.instrument, time: input.collectorTimestamp, snapshot: input.isSnapshot, bids: pairs(input.bids), asks: pairs(input.asks) };
          reference.apply(update);
          if (input.instrument !== 'B') continue;
          clock = Math.max(clock, input.collectorTimestamp);
        }
        const values = naiveDepth(reference.top({ source: 'test', market: 'BTC-USD', instrument: 'B' }), options.bandPct, options.notional);
        values.forEach((value, k) => expected[k]?.push(value));
        times.push(clock);
        if (values[0] === null) nullRows++;
        if (values[3] !== null) costRows++;
      }
      expect(Array.from(rows.time)).toEqual(times);
      columnsOfRows(rows).forEach((column, k) => expectClose(column, expected[k] ?? [], `seed ${seed}, metric ${k}`));
      // Told which sides each event changed, the recorder walks only those: the very same numbers.
      expect(columnsOfRows(replayDepth(inputs, options, 'B', false).rows)).toEqual(columnsOfRows(rows));
      expect(nullRows, 'rows without a book (before the first snapshot, after the gap)').toBeGreaterThan(1);
      expect(costRows).toBeGreaterThan(100);
      expect(times.length).toBeLessThan(inputs.length);
    }
  });

  it('per time step: each step time shows the book after every event at or before it, never carrying past a reset', () => {
    const events = interleavedBookEvents({ seed: 73, source: 'test', market: 'BTC-USD', instruments: [null], hourStart: hour, events: 2000 });
    const inputs: (BookEvent | BookReset)[] = [...events.slice(0, 1000), { reset: true, collectorTimestamp: events[1000]?.collectorTimestamp ?? hour, cause: 'coverage-gap' }, ...events.slice(1000)];
    const perEvent = replayDepth(inputs, { bandPct: 1, notional: 1_000 }).rows;
    const step = 5_000;
    const stepped = replayDepth(inputs, { bandPct: 1, notional: 1_000, stepMs: step }).rows;
    // The naive sampling: for each multiple of the step from the first event to the last, the last per-event row at or before it.
    const eventTimes = Array.from(perEvent.time);
    const first = Math.ceil((eventTimes[0] ?? 0) / step) * step;
    const last = eventTimes[eventTimes.length - 1] ?? 0;
    const expectedTimes: number[] = [];
    const expected: (number | null)[][] = [[], [], [], [], []];
    const perEventColumns = columnsOfRows(perEvent).map((column) => nullable(column));
    for (let g = first; g <= last; g += step) {
      let at = -1;
      eventTimes.forEach((time, i) => {
        if (time <= g) at = i;
      });
      expectedTimes.push(g);
      perEventColumns.forEach((column, k) => expected[k]?.push(column[at] ?? null));
    }
    expect(Array.from(stepped.time)).toEqual(expectedTimes);
    columnsOfRows(stepped).forEach((column, k) => expectClose(column, expected[k] ?? [], `metric ${k}`));
    expect(expected[0]?.some((value) => value === null)).toBe(true);
  });

  it('refuses a band or notional that is not a positive number', () => {
    expect(() => new DepthMetricsRecorder({ bandPct: 0 })).toThrow(/band/);
    expect(() => new DepthMetricsRecorder({ notional: Number.NaN })).toThrow(/notional/);
    expect(() => new DepthMetricsRecorder({ stepMs: -5 })).toThrow(/step/);
  });
});

describe('chosen-book replay and mid series', () => {
  it('follows one book on the replay clock, leaves others out, and records a cleared book as no mid', () => {
    const inputs: (BookEvent | BookReset)[] = [
      event(hour + 100, [10, 1], [12, 1], true, 'A'),
      event(hour + 50, [20, 1], [22, 1], true, 'B'), // another book: left out
      event(hour + 90, [11, 1], [], false, 'A'), // stamped back: recorded at the clock, 100
      { reset: true, collectorTimestamp: hour + 200, key: { source: 'test', market: 'BTC-USD', instrument: 'B' } }, // B's reset: A untouched
      event(hour + 300, [10, 1], [12, 1], false, 'A'), // same mid again: not kept
      { reset: true, collectorTimestamp: hour + 400 }, // every book cleared
      event(hour + 500, [10, 3], [], false, 'A'), // a delta before the next snapshot: still no book
      event(hour + 600, [10, 1], [14, 1], true, 'A'),
    ];
    const seen: (number | null)[] = [];
    const mids = new MidSeriesRecorder();
    const replay = new ChosenBookReplay({ instrument: 'A' }, [{ after: (book, clock) => (mids.pushBook(book, clock), seen.push(book === null ? null : clock)) }]);
    for (const input of inputs) replay.apply(input);
    expect(replay.otherEvents).toBe(1);
    expect(seen).toEqual([hour + 100, hour + 100, hour + 300, null, null, hour + 600]);
    const series = mids.build();
    expect(Array.from(series.time)).toEqual([hour + 100, hour + 100, hour + 400, hour + 600]);
    expect(nullable(series.mid)).toEqual([11, 11.5, null, 12]);
    expect(series.end).toBe(hour + 600);
  });
});

describe('mid series', () => {
  it('stamps each sample on the replay clock (never stepping back) and keeps a mid only when it changes', () => {
    const mids = new MidSeriesRecorder();
    mids.push(hour + 100, 10, 12);
    mids.push(hour + 90, 11, 12); // stamped back: recorded at 100
    mids.push(hour + 95, 11, 12); // the same mid and spread: not kept
    mids.push(hour + 200, 11, Number.NaN); // an empty side: no mid
    const series = mids.build();
    expect(Array.from(series.time)).toEqual([hour + 100, hour + 100, hour + 200]);
    expect(nullable(series.mid)).toEqual([11, 11.5, null]);
    expect(nullable(series.spreadBps)).toEqual([(2 / 11) * 1e4, (1 / 11.5) * 1e4, null]);
    expect(series.end).toBe(hour + 200);
  });
});

/** Flat levels as reference pairs. */
function pairs(levels: Float64Array): ReferenceLevel[] {
  const out: ReferenceLevel[] = [];
  for (let i = 0; i + 1 < levels.length; i += 2) out.push([levels[i] ?? 0, levels[i + 1] ?? 0]);
  return out;
}

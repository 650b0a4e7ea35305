import { describe, expect, it } from 'vitest';
import { captureSessionsOf, collectorRunsOf, type CollectorRun } from '../../../electron/server/simulator/capture-sessions.ts';
import { demoDatasets, type SimulatedDataset } from '../../../electron/server/simulator/demo-datasets.ts';
import { generateHourText } from '../../../electron/server/simulator/generate-hour.ts';
import { ReferenceL2Books } from '../../support/reference-l2-books.ts';
import { dataset, rowsOf, type SimulatedRow } from './simulated-rows.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const seed = 3;
const days = { from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 11, 1) };

/** The first collector run of a dataset starting mid-hour (or right at an hour start) in the range. */
function firstRun(ds: SimulatedDataset, atHourStart: boolean, minuteRange: [number, number] = [0, 60]): CollectorRun {
  const run = collectorRunsOf(seed, ds, days.from, days.to).find((r) => {
    const minute = (r.start % hourMs) / 60_000;
    return (r.start % hourMs < 1000) === atHourStart && minute >= minuteRange[0] && minute < minuteRange[1];
  });
  if (run === undefined) throw new Error(`no such run of ${ds.market}`);
  return run;
}

const hourOf = (time: number): number => time - (time % hourMs);

describe('capture sessions of the simulated collectors', () => {
  it('restart once per UTC day at a hashed time, after 2–10 s down, contiguous, named by source, market and start', () => {
    const sessions = captureSessionsOf(seed, dataset('hyperliquid', 'SOL'), days.from, days.to);
    const runs = collectorRunsOf(seed, dataset('hyperliquid', 'SOL'), days.from, days.to);
    expect(sessions).toEqual(runs.map(({ id, start, end }) => ({ id, start, end })));
    expect(sessions[0]?.start).toBeLessThanOrEqual(days.from);
    expect(sessions.at(-1)?.end).toBeGreaterThan(days.to);
    const startDays = new Set<number>();
    for (const [i, run] of runs.entries()) {
      expect(run.id).toBe(`cap-hyperliquid-SOL-${run.start}`);
      expect(run.end).toBe(runs[i + 1]?.end === undefined ? run.end : runs[i + 1]?.start);
      expect(run.end - run.rowsUntil).toBeGreaterThanOrEqual(2000);
      expect(run.end - run.rowsUntil).toBeLessThanOrEqual(10_000);
      expect(run.end).toBeGreaterThan(run.start);
      startDays.add(Math.floor(run.start / dayMs));
    }
    expect(startDays.size).toBe(runs.length);
    expect(runs.length).toBeGreaterThanOrEqual(61);
    // Over every book market and these two months: mostly mid-hour, sometimes right at an hour start.
    const all = demoDatasets.flatMap((ds) => collectorRunsOf(seed, ds, days.from, days.to));
    const atHourStart = all.filter((run) => run.start % hourMs < 1000).length;
    expect(atHourStart / all.length).toBeGreaterThan(0.1);
    expect(atHourStart / all.length).toBeLessThan(0.35);
  });

  it('lists exactly the sessions overlapping a range, oldest first, the same every time and per seed', () => {
    const ds = dataset('binance', 'BTCUSDT');
    const all = captureSessionsOf(seed, ds, days.from, days.to);
    const middle = all[10];
    if (middle === undefined) throw new Error('too few sessions');
    expect(captureSessionsOf(seed, ds, middle.start, middle.start + 1)).toEqual([middle]);
    expect(captureSessionsOf(seed, ds, middle.end - 1, middle.end + 1)).toEqual([middle, all[11]]);
    expect(captureSessionsOf(seed, ds, middle.start - 1, middle.start)).toEqual([all[9]]);
    expect(captureSessionsOf(seed, ds, days.from, days.to)).toEqual(all);
    expect(captureSessionsOf(seed + 1, ds, days.from, days.to)).not.toEqual(all);
    expect(captureSessionsOf(seed, dataset('binance', 'BTC-USDT'), days.from, days.to)).not.toEqual(all);
  });

  it('continues collector_sequence across the hour files of a session, strictly rising, over every row type', () => {
    const ds = dataset('hyperliquid', 'SOL');
    const run = firstRun(ds, false, [20, 40]);
    const hours = [hourOf(run.start) + hourMs, hourOf(run.start) + 2 * hourMs, hourOf(run.start) + 3 * hourMs];
    expect(hours.every((hour) => hour + hourMs <= run.rowsUntil)).toBe(true);
    const rows = hours.flatMap((hour) => rowsOf(generateHourText(seed, ds, hour)));
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['orderbook', 'trade', 'perpetual_ticker', 'point']));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.sequence ?? 0).toBeGreaterThan(rows[i - 1]?.sequence ?? 0);
    // Derived from arrival time within the session: about 1024 per millisecond since it started.
    const firstRow = rows[0];
    expect(Math.floor((firstRow?.sequence ?? 0) / 1024)).toBe(Math.round((firstRow?.time ?? 0) - run.start));
  });

  it('restarts mid-hour: rows stop, none while down, the sequence drops, deltas come first, a snapshot within 1–3 s', () => {
    const ds = dataset('binance', 'BTCUSDT');
    const run = firstRun(ds, false, [2, 15]);
    const previous = collectorRunsOf(seed, ds, run.start - 1, run.start)[0];
    if (previous === undefined) throw new Error('no previous run');
    const rows = rowsOf(generateHourText(seed, ds, hourOf(run.start), run.start + 20_000));
    const restartAt = rows.findIndex((row, i) => i > 0 && (row.sequence ?? 0) <= (rows[i - 1]?.sequence ?? 0));
    expect(restartAt).toBeGreaterThan(0);
    const drops = rows.filter((row, i) => i > 0 && (row.sequence ?? 0) <= (rows[i - 1]?.sequence ?? 0)).length;
    expect(drops).toBe(1);
    const before = rows.slice(0, restartAt);
    const after = rows.slice(restartAt);
    // Nothing while down: the last row of the old session arrived before it stopped, the first new one at its start or later.
    expect(Math.max(...before.map((row) => row.time))).toBeLessThan(previous.rowsUntil);
    expect(Math.max(...before.map((row) => row.time))).toBeGreaterThan(previous.rowsUntil - 1000);
    expect(after[0]?.time).toBeGreaterThanOrEqual(run.start - 40);
    expect(after[0]?.sequence).toBeLessThan(2000 * 1024);
    expect((before.at(-1)?.sequence ?? 0) / 1024).toBeGreaterThan(60_000);
    const firstSnapshot = after.findIndex((row) => row.snapshot);
    const deltasFirst = after.slice(0, firstSnapshot).filter((row) => row.type === 'orderbook');
    expect(deltasFirst.length).toBeGreaterThanOrEqual(3);
    const snapshotTime = after[firstSnapshot]?.time ?? 0;
    expect(snapshotTime - run.start).toBeGreaterThanOrEqual(990);
    expect(snapshotTime - run.start).toBeLessThanOrEqual(3000);
  });

  /** Replays book rows through the reference, clearing the book when the sequence drops if `detect`. */
  function replay(ds: SimulatedDataset, rows: readonly SimulatedRow[], detect: boolean): { crossed: number; mismatched: number; books: ReferenceL2Books } {
    const books = new ReferenceL2Books();
    const id = { source: ds.source, market: ds.market, instrument: null };
    let last = -1;
    let crossed = 0;
    let mismatched = 0;
    for (const row of rows) {
      if (row.type !== 'orderbook') continue;
      if (detect && row.sequence !== null && row.sequence <= last) books.clear(id);
      last = row.sequence ?? last;
      const before = books.top(id);
      if (row.snapshot && before !== null && JSON.stringify(before) !== JSON.stringify({ bids: row.bids, asks: row.asks })) mismatched++;
      books.apply({ ...id, time: row.time, snapshot: row.snapshot, bids: row.bids, asks: row.asks });
      const top = books.top(id, 1);
      const bid = top?.bids[0]?.[0];
      const ask = top?.asks[0]?.[0];
      if (bid !== undefined && ask !== undefined && !((ask - bid) / ds.tick > 0.999)) crossed++;
    }
    return { crossed, mismatched, books };
  }

  it.each([
    ['binance', 'BTCUSDT'],
    ['hyperliquid', 'BTC'],
    ['binance', 'XRP-USDT'],
  ])('needs session detection: with it the book never crosses; without it, the old book plus the new deltas is not the new snapshot (%s/%s)', (source, market) => {
    const ds = dataset(source, market);
    const run = firstRun(ds, false, [1, ds.market === 'BTCUSDT' ? 12 : 60]);
    const rows = rowsOf(generateHourText(seed, ds, hourOf(run.start), run.start + 10_000));
    const detected = replay(ds, rows, true);
    expect(detected.crossed).toBe(0);
    expect(detected.mismatched).toBe(0);
    const naive = replay(ds, rows, false);
    expect(naive.mismatched).toBeGreaterThanOrEqual(1);
    if (ds.market === 'BTCUSDT') expect(naive.crossed).toBeGreaterThan(0);
  });

  it('restarts right at an hour start: the earlier hour ends early, the hour begins with the new session', () => {
    const ds = dataset('binance', 'XRP-USDT');
    const run = firstRun(ds, true);
    const previous = collectorRunsOf(seed, ds, run.start - 1, run.start)[0];
    const earlier = rowsOf(generateHourText(seed, ds, hourOf(run.start) - hourMs));
    const later = rowsOf(generateHourText(seed, ds, hourOf(run.start)));
    expect(Math.max(...earlier.map((row) => row.time))).toBeLessThan(previous?.rowsUntil ?? 0);
    expect(later[0]?.time).toBeGreaterThanOrEqual(run.start - 40);
    expect(later[0]?.sequence).toBeLessThan(later.at(-1)?.sequence ?? 0);
    expect(later[0]?.sequence).toBeLessThan(earlier.at(-1)?.sequence ?? 0);
    for (let i = 1; i < later.length; i++) expect(later[i]?.sequence ?? 0).toBeGreaterThan(later[i - 1]?.sequence ?? 0);
  });

  it('keeps legacy files (no sequence) consistent: after a restart the first book row is a snapshot', () => {
    const ds = dataset('lighter', 'BTC-USD');
    const run = firstRun(ds, false);
    const previous = collectorRunsOf(seed, ds, run.start - 1, run.start)[0];
    const rows = rowsOf(generateHourText(seed, ds, hourOf(run.start)));
    expect(rows.every((row) => row.sequence === null)).toBe(true);
    expect(rows.filter((row) => row.time >= (previous?.rowsUntil ?? 0) && row.time < run.start - 1)).toEqual([]);
    const firstBook = rows.find((row) => row.time >= run.start && row.type === 'orderbook');
    expect(firstBook?.snapshot).toBe(true);
    // A reader without sequences applies no stale delta: only the restart's snapshot replaces an outdated book.
    const naive = replay(ds, rows, false);
    expect(naive.crossed).toBe(0);
    expect(naive.mismatched).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { readNewest, type NewestSource, type NewestStore, type TimeWindow } from '../../../electron/host/market/newest-rows.ts';

// readNewest against a naive model: the range's rows in service order, of which the newest
// `capacity` must be held, with `droppedUntil` between the newest row left out and the oldest held.

interface Row {
  time: number;
  id: number;
}

/** A store written plainly: an array, trimmed to its newest `capacity` rows. */
class ArrayStore implements NewestStore<Row> {
  readonly rows: Row[] = [];
  droppedUntil: number | null = null;
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get length(): number {
    return this.rows.length;
  }

  add(row: Row): void {
    this.rows.push(row);
    if (this.rows.length > this.#capacity) this.droppedUntil = this.rows.shift()?.time ?? null;
  }
}

/** A service over `rows` (ascending time): a window serves its rows in order; every row read is counted. */
function serviceOver(rows: readonly Row[]): NewestSource<Row> & { read_: number; windows: TimeWindow[] } {
  const source = {
    read_: 0,
    windows: [] as TimeWindow[],
    read: (window: TimeWindow | null, add: (row: Row) => void): Promise<void> => {
      if (window !== null) source.windows.push(window);
      for (const row of rows) {
        if (window === null || (row.time >= window.start && row.time <= window.end)) {
          source.read_++;
          add(row);
        }
      }
      return Promise.resolve();
    },
    any: (window: TimeWindow): Promise<boolean> => Promise.resolve(rows.some((row) => row.time >= window.start && row.time <= window.end)),
  };
  return source;
}

/** A small LCG, so each case is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const minute = 60_000;

describe('readNewest keeps the newest rows of a range', () => {
  it('holds exactly the newest min(capacity, n) rows in order, with droppedUntil between what was left out and what is held', async () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const start = 1_700_000_000_000 + Math.floor(next() * 1e6);
      const length = Math.floor(next() * 3 * 24 * 60) * minute + Math.floor(next() * minute);
      const count = Math.floor(next() * 400);
      // Rows anywhere in and around the range, several at one millisecond now and then.
      const times = Array.from({ length: count }, () => start - 5 * minute + Math.floor(next() * (length + 10 * minute)));
      const dense = Math.floor(next() * count);
      for (let i = 0; i < dense; i += 7) times[i] = times[dense] ?? start;
      const rows = times.sort((a, b) => a - b).map((time, id) => ({ time, id }));
      const range = { start, end: start + length };
      const capacity = 1 + Math.floor(next() * 150);

      const service = serviceOver(rows);
      const result = await readNewest(range, capacity, service, (free) => new ArrayStore(free));

      const inRange = rows.filter((row) => row.time >= range.start && row.time <= range.end);
      const kept = inRange.slice(Math.max(0, inRange.length - capacity));
      const held = result.stores.flatMap((store) => store.rows);
      expect(held, `seed ${seed}`).toEqual(kept);
      if (inRange.length <= capacity) {
        expect(result.droppedUntil, `seed ${seed}`).toBeNull();
      } else {
        const newestLeftOut = inRange[inRange.length - capacity - 1]?.time ?? Number.NaN;
        expect(result.droppedUntil, `seed ${seed}`).not.toBeNull();
        expect(result.droppedUntil ?? 0).toBeGreaterThanOrEqual(newestLeftOut);
        expect(result.droppedUntil ?? 0).toBeLessThanOrEqual(kept[0]?.time ?? Number.NaN);
        // Every row after droppedUntil is held.
        expect(inRange.filter((row) => row.time > (result.droppedUntil ?? 0)).every((row) => held.includes(row))).toBe(true);
      }
      // Windows tile the range back from its end, without overlap or gap.
      const windows = service.windows;
      expect(windows[0]?.end).toBe(range.end);
      for (let i = 1; i < windows.length; i++) expect(windows[i]?.end).toBe((windows[i - 1]?.start ?? 0) - 1);
    }
  });

  it('reads about twice the capacity, not the whole range, when the range holds far more', async () => {
    // A week of one row a second: 604,800 rows; a capacity of 2,000.
    const start = 1_700_000_000_000;
    const rows = Array.from({ length: 7 * 24 * 3600 }, (_, i) => ({ time: start + i * 1000, id: i }));
    const service = serviceOver(rows);
    const result = await readNewest({ start, end: start + 7 * 24 * 3600 * 1000 - 1 }, 2_000, service, (free) => new ArrayStore(free));
    expect(result.stores.flatMap((store) => store.rows)).toEqual(rows.slice(-2_000));
    expect(result.droppedUntil).toBe(rows.at(-2_001)?.time);
    expect(service.read_).toBeLessThanOrEqual(2 * 2_000 + 600);
  });

  it('asks whether older windows hold rows when the capacity fills exactly at a window boundary', async () => {
    // Ten minutes hold exactly the capacity; the range starts an hour earlier.
    const end = 1_700_000_000_000;
    const recent = Array.from({ length: 10 }, (_, i) => ({ time: end - i * minute, id: 100 + i })).reverse();
    for (const older of [[], [{ time: end - 50 * minute, id: 1 }]]) {
      const service = serviceOver([...older, ...recent]);
      const result = await readNewest({ start: end - 60 * minute, end }, 10, service, (free) => new ArrayStore(free));
      expect(result.stores.flatMap((store) => store.rows)).toEqual(recent);
      expect(result.droppedUntil).toBe(older.length === 0 ? null : end - 10 * minute);
    }
  });

  it('reads the service default window in one store when no range is given', async () => {
    const rows = [1, 2, 3, 4].map((time, id) => ({ time, id }));
    const result = await readNewest(null, 3, serviceOver(rows), (free) => new ArrayStore(free));
    expect(result.stores.flatMap((store) => store.rows)).toEqual(rows.slice(1));
    expect(result.droppedUntil).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { frameFlags } from '../../../shared/book/book-frames.ts';
import type { FrameIndex } from '../../../shared/book/frame-index.ts';
import { binFrames, levelRows, levelSpacing, type GridSpec } from '../../../renderer/src/views/replay/heatmap/heatmap-grid.ts';
import { indexOf, seeded, type FrameSpec } from './heatmap-frames.ts';

// Two frames of depth 2. Rows of height 2 over (97, 103]: row 0 (101, 103], row 1 (99, 101],
// row 2 (97, 99].
const twoFrames: FrameSpec[] = [
  { t: 0, bids: [[99, 1], [98, 2]], asks: [[101, 3]] },
  { t: 5, bids: [[99, 4]], asks: [[101, 3], [102, 1]] },
];
const spec: GridSpec = { t0: 0, t1: 10, p0: 97, p1: 103, cols: 2, rows: 3, spacing: 0 };

describe('binning frames into a time × price grid', () => {
  it('holds each level in the row of its price over the time it stood', () => {
    const grid = binFrames(indexOf(twoFrames, 2), spec);
    // Column 0 is frame 0 alone, column 1 frame 1 alone (it stands until the window's edge).
    expect([...grid.cells]).toEqual([0, 1, 3, 3, 3, 4]);
    expect([...grid.bestBid]).toEqual([99, 99]);
    expect([...grid.bestAsk]).toEqual([101, 101]);
  });

  it('weighs a column by the share of its time each frame stood', () => {
    const frames = indexOf([twoFrames[0] as FrameSpec, { ...(twoFrames[1] as FrameSpec), t: 4 }], 2);
    const grid = binFrames(frames, { ...spec, cols: 4 });
    // Column 1 is [2.5, 5): frame 0 for 1.5 ms (0.6), frame 1 for 1 ms (0.4); row 2 = 0.6·3 + 0.4·4.
    expect(grid.cells[2 * 4 + 1]).toBeCloseTo(3.4, 12);
    expect(grid.cells[1 * 4 + 1]).toBeCloseTo(3, 12);
    expect(grid.cells[0 * 4 + 1]).toBeCloseTo(0.4, 12);
    expect([...grid.cells.subarray(0, 4)].map((v) => Number(v.toFixed(12)))).toEqual([0, 0.4, 1, 1]);
  });

  it('stops the last frame at `end`, and leaves the time before the first frame empty', () => {
    const grid = binFrames(indexOf([{ t: 2.5, bids: [[99, 2]], asks: [] }], 2), { ...spec, cols: 4, end: 7.5 });
    expect([...grid.cells.subarray(8, 12)]).toEqual([0, 2, 2, 0]);
    expect([...grid.bestBid].map(String)).toEqual(['NaN', '99', '99', 'NaN']);
    expect([...grid.bestAsk].every(Number.isNaN)).toBe(true);
  });

  it('marks the columns where the book stood crossed or locked', () => {
    const frames = indexOf(
      [
        { t: 0, bids: [[99, 1]], asks: [[101, 1]] },
        { t: 5, bids: [[102, 1]], asks: [[101, 1]], flags: frameFlags.crossed | frameFlags.sourceSnapshot },
      ],
      2,
    );
    const grid = binFrames(frames, spec);
    expect([...grid.flags]).toEqual([0, frameFlags.crossed]);
    // A crossed moment inside a column marks it even when the book uncrossed before its end.
    const brief = binFrames(indexOf([{ t: 0, bids: [[99, 1]], asks: [[101, 1]] }, { t: 6, bids: [[102, 1]], asks: [[101, 1]], flags: frameFlags.crossed }, { t: 7, bids: [[99, 1]], asks: [[101, 1]] }], 2), spec);
    expect([...brief.flags]).toEqual([0, frameFlags.crossed]);
    expect([...brief.bestBid]).toEqual([99, 99]);
    // The crossed bid at 102 sits above the ask: row 0 in column 1.
    expect(grid.cells[0 * 2 + 1]).toBe(1);
  });

  it('gives an empty grid with no frames, or with an empty window', () => {
    expect([...binFrames(indexOf([], 2), spec).cells]).toEqual([0, 0, 0, 0, 0, 0]);
    expect([...binFrames(indexOf(twoFrames, 2), { ...spec, t0: 10, t1: 10 }).cells].every((v) => v === 0)).toBe(true);
  });

  it('recycles the buffers of a grid of the same size', () => {
    const first = binFrames(indexOf(twoFrames, 2), spec);
    const again = binFrames(indexOf([{ t: 0, bids: [], asks: [[102, 7]] }], 2), spec, first);
    expect(again.cells).toBe(first.cells);
    expect([...again.cells]).toEqual([7, 7, 0, 0, 0, 0]);
    expect([...again.bestBid].every(Number.isNaN)).toBe(true);
  });
});

describe('the rows a level fills', () => {
  const rows20 = { p0: 90, p1: 110, rows: 20 };
  it('fills the rows whose centres lie within half a spacing of its price', () => {
    // Centres 101.5, 100.5, 99.5, 98.5 (rows 8–11) lie in [98, 102).
    expect(levelRows(100, { ...rows20, spacing: 4 })).toEqual([8, 11]);
  });
  it('falls back to the one row its price is in when the band holds no centre', () => {
    // Row 9 is (100, 101].
    expect(levelRows(100.3, { ...rows20, spacing: 0.2 })).toEqual([9, 9]);
    expect(levelRows(101, { ...rows20, spacing: 0 })).toEqual([9, 9]);
  });
  it('clips to the grid and fills nothing outside it', () => {
    // Centres 109.5, 108.5 and 107.5 (rows 0–2) lie in [107.5, 111.5); the rest of the band is off the grid.
    expect(levelRows(109.5, { ...rows20, spacing: 4 })).toEqual([0, 2]);
    const [first, last] = levelRows(130, { ...rows20, spacing: 0 });
    expect(last).toBeLessThan(first);
    const [low, high] = levelRows(90, { ...rows20, spacing: 0 });
    expect(high).toBeLessThan(low);
  });
});

describe('the level spacing a book shows', () => {
  it('is the smallest gap between adjacent levels', () => {
    expect(levelSpacing(indexOf(twoFrames, 2))).toBe(1);
    expect(levelSpacing(indexOf([{ t: 0, bids: [[99, 1]], asks: [[101, 1]] }], 2))).toBe(0);
  });
});

/** Row r spans (p1 − (r+1)·h, p1 − r·h]; a level fills rows whose centre is within spacing/2, else its own row. */
function referenceRows(price: number, s: GridSpec): number[] {
  const h = (s.p1 - s.p0) / s.rows;
  const inBand: number[] = [];
  for (let r = 0; r < s.rows; r++) {
    const centre = s.p1 - (r + 0.5) * h;
    if (s.spacing > 0 && centre >= price - s.spacing / 2 && centre < price + s.spacing / 2) inBand.push(r);
  }
  if (inBand.length > 0) return inBand;
  for (let r = 0; r < s.rows; r++) if (price > s.p1 - (r + 1) * h && price <= s.p1 - r * h) return [r];
  return [];
}

/** The naive grid: every frame, every level, every column, every row. */
function referenceGrid(frames: readonly FrameSpec[], s: GridSpec): number[] {
  const cells = new Array<number>(s.cols * s.rows).fill(0);
  const slot = (s.t1 - s.t0) / s.cols;
  let clock = Number.NEGATIVE_INFINITY;
  const clocks = frames.map((frame) => (clock = Math.max(clock, frame.t)));
  frames.forEach((frame, i) => {
    const from = clocks[i] ?? 0;
    const until = i + 1 < frames.length ? (clocks[i + 1] ?? 0) : (s.end ?? s.t1);
    for (let c = 0; c < s.cols; c++) {
      const overlap = Math.min(until, s.t0 + (c + 1) * slot) - Math.max(from, s.t0 + c * slot);
      if (overlap <= 0) continue;
      for (const [price, size] of [...frame.bids, ...frame.asks]) {
        for (const r of referenceRows(price, s)) cells[r * s.cols + c] = (cells[r * s.cols + c] ?? 0) + (size * overlap) / slot;
      }
    }
  });
  return cells;
}

/** Random frames: a wandering mid, 1–depth levels a side (sometimes none), times that rise, repeat and step back. */
function randomFrames(seed: number, count: number, depth: number, offGrid = false): FrameSpec[] {
  const random = seeded(seed);
  let t = 1_000;
  let mid = 100;
  return Array.from({ length: count }, () => {
    t += random() < 0.1 ? -Math.floor(random() * 30) : random() < 0.2 ? 0 : Math.floor(random() * 40);
    mid += (random() - 0.5) * 2;
    const side = (sign: number): [number, number][] => {
      const levels = random() < 0.05 ? 0 : 1 + Math.floor(random() * depth);
      return Array.from({ length: levels }, (_, k): [number, number] => [offGrid ? mid + sign * (0.1 + k * random()) : Math.round((mid + sign * (0.5 + k * 0.5)) * 2) / 2, Math.round(random() * 100) / 10]);
    };
    return { t, bids: side(-1), asks: side(1) };
  });
}

describe('binning against a naive reference', () => {
  const check = (frames: FrameIndex, specs: readonly FrameSpec[], s: GridSpec): void => {
    const grid = binFrames(frames, s);
    const expected = referenceGrid(specs, s);
    expect(grid.cells.length).toBe(expected.length);
    expected.forEach((value, i) => expect(grid.cells[i]).toBeCloseTo(value, 9));
  };

  for (const seed of [1, 7, 42]) {
    it(`matches on seeded random frames (seed ${seed})`, () => {
      const specs = randomFrames(seed, 400, 5);
      const frames = indexOf(specs, 5, 37);
      const first = frames.clockAt(0);
      const last = frames.clockAt(frames.count - 1);
      check(frames, specs, { t0: first - 50, t1: last + 50, p0: 80, p1: 120, cols: 53, rows: 41, spacing: 0 });
      check(frames, specs, { t0: first + 400, t1: first + 900, p0: 95, p1: 105, cols: 31, rows: 57, spacing: 0.5 });
      check(frames, specs, { t0: first + 100, t1: last - 100, p0: 90, p1: 110, cols: 200, rows: 10, spacing: 0.5, end: last - 300 });
    });

    it(`matches on prices off the spacing's lattice (seed ${seed})`, () => {
      const specs = randomFrames(seed, 300, 5, true);
      const frames = indexOf(specs, 5, 64);
      const first = frames.clockAt(0);
      check(frames, specs, { t0: first, t1: frames.clockAt(frames.count - 1), p0: 90, p1: 110, cols: 40, rows: 80, spacing: 0.5 });
    });
  }
});

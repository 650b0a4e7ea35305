import { describe, expect, it } from 'vitest';
import type { BookTile } from '../../../shared/contract/book-session-schemas.ts';
import { TileCache } from '../../../renderer/src/views/replay/heatmap/tile-cache.ts';
import { tileScene } from '../../../renderer/src/views/replay/heatmap/tile-scene.ts';
import { levelFor, planTiles, rowShiftFor } from '../../../renderer/src/views/replay/heatmap/tile-plan.ts';
import { mappedIntensity, rasterTile, robustTop, sizeAtMappedIntensity } from '../../../renderer/src/views/replay/heatmap/tile-raster.ts';
import { paletteTable } from '../../../renderer/src/views/replay/heatmap/heatmap-scale.ts';

// The heatmap's tile plan, colours and cache, against hand-computed values.

describe('which tiles a view needs', () => {
  it('picks the finest level whose buckets are at least a pixel wide', () => {
    // 4^L ms buckets: 100 ms a pixel needs 256 ms buckets (level 4); 1 ms a pixel, level 0.
    expect(levelFor(100)).toBe(4);
    expect(levelFor(64)).toBe(3);
    expect(levelFor(65)).toBe(4);
    expect(levelFor(1)).toBe(0);
    expect(levelFor(0.2)).toBe(0);
    expect(levelFor(1e12)).toBe(11);
  });

  it('bands rows so each is at least a pixel tall', () => {
    expect(rowShiftFor(3)).toBe(0);
    expect(rowShiftFor(1)).toBe(0);
    expect(rowShiftFor(0.5)).toBe(1);
    expect(rowShiftFor(0.3)).toBe(2);
  });

  it('lists the tiles from the left edge to the cursor only, and rows on a 64-row grid around the window', () => {
    // 1000 px over 100,000 ms: 100 ms a pixel → level 4 (256 ms buckets, tiles of 65,536 ms).
    const plan = planTiles({ t0: 0, t1: 100_000, p0: 100, p1: 110 }, { width: 1000, height: 500 }, 0.5, 70_000);
    expect(plan?.level).toBe(4);
    expect(plan?.indices).toEqual([0, 1]);
    // 20 rows of 0.5 over 500 px: 25 px a row, no banding. Rows: round(p / 0.5) → 200 … 220.
    expect(plan?.rowShift).toBe(0);
    expect(plan?.needMin).toBe(200);
    expect(plan?.needMax).toBe(220);
    // A window's height of margin (20 rows) each side, on the 64-row grid: 128 … 255.
    expect(plan?.rowMin).toBe(128);
    expect(plan?.rowMax).toBe(255);
    // A cursor before the window's start: nothing to draw.
    expect(planTiles({ t0: 0, t1: 100_000, p0: 100, p1: 110 }, { width: 1000, height: 500 }, 0.5, -1)?.indices).toEqual([]);
  });
});

describe('tile colours', () => {
  it('maps size to intensity: linear, log over two decades, saturating at the cutoff, bent by the contrast', () => {
    expect(mappedIntensity(5, { scale: 'linear', cutoff: 10, contrast: 1 })).toBe(0.5);
    expect(mappedIntensity(20, { scale: 'linear', cutoff: 10, contrast: 1 })).toBe(1);
    expect(mappedIntensity(5, { scale: 'linear', cutoff: 10, contrast: 2 })).toBe(0.25);
    // log10(1 + 99 × 0.1) / 2 = log10(10.9) / 2.
    expect(mappedIntensity(1, { scale: 'log', cutoff: 10, contrast: 1 })).toBeCloseTo(Math.log10(10.9) / 2, 12);
    expect(mappedIntensity(0, { scale: 'log', cutoff: 10, contrast: 1 })).toBe(0);
    for (const scale of ['linear', 'log'] as const) {
      const mapping = { scale, cutoff: 8, contrast: 1.5 };
      expect(mappedIntensity(sizeAtMappedIntensity(0.3, mapping), mapping)).toBeCloseTo(0.3, 9);
    }
  });

  it('draws cells column by column with the highest price on top, empty cells transparent', () => {
    const palette = paletteTable();
    // 2 columns × 3 rows; column 0 has sizes at rows 0 and 2, column 1 at row 1.
    const values = Float32Array.of(10, 0, 5, 0, 10, 0);
    const out = new Uint8ClampedArray(2 * 3 * 4);
    rasterTile(values, 2, 3, { scale: 'linear', cutoff: 10, contrast: 1 }, palette, out);
    const alpha = (x: number, y: number): number => out[(y * 2 + x) * 4 + 3] ?? -1;
    // Row 2 (highest price) is y = 0.
    expect([alpha(0, 0), alpha(0, 1), alpha(0, 2)]).toEqual([255, 0, 255]);
    expect([alpha(1, 0), alpha(1, 1), alpha(1, 2)]).toEqual([0, 255, 0]);
    // Full size is the palette's top colour.
    expect(Array.from(out.subarray(8 * 2, 8 * 2 + 4))).toEqual(Array.from(palette.subarray(255 * 4, 256 * 4)));
  });

  it('paints each cell the palette entry of its intensity on both scales, sizes past the cutoff the top colour', () => {
    const palette = paletteTable();
    const sizes = [0.001, 0.2, 1, 3.3, 7, 9.99, 10, 25, 1e6];
    for (const scale of ['linear', 'log'] as const) {
      const out = new Uint8ClampedArray(sizes.length * 4);
      rasterTile(Float32Array.from(sizes), sizes.length, 1, { scale, cutoff: 10, contrast: 1 }, palette, out);
      sizes.forEach((size, i) => {
        // The oracle: intensity by its formula, written out here; the raster may round to one of 4096 steps.
        const share = Math.min(1, size / 10);
        const level = scale === 'linear' ? share : Math.log10(1 + 99 * share) / 2;
        const entry = Math.round(level * 255);
        const got = Array.from(out.subarray(i * 4, i * 4 + 4));
        const near = [entry - 1, entry, entry + 1].some((e) => e >= 0 && e <= 255 && got.join() === Array.from(palette.subarray(e * 4, e * 4 + 4)).join());
        expect(near, `${scale} ${size}`).toBe(true);
      });
      // Past the cutoff: the palette's top colour, exactly.
      expect(Array.from(out.subarray(8 * 4, 9 * 4))).toEqual(Array.from(palette.subarray(255 * 4, 256 * 4)));
    }
  });

  it('tops the default cutoff at a high quantile of the cells, not their maximum', () => {
    const values = new Float32Array(100);
    for (let i = 0; i < 100; i++) values[i] = i + 1;
    values[99] = 1e9;
    expect(robustTop([values], 0.98)).toBe(98);
    expect(robustTop([new Float32Array(4)])).toBe(0);
    // Many cells are sampled evenly: non-empty values 2, 4, … 1000 keep their 98th percentile (980) within 1%.
    const many = Float32Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? 0 : (i % 1000) + 1));
    expect(Math.abs(robustTop([many]) - 980)).toBeLessThanOrEqual(10);
  });
});

function tile(level: number, index: number, filledUntil: number): BookTile {
  return { level, index, rowShift: 0, t0: index * 256 * 4 ** level, bucketMs: 4 ** level, priceStep: 1, rowBase: 0, rows: 1, filledUntil, values: new Float32Array(256).buffer, bests: new Float64Array(1024).buffer };
}

describe('the tile cache', () => {
  it('asks once for what is missing, holds it, asks again for a filling tile once the replay read past it (at most every 400 ms)', async () => {
    const asked: number[][] = [];
    let now = 0;
    const span = 256 * 4 ** 4;
    const cache = new TileCache({ tiles: (input) => (asked.push(input.indices), Promise.resolve(input.indices.map((index) => tile(4, index, index === 1 ? span + 1000 : (index + 1) * span)))) }, { now: () => now });
    const plan = { level: 4, rowShift: 0, indices: [0, 1], rowMin: 0, rowMax: 63, needMin: 0, needMax: 10 };
    cache.need(plan, span + 1000);
    // One request at a time.
    cache.need(plan, span + 1000);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([[0, 1]]);
    expect(cache.tile(4, 0, 0, 0, 10)).toBeDefined();
    // Tile 1 holds data to span + 1000; the replay has read no further: nothing to ask.
    now = 1000;
    cache.need(plan, span + 1000);
    expect(asked).toHaveLength(1);
    // It has read further, but less than 400 ms passed since the tile came: wait.
    now = 300;
    cache.need(plan, span + 5000);
    expect(asked).toHaveLength(1);
    now = 1000;
    cache.need(plan, span + 5000);
    expect(asked.at(-1)).toEqual([1]);
    // A tile asked for with other rows does not hold a window outside them.
    expect(cache.tile(4, 0, 0, 0, 100)).toBeUndefined();
  });
});

describe('the touch the prices are fitted to', () => {
  it('is the loaded tiles\' lowest bid and highest ask over the window, whatever rows the window asks for, so fitting prices cannot feed back into itself', async () => {
    // One level-4 tile (256 ms buckets) loaded with rows 0…63; its touch in three buckets only.
    const bests = new Float64Array(256 * 4).fill(Number.NaN);
    const touch: [number, number, number][] = [
      [10, 99, 101],
      [11, 98, 103],
      [12, 99.5, 102],
    ];
    for (const [column, lowBid, highAsk] of touch) bests.set([lowBid + 0.5, highAsk - 0.5, lowBid, highAsk], column * 4);
    const loaded: BookTile = { level: 4, index: 0, rowShift: 0, t0: 0, bucketMs: 256, priceStep: 1, rowBase: 0, rows: 0, filledUntil: 65_536, values: new ArrayBuffer(0), bests: bests.buffer };
    const cache = new TileCache({ tiles: () => Promise.resolve([loaded]) });
    cache.need({ level: 4, rowShift: 0, indices: [0], rowMin: 0, rowMax: 63, needMin: 0, needMax: 10 }, 65_536);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const mapping = { scale: 'linear' as const, contrast: 1, cutoff: 1 };
    const sceneFor = (needMax: number, rowShift: number) => tileScene(cache, { level: 4, rowShift, indices: [0], rowMin: 0, rowMax: needMax + 64, needMin: 0, needMax }, () => mapping, paletteTable());
    // Rows the tile holds, rows past them, and another band: the same touch every time.
    for (const [needMax, rowShift] of [[10, 0], [100, 0], [10, 1]] as const) {
      const scene = sceneFor(needMax, rowShift);
      expect(scene.bestRange(0, 65_535), `rows to ${needMax}, band ${rowShift}`).toEqual({ low: 98, high: 103 });
      // Only the buckets the window reaches: bucket 10 spans 2560…2815 ms.
      expect(scene.bestRange(2560, 2700)).toEqual({ low: 99, high: 101 });
      expect(scene.bestRange(0, 2000)).toEqual({ low: Number.NaN, high: Number.NaN });
    }
    // Only the exact tile counts as in view for the colours.
    expect(sceneFor(10, 0).exact).toHaveLength(1);
    expect(sceneFor(100, 0).exact).toHaveLength(0);
  });
});

describe('the touch when one tile is loaded in two row bands', () => {
  it('comes from the most complete of them, whichever band the window asks for', async () => {
    // Tile 0 of level 4 (256 ms buckets), once in band 0 while the replay had read to bucket 11,
    // once in band 1 after it read the whole tile: the later copy has a wider touch in bucket 12.
    const bestsOf = (columns: [number, number, number][]): ArrayBuffer => {
      const bests = new Float64Array(256 * 4).fill(Number.NaN);
      for (const [column, lowBid, highAsk] of columns) bests.set([lowBid, highAsk, lowBid, highAsk], column * 4);
      return bests.buffer;
    };
    const early: BookTile = { level: 4, index: 0, rowShift: 0, t0: 0, bucketMs: 256, priceStep: 1, rowBase: 0, rows: 0, filledUntil: 12 * 256, values: new ArrayBuffer(0), bests: bestsOf([[11, 99, 101]]) };
    const whole: BookTile = { ...early, rowShift: 1, filledUntil: 65_536, bests: bestsOf([[11, 99, 101], [12, 95, 108]]) };
    let next = [early];
    const cache = new TileCache({ tiles: () => Promise.resolve(next) });
    cache.need({ level: 4, rowShift: 0, indices: [0], rowMin: 0, rowMax: 63, needMin: 0, needMax: 10 }, 65_536);
    await new Promise((resolve) => setTimeout(resolve, 0));
    next = [whole];
    cache.need({ level: 4, rowShift: 1, indices: [0], rowMin: 0, rowMax: 63, needMin: 0, needMax: 10 }, 65_536);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const mapping = { scale: 'linear' as const, contrast: 1, cutoff: 1 };
    for (const rowShift of [0, 1, 2]) {
      const scene = tileScene(cache, { level: 4, rowShift, indices: [0], rowMin: 0, rowMax: 63, needMin: 0, needMax: 10 }, () => mapping, paletteTable());
      expect(scene.bestRange(0, 65_535), `band ${rowShift}`).toEqual({ low: 95, high: 108 });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { compactSize, intensity, legendTicks, paintCells, paletteColour, paletteTable, robustCeiling, sizeAtIntensity } from '../../../renderer/src/views/replay/heatmap/heatmap-scale.ts';

describe('the colour scale', () => {
  it('tops out at a high quantile of the non-empty cells, not their maximum', () => {
    // 100 non-empty cells 1…100 among zeros: the 98th percentile is the value at index round(0.98 · 99) = 97.
    const cells = [0, 0, ...Array.from({ length: 100 }, (_, i) => i + 1), 0];
    expect(robustCeiling(cells)).toBe(98);
    // One huge level does not move it.
    expect(robustCeiling(cells.map((v) => (v === 100 ? 1e9 : v)))).toBe(98);
    expect(robustCeiling([0, 0, 0])).toBe(0);
    expect(robustCeiling([5])).toBe(5);
  });

  it('reads every cell when there are many (sampling keeps the quantile)', () => {
    const cells = Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? 0 : (i % 1000) + 1));
    // Non-empty values are 2, 4, … 1000 evenly: the 98th percentile is about 980.
    expect(Math.abs(robustCeiling(cells) - 980)).toBeLessThanOrEqual(4);
  });

  it('maps size to intensity linearly', () => {
    expect(intensity(5, 10, 'linear')).toBe(0.5);
    expect(intensity(10, 10, 'linear')).toBe(1);
    expect(intensity(50, 10, 'linear')).toBe(1);
    expect(intensity(0, 10, 'linear')).toBe(0);
    expect(intensity(5, 0, 'linear')).toBe(0);
    expect(intensity(Number.NaN, 10, 'linear')).toBe(0);
  });

  it('maps size to intensity over two decades on the log scale', () => {
    // log10(1 + 99 · 0.5) / 2 = log10(50.5) / 2
    expect(intensity(5, 10, 'log')).toBeCloseTo(0.85165, 4);
    // A tenth of the ceiling: log10(10.9) / 2; a hundredth: log10(1.99) / 2
    expect(intensity(1, 10, 'log')).toBeCloseTo(0.51871, 4);
    expect(intensity(0.1, 10, 'log')).toBeCloseTo(0.14943, 4);
    expect(intensity(10, 10, 'log')).toBe(1);
    expect(intensity(1e6, 10, 'log')).toBe(1);
    expect(intensity(0, 10, 'log')).toBe(0);
  });

  it('inverts intensity for the legend', () => {
    expect(sizeAtIntensity(0.5, 10, 'linear')).toBe(5);
    // Half way up two decades is one decade: (10 − 1) / 99 of the ceiling.
    expect(sizeAtIntensity(0.5, 99, 'log')).toBeCloseTo(9, 9);
    expect(legendTicks(99, 'log').map((tick) => Math.round(tick.size))).toEqual([0, 9, 99]);
    expect(legendTicks(30, 'linear').map((tick) => tick.size)).toEqual([0, 15, 30]);
  });

  it('interpolates the palette between its stops', () => {
    expect(paletteColour(0)).toEqual([11, 14, 19]);
    expect(paletteColour(1)).toEqual([255, 255, 255]);
    // Between 0.45 [20,120,170] and 0.72 [90,205,215]: mix (128/255 − 0.45) / 0.27 ≈ 0.19245.
    expect(paletteColour(128 / 255)).toEqual([33, 136, 179]);
  });

  it('paints cells as RGBA pixels from the palette', () => {
    const palette = paletteTable();
    const out = new Uint8ClampedArray(3 * 4);
    paintCells([0, 10, 5], 10, 'linear', palette, out);
    expect([...out]).toEqual([11, 14, 19, 255, 255, 255, 255, 255, 33, 136, 179, 255]);
  });

  it('paints each cell the palette entry of its intensity, on both scales', () => {
    const palette = paletteTable();
    const cells = [0, 0.001, 0.2, 1, 3.3, 7, 9.99, 10, 25, Number.NaN];
    for (const scale of ['linear', 'log'] as const) {
      const out = new Uint8ClampedArray(cells.length * 4);
      paintCells(cells, 10, scale, palette, out);
      cells.forEach((size, i) => {
        const entry = Math.round(intensity(size, 10, scale) * 255) * 4;
        expect([...out.subarray(i * 4, i * 4 + 4)]).toEqual([...palette.subarray(entry, entry + 4)]);
      });
    }
    // With nothing resting, every cell is the empty colour.
    const out = new Uint8ClampedArray(8);
    paintCells([0, 0], 0, 'linear', palette, out);
    expect([...out]).toEqual([11, 14, 19, 255, 11, 14, 19, 255]);
  });

  it('writes sizes compactly', () => {
    expect([0, 0.25, 0.0012, 12.5, 150.4, 12_345, 3_400_000].map(compactSize)).toEqual(['0', '0.25', '0.0012', '12.5', '150', '12.3k', '3.4M']);
  });
});

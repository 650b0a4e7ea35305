import { describe, expect, it } from 'vitest';
import { compactSize, paletteColour, paletteTable } from '../../../renderer/src/views/replay/heatmap/heatmap-scale.ts';

describe('the heatmap palette', () => {
  it('interpolates the palette between its stops', () => {
    expect(paletteColour(0)).toEqual([11, 14, 19]);
    expect(paletteColour(1)).toEqual([255, 255, 255]);
    // Between 0.45 [20,120,170] and 0.72 [90,205,215]: mix (128/255 − 0.45) / 0.27 ≈ 0.19245.
    expect(paletteColour(128 / 255)).toEqual([33, 136, 179]);
  });

  it('tabulates the palette as opaque RGBA entries', () => {
    const table = paletteTable();
    expect(table.length).toBe(256 * 4);
    expect([...table.subarray(0, 4)]).toEqual([11, 14, 19, 255]);
    expect([...table.subarray(128 * 4, 129 * 4)]).toEqual([33, 136, 179, 255]);
    expect([...table.subarray(255 * 4)]).toEqual([255, 255, 255, 255]);
  });

  it('writes sizes compactly', () => {
    expect([0, 0.25, 0.0012, 12.5, 150.4, 12_345, 3_400_000].map(compactSize)).toEqual(['0', '0.25', '0.0012', '12.5', '150', '12.3k', '3.4M']);
  });
});

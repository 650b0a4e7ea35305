import { logDecades, paletteSize, type IntensityScale } from './heatmap-scale.ts';

// Colours one heatmap tile: each cell's time-weighted resting size becomes an intensity against
// the upper cutoff (linear, or log over `logDecades` decades), bent by the contrast (intensity to
// the power of the contrast: above 1 only large levels stay bright, below 1 faint ones show),
// then a palette colour. Sizes past the cutoff saturate.

/** How sizes become colours. */
export interface IntensityMapping {
  scale: IntensityScale;
  /** Size at which the colour saturates. */
  cutoff: number;
  /** Exponent on the intensity (1 leaves it as it is). */
  contrast: number;
}

/** The intensity (0…1) of a size under a mapping. */
export function mappedIntensity(size: number, mapping: IntensityMapping): number {
  if (!(size > 0) || !(mapping.cutoff > 0)) return 0;
  const share = size / mapping.cutoff;
  const linear = mapping.scale === 'linear' ? share : Math.log10(1 + (10 ** logDecades - 1) * share) / logDecades;
  return Math.min(1, linear) ** mapping.contrast;
}

/** The size at which a mapping reaches intensity `level` (the inverse of `mappedIntensity`), for the legend. */
export function sizeAtMappedIntensity(level: number, mapping: IntensityMapping): number {
  const linear = Math.max(0, level) ** (1 / mapping.contrast);
  if (mapping.scale === 'linear') return linear * mapping.cutoff;
  return ((10 ** (linear * logDecades) - 1) / (10 ** logDecades - 1)) * mapping.cutoff;
}

/**
 * Writes a tile's cells as RGBA pixels, `columns` wide and `rows` tall, highest price at the top:
 * pixel (x = column, y = rows − 1 − row) from `values[column * rows + row]`. Empty cells are
 * transparent, so whatever lies under the tile shows through.
 */
export function rasterTile(values: Float32Array, columns: number, rows: number, mapping: IntensityMapping, palette: Uint8ClampedArray, out: Uint8ClampedArray): void {
  const colours = new Uint32Array(palette.buffer, palette.byteOffset, paletteSize);
  const pixels = new Uint32Array(out.buffer, out.byteOffset, columns * rows);
  pixels.fill(0);
  const top = paletteSize - 1;
  // A lookup of 4096 intensities spares a log and a power per cell.
  const steps = 4096;
  const table = new Uint32Array(steps + 1);
  for (let i = 0; i <= steps; i++) table[i] = colours[Math.round(mappedIntensity((i / steps) * mapping.cutoff, mapping) * top)] ?? 0;
  if (!(mapping.cutoff > 0)) return;
  const perSize = steps / mapping.cutoff;
  for (let c = 0; c < columns; c++) {
    const base = c * rows;
    for (let r = 0; r < rows; r++) {
      const size = values[base + r] ?? 0;
      if (!(size > 0)) continue;
      const at = size * perSize;
      pixels[(rows - 1 - r) * columns + c] = table[at >= steps ? steps : Math.max(1, Math.round(at))] ?? 0;
    }
  }
}

/**
 * A robust top of the sizes in some tiles: quantile `q` of their non-empty cells (sampled evenly
 * when there are many), 0 when all are empty. The default cutoff is this.
 */
export function robustTop(tiles: readonly Float32Array[], q = 0.98, samples = 20_000): number {
  let filled = 0;
  for (const values of tiles) for (let i = 0; i < values.length; i++) if ((values[i] ?? 0) > 0) filled++;
  if (filled === 0) return 0;
  const stride = Math.max(1, Math.ceil(filled / samples));
  const picked: number[] = [];
  let seen = 0;
  for (const values of tiles) {
    for (let i = 0; i < values.length; i++) {
      const value = values[i] ?? 0;
      if (!(value > 0)) continue;
      if (seen % stride === 0) picked.push(value);
      seen++;
    }
  }
  picked.sort((a, b) => a - b);
  return picked[Math.min(picked.length - 1, Math.round(q * (picked.length - 1)))] ?? 0;
}

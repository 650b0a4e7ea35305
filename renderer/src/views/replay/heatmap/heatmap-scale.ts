// The heatmap's colour scale: resting size → intensity (0…1, linear or log) → a colour from a
// dark-to-hot palette. The scale's top is a high quantile of the visible cells, not their
// maximum, so one huge level does not wash the rest of the book out; larger cells saturate.

/** How size maps to intensity. */
export type IntensityScale = 'linear' | 'log';

/** Decades of size the log scale spans below its ceiling (below that reads as empty). */
export const logDecades = 2;

/** The quantile of non-empty cells that tops the scale. */
export const ceilingQuantile = 0.98;

/** Non-empty cells `robustCeiling` reads at most (evenly spaced), to bound its sort. */
const ceilingSamples = 40_000;

/**
 * The size that tops the scale: quantile `q` of the non-empty cells (read evenly when there are
 * many), 0 when every cell is empty.
 */
export function robustCeiling(cells: ArrayLike<number>, q = ceilingQuantile): number {
  let filled = 0;
  for (let i = 0; i < cells.length; i++) if ((cells[i] ?? 0) > 0) filled++;
  if (filled === 0) return 0;
  const stride = Math.max(1, Math.ceil(filled / ceilingSamples));
  const values = new Float64Array(Math.ceil(filled / stride));
  let seen = 0;
  let taken = 0;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i] ?? 0;
    if (value > 0) {
      if (seen % stride === 0) values[taken++] = value;
      seen++;
    }
  }
  const sorted = values.subarray(0, taken).sort();
  return sorted[Math.min(taken - 1, Math.round(q * (taken - 1)))] ?? 0;
}

/**
 * The intensity of a size against the ceiling, in [0, 1]: linear `v / ceiling`, or log
 * `log10(1 + (10^decades − 1)·v / ceiling) / decades` (0 at 0, 1 at the ceiling, one decade
 * of size per 1/decades of intensity). Sizes past the ceiling saturate at 1.
 */
export function intensity(size: number, ceiling: number, scale: IntensityScale): number {
  if (!(size > 0) || !(ceiling > 0)) return 0;
  const share = size / ceiling;
  const value = scale === 'linear' ? share : Math.log10(1 + (10 ** logDecades - 1) * share) / logDecades;
  return Math.min(1, value);
}

/** The size at which the scale reaches intensity `level` (the inverse of `intensity`). */
export function sizeAtIntensity(level: number, ceiling: number, scale: IntensityScale): number {
  if (scale === 'linear') return level * ceiling;
  return ((10 ** (level * logDecades) - 1) / (10 ** logDecades - 1)) * ceiling;
}

/** Colour stops of the palette at intensities 0…1: the panel's dark, deep blue, cyan, pale yellow, white. */
export const paletteStops: readonly { at: number; rgb: readonly [number, number, number] }[] = [
  { at: 0, rgb: [11, 14, 19] },
  { at: 0.18, rgb: [18, 38, 92] },
  { at: 0.45, rgb: [20, 120, 170] },
  { at: 0.72, rgb: [90, 205, 215] },
  { at: 0.9, rgb: [240, 232, 150] },
  { at: 1, rgb: [255, 255, 255] },
];

/** Entries in the palette lookup table. */
export const paletteSize = 256;

/** The palette as RGBA bytes, `paletteSize` entries, interpolated between `paletteStops`. */
export function paletteTable(): Uint8ClampedArray {
  const table = new Uint8ClampedArray(paletteSize * 4);
  for (let i = 0; i < paletteSize; i++) {
    const [r, g, b] = paletteColour(i / (paletteSize - 1));
    table.set([r, g, b, 255], i * 4);
  }
  return table;
}

/** The palette's colour at intensity x (0…1). */
export function paletteColour(x: number): [number, number, number] {
  let below = paletteStops[0];
  if (below === undefined) return [0, 0, 0];
  for (const stop of paletteStops) {
    if (stop.at >= x) {
      const span = stop.at - below.at;
      const mix = span > 0 ? Math.max(0, (x - below.at) / span) : 0;
      const from = below.rgb;
      const channel = (k: 0 | 1 | 2): number => Math.round(from[k] + (stop.rgb[k] - from[k]) * mix);
      return [channel(0), channel(1), channel(2)];
    }
    below = stop;
  }
  return [below.rgb[0], below.rgb[1], below.rgb[2]];
}

/**
 * Writes the cells as RGBA pixels into `out` (4 bytes per cell, same order, ready for
 * `ImageData`), each the palette entry of its intensity (written as whole 32-bit pixels).
 */
export function paintCells(cells: ArrayLike<number>, ceiling: number, scale: IntensityScale, palette: Uint8ClampedArray, out: Uint8ClampedArray): void {
  const top = paletteSize - 1;
  const colours = new Uint32Array(palette.buffer, palette.byteOffset, paletteSize);
  const pixels = new Uint32Array(out.buffer, out.byteOffset, Math.min(cells.length, out.length >> 2));
  const empty = colours[0] ?? 0;
  if (!(ceiling > 0)) {
    pixels.fill(empty);
    return;
  }
  const linear = top / ceiling;
  const stretch = (10 ** logDecades - 1) / ceiling;
  for (let i = 0; i < pixels.length; i++) {
    const size = cells[i] ?? 0;
    if (!(size > 0)) {
      pixels[i] = empty;
      continue;
    }
    const level = scale === 'linear' ? size * linear : (Math.log10(1 + stretch * size) / logDecades) * top;
    pixels[i] = colours[level >= top ? top : Math.round(level)] ?? empty;
  }
}

/** A size in few characters for the legend and readouts: 0.25, 12.5, 1.2k, 3.4M. */
export function compactSize(size: number): string {
  if (!Number.isFinite(size)) return '—';
  const magnitude = Math.abs(size);
  if (magnitude >= 1e9) return `${trim((size / 1e9).toFixed(1))}B`;
  if (magnitude >= 1e6) return `${trim((size / 1e6).toFixed(1))}M`;
  if (magnitude >= 1e4) return `${trim((size / 1e3).toFixed(1))}k`;
  if (magnitude >= 100) return size.toFixed(0);
  if (magnitude >= 1) return trim(size.toFixed(2));
  if (magnitude === 0) return '0';
  return trim(size.toPrecision(2));
}

function trim(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Sizes the legend labels, at intensities 0, ½ and 1 of the scale. */
export function legendTicks(ceiling: number, scale: IntensityScale): { at: number; size: number }[] {
  return [0, 0.5, 1].map((at) => ({ at, size: sizeAtIntensity(at, ceiling, scale) }));
}

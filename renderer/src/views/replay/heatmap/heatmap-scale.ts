// The heatmap's palette (intensity 0…1 → a colour from dark to hot) and the scale's shared words:
// linear or log, the log scale's decades, and sizes written compactly. How a size becomes an
// intensity (cutoff, contrast) is `tile-raster.ts`.

/** How size maps to intensity. */
export type IntensityScale = 'linear' | 'log';

/** Decades of size the log scale spans below its ceiling (below that reads as empty). */
export const logDecades = 2;

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

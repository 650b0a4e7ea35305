import { bestsPerColumn, maxTileLevel, tileSpanOf } from '../../../../../shared/book/replay/liquidity-tiles.ts';
import type { BestColumn, DrawnTile } from './heatmap-paint.ts';
import type { CachedTile, TileCache } from './tile-cache.ts';
import type { TilePlan } from './tile-plan.ts';
import { rasterTile, robustTop, type IntensityMapping } from './tile-raster.ts';

// Turns the tiles a plan needs into what the painter draws: each tile's image (drawn once per
// colour mapping and kept on the tile), stand-ins from another row band or a coarser level where
// the right tile is still loading, the best prices per bucket for the lines, and a lookup of the
// resting size under the pointer.

/** What one paint takes from the tiles. */
export interface TileScene {
  /** The colour mapping the images were drawn with. */
  mapping: IntensityMapping;
  tiles: DrawnTile[];
  bests: BestColumn[];
  /** The right tiles (not stand-ins) in view, for the intensity's robust top. */
  exact: CachedTile[];
  /** Tiles the plan needs that are not loaded yet. */
  missing: number;
  restingAt: (time: number, price: number) => number | null;
  /** Lowest best bid and highest best ask over the buckets in [from, until] (the plan level's tiles, whatever their rows), NaN when none. */
  bestRange: (from: number, until: number) => { low: number; high: number };
}

/** Makes a canvas of a size (a DOM canvas in the page; injectable for tests). */
export type CanvasFactory = (width: number, height: number) => HTMLCanvasElement;

/** A DOM canvas of the given size. */
export const domCanvas: CanvasFactory = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
};

/** The key of a colour mapping, so an image drawn with another one is redrawn. */
export function mappingKey(mapping: IntensityMapping): string {
  return `${mapping.scale}:${mapping.contrast}:${mapping.cutoff}`;
}

function imageOf(tile: CachedTile, mapping: IntensityMapping, palette: Uint8ClampedArray, makeCanvas: CanvasFactory): CanvasImageSource | null {
  if (tile.rows === 0) return null;
  const key = mappingKey(mapping);
  if (tile.image?.key === key) return tile.image.canvas;
  const columns = tile.values.length / Math.max(1, tile.rows);
  const canvas = tile.image === null ? makeCanvas(columns, tile.rows) : tile.image.canvas;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return null;
  const image = ctx.createImageData(columns, tile.rows);
  rasterTile(tile.values, columns, tile.rows, mapping, palette, image.data);
  ctx.putImageData(image, 0, 0);
  tile.image = { key, canvas };
  return canvas;
}

function drawn(tile: CachedTile, image: CanvasImageSource): DrawnTile {
  return { image, t0: tile.t0, span: tileSpanOf(tile.level), columns: tile.values.length / Math.max(1, tile.rows), rows: tile.rows, rowBase: tile.rowBase, rowShift: tile.rowShift, priceStep: tile.priceStep };
}

/** A stand-in for a tile still loading: the same tile in another band, else the tile of a coarser level that holds its time. */
function standIn(cache: TileCache, level: number, index: number): CachedTile | undefined {
  const same = cache.anyTile(level, index);
  if (same !== undefined) return same;
  const t = index * tileSpanOf(level);
  for (let coarser = level + 1; coarser <= Math.min(maxTileLevel, level + 4); coarser++) {
    const found = cache.anyTile(coarser, Math.floor(t / tileSpanOf(coarser)));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The robust top of the tiles in view (see `robustTop`): what the default upper cutoff is. */
export function tilesTop(tiles: readonly CachedTile[]): number {
  return robustTop(tiles.map((tile) => tile.values));
}

/**
 * What a paint draws from the loaded tiles of a plan. `mappingFor` gets the right tiles in view
 * (it may read their sizes for the default cutoff) and answers the colour mapping the images are
 * drawn with.
 */
export function tileScene(cache: TileCache, plan: TilePlan, mappingFor: (exact: readonly CachedTile[]) => IntensityMapping, palette: Uint8ClampedArray, makeCanvas: CanvasFactory = domCanvas): TileScene {
  const exact: CachedTile[] = [];
  const standIns: CachedTile[] = [];
  // The plan level's most complete tile of each index in any row band: their bests (the touch) do
  // not depend on the rows, so the price range fitted to them does not depend on the price window
  // it sets, nor on which band's tiles happen to be loaded (no feedback).
  const touch: CachedTile[] = [];
  let missing = 0;
  for (const index of plan.indices) {
    const tile = cache.tile(plan.level, index, plan.rowShift, plan.needMin, plan.needMax);
    if (tile !== undefined) exact.push(tile);
    else {
      missing++;
      const other = standIn(cache, plan.level, index);
      if (other !== undefined && !standIns.includes(other)) standIns.push(other);
    }
    const touching = cache.touchTile(plan.level, index);
    if (touching !== undefined) touch.push(touching);
  }
  const mapping = mappingFor(exact);
  const tiles: DrawnTile[] = [];
  for (const tile of [...standIns, ...exact]) {
    const image = imageOf(tile, mapping, palette, makeCanvas);
    if (image !== null) tiles.push(drawn(tile, image));
  }
  const bests: BestColumn[] = [];
  for (const tile of [...standIns, ...exact].sort((a, b) => a.t0 - b.t0 || b.bucketMs - a.bucketMs)) {
    const columns = tile.bests.length / bestsPerColumn;
    for (let c = 0; c < columns; c++) {
      const t0 = tile.t0 + c * tile.bucketMs;
      bests.push({ t0, t1: t0 + tile.bucketMs, bid: tile.bests[c * bestsPerColumn] ?? Number.NaN, ask: tile.bests[c * bestsPerColumn + 1] ?? Number.NaN });
    }
  }
  // Stand-ins of coarser levels overlap the right tiles' buckets: the finer buckets win.
  bests.sort((a, b) => a.t0 - b.t0 || a.t1 - b.t1);
  const kept: BestColumn[] = [];
  for (const column of bests) {
    const last = kept[kept.length - 1];
    if (last !== undefined && column.t0 < last.t1) continue;
    kept.push(column);
  }
  const restingAt = (time: number, price: number): number | null => {
    for (const tile of exact) {
      const c = Math.floor((time - tile.t0) / tile.bucketMs);
      if (c < 0 || tile.rows === 0 || c >= tile.values.length / tile.rows) continue;
      const band = Math.floor((price / tile.priceStep + 0.5) / 2 ** tile.rowShift) - tile.rowBase;
      if (band < 0 || band >= tile.rows) return 0;
      return tile.values[c * tile.rows + band] ?? 0;
    }
    return null;
  };
  const bestRange = (from: number, until: number): { low: number; high: number } => {
    let low = Number.NaN;
    let high = Number.NaN;
    for (const tile of touch) {
      const columns = tile.bests.length / bestsPerColumn;
      for (let c = 0; c < columns; c++) {
        const t0 = tile.t0 + c * tile.bucketMs;
        if (t0 + tile.bucketMs <= from || t0 > until) continue;
        const bid = tile.bests[c * bestsPerColumn + 2] ?? Number.NaN;
        const ask = tile.bests[c * bestsPerColumn + 3] ?? Number.NaN;
        if (!Number.isNaN(bid) && !(bid >= low)) low = bid;
        if (!Number.isNaN(ask) && !(ask <= high)) high = ask;
      }
    }
    return { low, high };
  };
  return { mapping, tiles, bests: kept, exact, missing, restingAt, bestRange };
}

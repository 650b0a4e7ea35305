import { tileColumns, tileSpanOf } from '../../../../../shared/book/replay/liquidity-tiles.ts';
import type { BookTile } from '../../../../../shared/contract/book-session-schemas.ts';
import type { TilePlan } from './tile-plan.ts';

// The heatmap tiles the view has fetched, by level, index and row band, each with the rows it was
// asked for. A tile still filling (its data ends before the tile does) is fetched again once the
// replay has read past it. Bounded by bytes: the least recently drawn go first.

/** How tiles are asked for (the contract in the app; an in-page pyramid in the harness). */
export interface TileFetcher {
  tiles(input: { level: number; indices: number[]; rowShift: number; rowMin: number; rowMax: number }): Promise<BookTile[]>;
}

/** One fetched tile, decoded. */
export interface CachedTile {
  level: number;
  index: number;
  rowShift: number;
  t0: number;
  bucketMs: number;
  priceStep: number;
  rowBase: number;
  rows: number;
  filledUntil: number;
  values: Float32Array;
  bests: Float64Array;
  /** The rows that were asked for (a tile with no data there holds fewer). */
  rowMin: number;
  rowMax: number;
  /** The drawn image, keyed by the colour mapping it was drawn with. */
  image: { key: string; canvas: HTMLCanvasElement } | null;
  /** When it arrived (the cache's own clock), for refetching a filling tile at most so often. */
  fetchedAt: number;
}

function keyOf(level: number, index: number, rowShift: number): string {
  return `${level}:${index}:${rowShift}`;
}

function decode(tile: BookTile, rowMin: number, rowMax: number, now: number): CachedTile {
  return {
    level: tile.level,
    index: tile.index,
    rowShift: tile.rowShift,
    t0: tile.t0,
    bucketMs: tile.bucketMs,
    priceStep: tile.priceStep,
    rowBase: tile.rowBase,
    rows: tile.rows,
    filledUntil: tile.filledUntil,
    values: new Float32Array(tile.values),
    bests: new Float64Array(tile.bests),
    rowMin,
    rowMax,
    image: null,
    fetchedAt: now,
  };
}

/** Bytes a cached tile holds (its values, bests and image). */
function bytesOf(tile: CachedTile): number {
  return tile.values.byteLength + tile.bests.byteLength + tile.rows * tileColumns * 4;
}

/** A filling tile is asked for again at most this often, ms. */
const refetchMs = 400;

/**
 * The fetched tiles of one book of one replay. `need(plan, readUntil)` asks main for what the
 * plan lacks (one request in flight at a time); `tile()` answers what is loaded; listeners hear
 * when tiles arrive.
 */
export class TileCache {
  readonly #fetch: TileFetcher;
  readonly #now: () => number;
  readonly #tiles = new Map<string, CachedTile>();
  /** When each tile was last asked for, so one that does not come (no data there) is not asked for again at once. */
  readonly #asked = new Map<string, number>();
  readonly #maxBytes: number;
  #bytes = 0;
  #inFlight = false;
  #version = 0;
  #closed = false;
  readonly #listeners = new Set<() => void>();

  constructor(fetcher: TileFetcher, options: { maxBytes?: number; now?: () => number } = {}) {
    this.#fetch = fetcher;
    this.#maxBytes = options.maxBytes ?? 96 * 2 ** 20;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Bumps whenever tiles arrive. */
  get version(): number {
    return this.#version;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether a request is on its way. */
  get loading(): boolean {
    return this.#inFlight;
  }

  /** Listens for arriving tiles; answers the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops listening to answers in flight and drops everything. */
  close(): void {
    this.#closed = true;
    this.#listeners.clear();
    this.#tiles.clear();
    this.#bytes = 0;
  }

  /** The loaded tile that holds rows [needMin, needMax] of a level, index and row band; undefined when not loaded. */
  tile(level: number, index: number, rowShift: number, needMin: number, needMax: number): CachedTile | undefined {
    const tile = this.#tiles.get(keyOf(level, index, rowShift));
    if (tile === undefined || tile.rowMin > needMin || tile.rowMax < needMax) return undefined;
    // Touch: the most recently drawn last in the map's order.
    this.#tiles.delete(keyOf(level, index, rowShift));
    this.#tiles.set(keyOf(level, index, rowShift), tile);
    return tile;
  }

  /** Any loaded tile of a level and index, whatever its rows and band (for drawing while the right one loads). */
  anyTile(level: number, index: number): CachedTile | undefined {
    for (const tile of this.#tiles.values()) if (tile.level === level && tile.index === index) return tile;
    return undefined;
  }

  /**
   * The tile of a level and index whose best prices are the most complete, whatever its row band
   * (bests do not depend on rows): the one filled furthest, then the latest to arrive. What the
   * prices are fitted to, so which band the window asks for never changes the fit.
   */
  touchTile(level: number, index: number): CachedTile | undefined {
    let best: CachedTile | undefined;
    for (const tile of this.#tiles.values()) {
      if (tile.level !== level || tile.index !== index) continue;
      if (best === undefined || tile.filledUntil > best.filledUntil || (tile.filledUntil === best.filledUntil && tile.fetchedAt > best.fetchedAt)) best = tile;
    }
    return best;
  }

  /**
   * Asks for the tiles of `plan` that are missing, or still filling while the replay has read
   * past what they hold (`readUntil`, the book's last replay clock).
   */
  need(plan: TilePlan, readUntil: number): void {
    if (this.#inFlight || this.#closed || plan.indices.length === 0) return;
    const now = this.#now();
    const wanted: number[] = [];
    for (const index of plan.indices) {
      const key = keyOf(plan.level, index, plan.rowShift);
      if (now - (this.#asked.get(key) ?? Number.NEGATIVE_INFINITY) < refetchMs) continue;
      const tile = this.tile(plan.level, index, plan.rowShift, plan.needMin, plan.needMax);
      const end = (index + 1) * tileSpanOf(plan.level);
      const filling = tile !== undefined && tile.filledUntil < end && readUntil > tile.filledUntil && now - tile.fetchedAt >= refetchMs;
      if (tile === undefined || filling) wanted.push(index);
    }
    if (wanted.length === 0) return;
    for (const index of wanted.slice(0, 64)) this.#asked.set(keyOf(plan.level, index, plan.rowShift), now);
    if (this.#asked.size > 4096) this.#asked.clear();
    this.#inFlight = true;
    const { level, rowShift, rowMin, rowMax } = plan;
    this.#fetch
      .tiles({ level, indices: wanted.slice(0, 64), rowShift, rowMin, rowMax })
      .then((tiles) => {
        if (this.#closed) return;
        const arrived = this.#now();
        for (const tile of tiles) this.#store(decode(tile, rowMin, rowMax, arrived));
      })
      .catch(() => {
        // A released replay or a lost connection: the view shows its own state for those.
      })
      .finally(() => {
        this.#inFlight = false;
        if (this.#closed) return;
        this.#version++;
        for (const listener of this.#listeners) listener();
      });
  }

  #store(tile: CachedTile): void {
    const key = keyOf(tile.level, tile.index, tile.rowShift);
    const old = this.#tiles.get(key);
    if (old !== undefined) {
      this.#bytes -= bytesOf(old);
      this.#tiles.delete(key);
    }
    this.#tiles.set(key, tile);
    this.#bytes += bytesOf(tile);
    for (const [oldKey, oldTile] of this.#tiles) {
      if (this.#bytes <= this.#maxBytes || oldKey === key) break;
      this.#tiles.delete(oldKey);
      this.#bytes -= bytesOf(oldTile);
    }
  }
}

// The liquidity heatmap's data: resting size over time and price as a pyramid of tiles. Level L
// cuts time into buckets of 4^L ms; a tile is `tileColumns` consecutive buckets of one level.
// A column holds, per price row (one row per price step, a row index is round(price / step)),
// the time-weighted mean resting size over its bucket: Σ size × ms it stood / bucket ms. The
// builder is fed the top of the book after each event in clock order; it adds the standing book
// to the finest level it keeps and folds each finished column into the next coarser level, so
// the whole pyramid costs one pass over the events. Finished columns are kept compact (Float32
// over the rows they touch). Pure: no I/O, no clock.

/** Buckets per tile. */
export const tileColumns = 256;

/** The coarsest level (bucket 4^11 ms ≈ 70 min, tile ≈ 12 days). */
export const maxTileLevel = 11;

/** Bucket width of a level, ms. */
export function bucketMsOf(level: number): number {
  return 4 ** level;
}

/** Time one tile of a level spans, ms. */
export function tileSpanOf(level: number): number {
  return tileColumns * 4 ** level;
}

/** The tile of a level that holds time t. */
export function tileIndexAt(level: number, t: number): number {
  return Math.floor(t / tileSpanOf(level));
}

/** A tile as it crosses to the view: dense over the rows asked for, column by column. */
export interface TilePayload {
  level: number;
  index: number;
  /** Rows are 2^rowShift price steps tall (summed). */
  rowShift: number;
  /** Left edge of column 0, Unix ms. */
  t0: number;
  bucketMs: number;
  /** Price of one row-0 step (the book's price step × 2^rowShift is a row's height). */
  priceStep: number;
  /** Row index (in rows of this payload) of row 0, the lowest price row. */
  rowBase: number;
  rows: number;
  /** Data is accounted up to this replay clock (the tile's end once finished). */
  filledUntil: number;
  /** Time-weighted mean size, column-major: `values[col * rows + row]`, row 0 lowest price. */
  values: Float32Array;
  /**
   * Per column, 4 values: best bid at the column's end, best ask at its end, lowest best bid and
   * highest best ask during it; NaN where no book stood.
   */
  bests: Float64Array;
}

/** Values per column in `TilePayload.bests`. */
export const bestsPerColumn = 4;

/** A finished column: mean sizes over rows [lo, lo + values.length). */
interface CompactColumn {
  lo: number;
  values: Float32Array;
}

/** A column being summed: Σ size × ms over rows [lo, lo + length). */
class OpenColumn {
  lo = 0;
  length = 0;
  sums = new Float64Array(64);

  add(row: number, value: number): void {
    if (this.length === 0) {
      this.lo = row;
      this.length = 1;
      this.sums[0] = value;
      return;
    }
    if (row < this.lo) this.#extendDown(this.lo - row);
    else if (row >= this.lo + this.length) this.#extendUp(row - this.lo - this.length + 1);
    const at = row - this.lo;
    this.sums[at] = (this.sums[at] ?? 0) + value;
  }

  /** Adds a finished column's sums (mean × its bucket ms). */
  addColumn(column: CompactColumn, weight: number): void {
    const values = column.values;
    for (let i = 0; i < values.length; i++) {
      const value = values[i] ?? 0;
      if (value !== 0) this.add(column.lo + i, value * weight);
    }
  }

  /** The column's means over `bucketMs`, trimmed of empty rows at both ends; null when empty. */
  compact(bucketMs: number): CompactColumn | null {
    let first = 0;
    let last = this.length - 1;
    while (first <= last && (this.sums[first] ?? 0) === 0) first++;
    while (last >= first && (this.sums[last] ?? 0) === 0) last--;
    if (first > last) return null;
    const values = new Float32Array(last - first + 1);
    for (let i = first; i <= last; i++) values[i - first] = (this.sums[i] ?? 0) / bucketMs;
    return { lo: this.lo + first, values };
  }

  clear(): void {
    this.sums.fill(0, 0, this.length);
    this.length = 0;
  }

  #extendDown(by: number): void {
    this.#ensure(this.length + by);
    this.sums.copyWithin(by, 0, this.length);
    this.sums.fill(0, 0, by);
    this.lo -= by;
    this.length += by;
  }

  #extendUp(by: number): void {
    this.#ensure(this.length + by);
    this.sums.fill(0, this.length, this.length + by);
    this.length += by;
  }

  #ensure(capacity: number): void {
    if (capacity <= this.sums.length) return;
    const grown = new Float64Array(Math.max(capacity, this.sums.length * 2));
    grown.set(this.sums.subarray(0, this.length));
    this.sums = grown;
  }
}

/** The bests of one column while it is open. */
interface OpenBests {
  bidEnd: number;
  askEnd: number;
  bidLow: number;
  askHigh: number;
  /** Some time passed in the column (a book stood, or none did): its ends say something. */
  seen: boolean;
}

function freshBests(): OpenBests {
  return { bidEnd: Number.NaN, askEnd: Number.NaN, bidLow: Number.NaN, askHigh: Number.NaN, seen: false };
}

/** One finished or filling tile of a level. */
interface Tile {
  columns: (CompactColumn | null)[];
  bests: Float64Array;
}

function newTile(): Tile {
  return { columns: new Array<CompactColumn | null>(tileColumns).fill(null), bests: new Float64Array(tileColumns * bestsPerColumn).fill(Number.NaN) };
}

/** One level of the pyramid: its finished tiles and its open column. */
class PyramidLevel {
  readonly bucketMs: number;
  readonly tiles = new Map<number, Tile>();
  /** Bucket index of the open column; null before the first value. */
  openBucket: number | null = null;
  readonly open = new OpenColumn();
  openBests = freshBests();

  constructor(readonly level: number) {
    this.bucketMs = bucketMsOf(level);
  }

  tileOf(bucket: number): Tile {
    const index = Math.floor(bucket / tileColumns);
    let tile = this.tiles.get(index);
    if (tile === undefined) {
      tile = newTile();
      this.tiles.set(index, tile);
    }
    return tile;
  }

  bytes(): number {
    let bytes = 0;
    for (const tile of this.tiles.values()) {
      bytes += tile.bests.byteLength;
      for (const column of tile.columns) if (column !== null) bytes += column.values.byteLength + 16;
    }
    return bytes + this.open.sums.byteLength;
  }
}

/** The standing book the builder accumulates between events. */
interface StandingBook {
  prices: Float64Array;
  sizes: Float64Array;
  count: number;
  bestBid: number;
  bestAsk: number;
}

/** Which levels a pyramid builds (inclusive). */
export interface PyramidLevels {
  from: number;
  to: number;
}

/** The levels a replay builds while it reads: 1.024 s buckets and coarser. */
export const ingestLevels: PyramidLevels = { from: 5, to: maxTileLevel };

/**
 * Builds a tile pyramid from successive books. Call `setBook` after each event with the book's
 * top levels at its replay clock (`clearBook` after a reset), in clock order; `tile()` reads
 * any tile at any time, the open parts included.
 */
export class LiquidityPyramid {
  readonly priceStep: number;
  readonly #levels: PyramidLevels;
  readonly #byLevel: PyramidLevel[] = [];
  readonly #book: StandingBook;
  /** Clock up to which the standing book has been added. */
  #clock = Number.NaN;

  /** @param depth levels per side the caller passes at most */
  constructor(priceStep: number, depth: number, levels: PyramidLevels = ingestLevels) {
    if (!(priceStep > 0)) throw new Error('a liquidity pyramid needs a positive price step');
    this.priceStep = priceStep;
    this.#levels = levels;
    for (let level = levels.from; level <= levels.to; level++) this.#byLevel.push(new PyramidLevel(level));
    this.#book = { prices: new Float64Array(2 * depth), sizes: new Float64Array(2 * depth), count: 0, bestBid: Number.NaN, bestAsk: Number.NaN };
  }

  /** Levels built. */
  get levels(): PyramidLevels {
    return this.#levels;
  }

  /** The replay clock accounted so far (NaN before the first book). */
  get clock(): number {
    return this.#clock;
  }

  /**
   * The book after an event at `clock`: the standing book is added up to `clock`, then this one
   * stands. `bidPrices`… hold the top levels best first, NaN past the last.
   */
  setBook(clock: number, bidPrices: ArrayLike<number>, bidSizes: ArrayLike<number>, askPrices: ArrayLike<number>, askSizes: ArrayLike<number>): void {
    this.advance(clock);
    const book = this.#book;
    let count = 0;
    const take = (prices: ArrayLike<number>, sizes: ArrayLike<number>): void => {
      for (let i = 0; i < prices.length && count < book.prices.length; i++) {
        const price = prices[i] ?? Number.NaN;
        const size = sizes[i] ?? Number.NaN;
        if (Number.isNaN(price)) break;
        if (!(size > 0)) continue;
        book.prices[count] = price;
        book.sizes[count] = size;
        count++;
      }
    };
    take(bidPrices, bidSizes);
    take(askPrices, askSizes);
    book.count = count;
    book.bestBid = bidPrices.length > 0 ? (bidPrices[0] ?? Number.NaN) : Number.NaN;
    book.bestAsk = askPrices.length > 0 ? (askPrices[0] ?? Number.NaN) : Number.NaN;
  }

  /** No book stands from `clock` on (a reset), until the next `setBook`. */
  clearBook(clock: number): void {
    this.advance(clock);
    const book = this.#book;
    book.count = 0;
    book.bestBid = Number.NaN;
    book.bestAsk = Number.NaN;
  }

  /** Adds the standing book up to `clock` (a clock earlier than the last is ignored). */
  advance(clock: number): void {
    const from = this.#clock;
    if (Number.isNaN(from)) {
      this.#clock = clock;
      this.#openAt(this.#bucketAt(clock));
      return;
    }
    if (!(clock > from)) return;
    const finest = this.#byLevel[0];
    if (finest === undefined) return;
    const width = finest.bucketMs;
    let t = from;
    const book = this.#book;
    while (t < clock) {
      const bucket = Math.floor(t / width);
      if (bucket !== finest.openBucket) this.#openAt(bucket);
      const end = Math.min(clock, (bucket + 1) * width);
      const dt = end - t;
      if (book.count > 0) {
        const step = this.priceStep;
        for (let i = 0; i < book.count; i++) finest.open.add(Math.round((book.prices[i] ?? 0) / step), (book.sizes[i] ?? 0) * dt);
        noteStanding(finest.openBests, book);
      } else {
        finest.openBests.bidEnd = Number.NaN;
        finest.openBests.askEnd = Number.NaN;
        finest.openBests.seen = true;
        if (end < clock) {
          // Nothing stands: jump straight to the bucket the clock lands in.
          t = Math.floor(clock / width) * width;
          continue;
        }
      }
      t = end;
    }
    this.#clock = clock;
    const bucket = Math.floor(clock / width);
    if (bucket !== finest.openBucket) this.#openAt(bucket);
  }

  /** Finishes every open column (the end of the data). */
  finish(): void {
    for (const level of this.#byLevel) this.#close(level);
  }

  /** Memory held, bytes. */
  bytes(): number {
    return this.#byLevel.reduce((sum, level) => sum + level.bytes(), 0);
  }

  /**
   * One tile as a dense payload, rows summed in bands of 2^rowShift price steps, clipped to rows
   * [rowMin, rowMax] (in rows of that band size) when given; null when the level is not built.
   */
  tile(level: number, index: number, rowShift = 0, rowMin = Number.NEGATIVE_INFINITY, rowMax = Number.POSITIVE_INFINITY): TilePayload | null {
    const at = level - this.#levels.from;
    const built = this.#byLevel[at];
    if (built === undefined || at < 0) return null;
    const stored = built.tiles.get(index);
    const columns: (CompactColumn | null)[] = stored === undefined ? new Array<CompactColumn | null>(tileColumns).fill(null) : [...stored.columns];
    const bests = stored === undefined ? new Float64Array(tileColumns * bestsPerColumn).fill(Number.NaN) : stored.bests.slice();
    // The open column, as it stands now.
    const open = built.openBucket;
    if (open !== null && Math.floor(open / tileColumns) === index) {
      const c = open - index * tileColumns;
      columns[c] = built.open.compact(built.bucketMs);
      // The open column ends with the book standing now.
      const now = { ...built.openBests };
      if (Math.floor(this.#clock / built.bucketMs) === open) {
        if (this.#book.count > 0) noteStanding(now, this.#book);
        else {
          now.bidEnd = Number.NaN;
          now.askEnd = Number.NaN;
        }
      }
      writeBests(bests, c, now);
    }
    const span = tileSpanOf(level);
    const t0 = index * span;
    const filledUntil = Math.min(t0 + span, Number.isNaN(this.#clock) ? t0 : this.#clock);
    return densePayload({ level, index, rowShift, t0, bucketMs: built.bucketMs, priceStep: this.priceStep, filledUntil, columns, bests, rowMin, rowMax });
  }

  /** The indices of the tiles of a level that hold data (finished or open). */
  tileIndices(level: number): number[] {
    const built = this.#byLevel[level - this.#levels.from];
    if (built === undefined) return [];
    const indices = new Set(built.tiles.keys());
    if (built.openBucket !== null) indices.add(Math.floor(built.openBucket / tileColumns));
    return [...indices].sort((a, b) => a - b);
  }

  #bucketAt(clock: number): number {
    return Math.floor(clock / (this.#byLevel[0]?.bucketMs ?? 1));
  }

  /** Moves the finest level's open column to `bucket`, finishing the one before. */
  #openAt(bucket: number): void {
    const finest = this.#byLevel[0];
    if (finest === undefined) return;
    if (finest.openBucket !== null && finest.openBucket !== bucket) this.#close(finest);
    if (finest.openBucket !== bucket) {
      finest.openBucket = bucket;
      finest.openBests = freshBests();
    }
  }

  /** Finishes a level's open column and folds it into the next level. */
  #close(level: PyramidLevel): void {
    const bucket = level.openBucket;
    if (bucket === null) return;
    const column = level.open.compact(level.bucketMs);
    const tile = level.tileOf(bucket);
    const c = bucket - Math.floor(bucket / tileColumns) * tileColumns;
    tile.columns[c] = column;
    writeBests(tile.bests, c, level.openBests);
    const closedBests = level.openBests;
    level.open.clear();
    level.openBucket = null;
    level.openBests = freshBests();
    const next = this.#byLevel[level.level - this.#levels.from + 1];
    if (next === undefined) return;
    const parent = Math.floor(bucket / 4);
    if (next.openBucket !== parent) {
      this.#close(next);
      next.openBucket = parent;
      next.openBests = freshBests();
    }
    if (column !== null) next.open.addColumn(column, level.bucketMs);
    mergeBests(next.openBests, closedBests);
  }
}

/** A book stood for a while in a column: it is the column's end so far, and widens its extremes. */
function noteStanding(bests: OpenBests, book: StandingBook): void {
  bests.seen = true;
  bests.bidEnd = book.bestBid;
  bests.askEnd = book.bestAsk;
  if (!Number.isNaN(book.bestBid) && !(book.bestBid >= bests.bidLow)) bests.bidLow = book.bestBid;
  if (!Number.isNaN(book.bestAsk) && !(book.bestAsk <= bests.askHigh)) bests.askHigh = book.bestAsk;
}

function writeBests(out: Float64Array, column: number, bests: OpenBests): void {
  const at = column * bestsPerColumn;
  out[at] = bests.bidEnd;
  out[at + 1] = bests.askEnd;
  out[at + 2] = bests.bidLow;
  out[at + 3] = bests.askHigh;
}

/** Folds a finished finer column's bests into a coarser open column's (the later column's end wins; extremes widen). */
function mergeBests(into: OpenBests, from: OpenBests): void {
  if (!from.seen) return;
  into.seen = true;
  into.bidEnd = from.bidEnd;
  into.askEnd = from.askEnd;
  if (!Number.isNaN(from.bidLow) && !(from.bidLow >= into.bidLow)) into.bidLow = from.bidLow;
  if (!Number.isNaN(from.askHigh) && !(from.askHigh <= into.askHigh)) into.askHigh = from.askHigh;
}

interface DenseInput {
  level: number;
  index: number;
  rowShift: number;
  t0: number;
  bucketMs: number;
  priceStep: number;
  filledUntil: number;
  columns: readonly (CompactColumn | null)[];
  bests: Float64Array;
  rowMin: number;
  rowMax: number;
}

/** Rows at most one payload holds; a wider tile is cut to the rows asked for, then to this many around their middle. */
export const maxPayloadRows = 4096;

function densePayload(input: DenseInput): TilePayload {
  const shift = 2 ** input.rowShift;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const column of input.columns) {
    if (column === null) continue;
    lo = Math.min(lo, Math.floor(column.lo / shift));
    hi = Math.max(hi, Math.floor((column.lo + column.values.length - 1) / shift));
  }
  lo = Math.max(lo, Math.ceil(input.rowMin));
  hi = Math.min(hi, Math.floor(input.rowMax));
  if (hi - lo + 1 > maxPayloadRows) {
    const middle = Math.floor((lo + hi) / 2);
    lo = middle - maxPayloadRows / 2;
    hi = lo + maxPayloadRows - 1;
  }
  const rows = hi >= lo ? hi - lo + 1 : 0;
  const values = new Float32Array(rows * tileColumns);
  if (rows > 0) {
    for (let c = 0; c < tileColumns; c++) {
      const column = input.columns[c] ?? null;
      if (column === null) continue;
      const base = c * rows;
      const source = column.values;
      for (let i = 0; i < source.length; i++) {
        const value = source[i] ?? 0;
        if (value === 0) continue;
        const row = Math.floor((column.lo + i) / shift) - lo;
        if (row < 0 || row >= rows) continue;
        values[base + row] = (values[base + row] ?? 0) + value;
      }
    }
  }
  return {
    level: input.level,
    index: input.index,
    rowShift: input.rowShift,
    t0: input.t0,
    bucketMs: input.bucketMs,
    priceStep: input.priceStep,
    rowBase: rows > 0 ? lo : 0,
    rows,
    filledUntil: input.filledUntil,
    values,
    bests: input.bests,
  };
}

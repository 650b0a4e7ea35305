import type { FlatLevels } from '../snapshot/records.ts';

/** Which side of a book. */
export type SideName = 'bids' | 'asks';

/** A full-depth copy of one side, best level first: `[price0, size0, price1, size1, ...]`. */
export type SideLevels = Float64Array;

/**
 * One side of a book as two parallel typed arrays sorted by `key = sign × price` ascending, so
 * the best level is last (bids: sign +1, asks: sign −1). Updates cluster near the best price,
 * so keeping it at the end makes the in-place insert or delete move only a few elements;
 * lookup is a binary search. No per-level objects, so no garbage per event.
 */
export class BookSide {
  readonly name: SideName;
  private readonly sign: 1 | -1;
  private keys: Float64Array;
  private sizes: Float64Array;
  private count = 0;

  constructor(name: SideName, capacity = 64) {
    this.name = name;
    this.sign = name === 'bids' ? 1 : -1;
    this.keys = new Float64Array(capacity);
    this.sizes = new Float64Array(capacity);
  }

  /** Number of price levels on this side. */
  get depth(): number {
    return this.count;
  }

  /** Price of the i-th best level (0 = best); NaN past the last level. */
  priceAt(i: number): number {
    return i < this.count ? this.sign * (this.keys[this.count - 1 - i] ?? Number.NaN) : Number.NaN;
  }

  /** Size of the i-th best level (0 = best); NaN past the last level. */
  sizeAt(i: number): number {
    return i < this.count ? (this.sizes[this.count - 1 - i] ?? Number.NaN) : Number.NaN;
  }

  /** Removes every level. */
  clear(): void {
    this.count = 0;
  }

  /** Sets the level at `price` to the absolute `size`; size 0 deletes it. */
  setLevel(price: number, size: number): void {
    const key = this.sign * price;
    const keys = this.keys;
    const count = this.count;
    let lo = 0;
    let hi = count;
    // Most updates touch the best few levels: test the top before bisecting the rest.
    if (count > 8 && (keys[count - 8] ?? 0) <= key) lo = count - 8;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] ?? 0) < key) lo = mid + 1;
      else hi = mid;
    }
    if (lo < count && keys[lo] === key) {
      if (size === 0) {
        this.removeAt(lo, count);
      } else {
        this.sizes[lo] = size;
      }
      return;
    }
    if (size === 0) return;
    if (count === keys.length) this.grow(count * 2);
    this.insertAt(lo, count, key, size);
  }

  /** Opens a slot at `at` and writes the level; short moves by hand, long ones by copyWithin. */
  private insertAt(at: number, count: number, key: number, size: number): void {
    const keys = this.keys;
    const sizes = this.sizes;
    if (count - at > 16) {
      keys.copyWithin(at + 1, at, count);
      sizes.copyWithin(at + 1, at, count);
    } else {
      for (let i = count; i > at; i--) {
        keys[i] = keys[i - 1] ?? 0;
        sizes[i] = sizes[i - 1] ?? 0;
      }
    }
    keys[at] = key;
    sizes[at] = size;
    this.count = count + 1;
  }

  /** Closes the slot at `at`. */
  private removeAt(at: number, count: number): void {
    const keys = this.keys;
    const sizes = this.sizes;
    if (count - at > 16) {
      keys.copyWithin(at, at + 1, count);
      sizes.copyWithin(at, at + 1, count);
    } else {
      for (let i = at + 1; i < count; i++) {
        keys[i - 1] = keys[i] ?? 0;
        sizes[i - 1] = sizes[i] ?? 0;
      }
    }
    this.count = count - 1;
  }

  /** Total size of the best `n` levels. */
  sizeOfTop(n: number): number {
    const sizes = this.sizes;
    const end = this.count - (n < this.count ? n : this.count);
    let total = 0;
    for (let j = this.count - 1; j >= end; j--) total += sizes[j] ?? 0;
    return total;
  }

  /** Total size of the levels at or better than `price` (bids ≥ price, asks ≤ price). */
  sizeWithin(price: number): number {
    const limit = this.sign * price;
    const keys = this.keys;
    const sizes = this.sizes;
    let total = 0;
    for (let j = this.count - 1; j >= 0 && (keys[j] ?? 0) >= limit; j--) total += sizes[j] ?? 0;
    return total;
  }

  /** Applies delta levels (flat, absolute sizes, 0 deletes) in their order. */
  applyLevels(levels: FlatLevels): void {
    for (let i = 0; i + 1 < levels.length; i += 2) this.setLevel(levels[i] ?? 0, levels[i + 1] ?? 0);
  }

  /** Replaces the side with snapshot levels (any order; a repeated price keeps its last size; 0 means absent). */
  loadLevels(levels: FlatLevels): void {
    const n = levels.length >> 1;
    if (n > this.keys.length) this.grow(n);
    if (this.loadBestFirst(levels, n)) return;
    this.loadUnordered(levels, n);
  }

  /** Fast path: levels strictly best-first with no zero sizes, the usual venue order. */
  private loadBestFirst(levels: FlatLevels, n: number): boolean {
    const keys = this.keys;
    const sizes = this.sizes;
    let previous = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const key = this.sign * (levels[2 * i] ?? 0);
      const size = levels[2 * i + 1] ?? 0;
      if (!(key < previous) || size === 0) return false;
      keys[n - 1 - i] = key;
      sizes[n - 1 - i] = size;
      previous = key;
    }
    this.count = n;
    return true;
  }

  /** General path: a stable sort by key, then the file's last word per price wins. */
  private loadUnordered(levels: FlatLevels, n: number): void {
    const order = Array.from({ length: n }, (_, i) => i);
    const sign = this.sign;
    order.sort((a, b) => sign * ((levels[2 * a] ?? 0) - (levels[2 * b] ?? 0)));
    let count = 0;
    for (const i of order) {
      const key = sign * (levels[2 * i] ?? 0);
      const size = levels[2 * i + 1] ?? 0;
      if (count > 0 && this.keys[count - 1] === key) {
        if (size === 0) count--;
        else this.sizes[count - 1] = size;
      } else if (size !== 0) {
        this.keys[count] = key;
        this.sizes[count] = size;
        count++;
      }
    }
    this.count = count;
  }

  /**
   * Copies the best `n` levels into `prices` and `sizes` from `offset`, best first, and fills
   * the slots past the last level with NaN. Returns the number of real levels written.
   */
  readTop(n: number, prices: Float64Array, sizes: Float64Array, offset: number): number {
    const count = this.count;
    const filled = n < count ? n : count;
    const sign = this.sign;
    let j = count - 1;
    for (let i = 0; i < filled; i++, j--) {
      prices[offset + i] = sign * (this.keys[j] ?? 0);
      sizes[offset + i] = this.sizes[j] ?? 0;
    }
    if (filled < n) {
      prices.fill(Number.NaN, offset + filled, offset + n);
      sizes.fill(Number.NaN, offset + filled, offset + n);
    }
    return filled;
  }

  /** A full-depth copy of the side, best first, flat `[price, size, ...]`. */
  toLevels(): SideLevels {
    const out = new Float64Array(this.count * 2);
    for (let i = 0; i < this.count; i++) {
      out[2 * i] = this.priceAt(i);
      out[2 * i + 1] = this.sizeAt(i);
    }
    return out;
  }

  /** Copies another side's levels into this one (same side name). */
  copyFrom(other: BookSide): void {
    if (other.count > this.keys.length) this.grow(other.count);
    this.keys.set(other.keys.subarray(0, other.count));
    this.sizes.set(other.sizes.subarray(0, other.count));
    this.count = other.count;
  }

  private grow(capacity: number): void {
    const keys = new Float64Array(Math.max(capacity, 8));
    const sizes = new Float64Array(keys.length);
    keys.set(this.keys.subarray(0, this.count));
    sizes.set(this.sizes.subarray(0, this.count));
    this.keys = keys;
    this.sizes = sizes;
  }
}

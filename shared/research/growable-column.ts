/** A `Float64Array` that grows by doubling as values are appended; `values()` hands back a trimmed copy. */
export class Float64Column {
  private data: Float64Array;
  private count = 0;

  constructor(capacity = 256) {
    this.data = new Float64Array(Math.max(8, capacity));
  }

  /** Values appended so far. */
  get length(): number {
    return this.count;
  }

  /** Appends one value. */
  push(value: number): void {
    if (this.count === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.count++] = value;
  }

  /** The value at `i` (NaN past the end). */
  at(i: number): number {
    return i < this.count ? (this.data[i] ?? Number.NaN) : Number.NaN;
  }

  /** Overwrites the value at `i` (which must exist). */
  set(i: number, value: number): void {
    if (i < this.count) this.data[i] = value;
  }

  /** A trimmed copy of the values. */
  values(): Float64Array {
    return this.data.slice(0, this.count);
  }

  /** Forgets every value (the storage is kept). */
  clear(): void {
    this.count = 0;
  }
}

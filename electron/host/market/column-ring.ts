/** The most rows a ring's columns start with; they double from there up to the capacity. */
const initialRows = 1024;

/**
 * Rows held in typed-array columns (a compact store: a trade is 26 bytes, not an object), as a
 * ring: rows are appended until `capacity`, then each new row takes the slot of the oldest, which
 * is dropped, so the ring always holds the newest rows it was given. Columns grow by doubling up to
 * the capacity (a load of six rows never allocates a budget's worth), and only before the ring
 * first wraps, so growing is a plain copy. Subclasses own the columns.
 */
export abstract class ColumnRing<Row> {
  /** The most rows held. */
  readonly capacity: number;
  #allocated: number;
  #length = 0;
  /** The slot of the oldest row once the ring has wrapped (0 before). */
  #oldest = 0;
  #dropped = 0;
  #droppedUntil: number | null = null;

  constructor(capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`a ring holds at least one row, not ${capacity}`);
    this.capacity = capacity;
    this.#allocated = ColumnRing.firstSize(capacity);
  }

  /** The size of a ring's columns when it is made. */
  protected static firstSize(capacity: number): number {
    return Math.min(capacity, initialRows);
  }

  /** Rows held. */
  get length(): number {
    return this.#length;
  }

  /** Rows given but dropped for the newer ones. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The time of the newest row dropped, or null while none was. */
  get droppedUntil(): number | null {
    return this.#droppedUntil;
  }

  /** Takes a row, dropping the oldest held when full. Rows must come oldest first. */
  add(row: Row): void {
    let slot: number;
    if (this.#length < this.capacity) {
      if (this.#length === this.#allocated) {
        this.#allocated = Math.min(this.capacity, this.#allocated * 2);
        this.resize(this.#allocated);
      }
      slot = this.#length++;
    } else {
      slot = this.#oldest;
      this.#oldest = (this.#oldest + 1) % this.capacity;
      this.#dropped++;
      this.#droppedUntil = this.timeAt(slot);
    }
    this.write(slot, row);
  }

  /** Calls `visit` with the slot of each row held, oldest first. */
  protected forEachSlot(visit: (slot: number) => void): void {
    for (let i = 0; i < this.#length; i++) visit((this.#oldest + i) % this.capacity);
  }

  /** Grows every column to `size` rows, keeping what they hold. */
  protected abstract resize(size: number): void;
  /** Writes `row` into every column at `slot`. */
  protected abstract write(slot: number, row: Row): void;
  /** The time of the row at `slot`. */
  protected abstract timeAt(slot: number): number;
}

/** `column` grown to `size`, its values kept at the start. */
export function grownFloat64(column: Float64Array, size: number): Float64Array {
  const next = new Float64Array(size);
  next.set(column);
  return next;
}

/** `column` grown to `size`, its values kept at the start. */
export function grownInt8(column: Int8Array, size: number): Int8Array {
  const next = new Int8Array(size);
  next.set(column);
  return next;
}

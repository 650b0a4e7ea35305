/** An inclusive range of Unix ms. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** A store that keeps the newest rows it is given, up to its capacity (`ColumnRing`). */
export interface NewestStore<Row> {
  add(row: Row): void;
  readonly length: number;
  /** The time of the newest row dropped for space, or null while none was. */
  readonly droppedUntil: number | null;
}

/** How `readNewest` reaches the service. */
export interface NewestSource<Row> {
  /** Reads every row of `window` (all of the service's default window for null), in order, into `add`. */
  read(window: TimeWindow | null, add: (row: Row) => void): Promise<void>;
  /** Whether the service holds any row in `window` (one row asked for). */
  any(window: TimeWindow): Promise<boolean>;
}

/** The newest rows of a range, in stores oldest first, and what was left out. */
export interface NewestRows<Store> {
  stores: Store[];
  /** Rows at or before this time were left out; every row after it is held. Null: none was. */
  droppedUntil: number | null;
}

/** The first window read back from a range's end; each next one is twice as long. */
export const firstWindowMs = 10 * 60_000;

/**
 * The newest rows of `range` (up to `capacity`), reading back from its end: the service pages only
 * forward, so the range is read in windows that double in length, newest first, each into a store
 * of the capacity still free, until the capacity is used or the range's start is reached. The last
 * window read keeps its newest rows (its store drops the oldest), so where rows come at a steady
 * rate at most about twice the capacity (plus the first ten minutes) is read, however long the range. Older windows are not read; whether they hold rows is
 * asked with one row. Without a range (the service's anonymous default window) one store reads it all.
 */
export async function readNewest<Row, Store extends NewestStore<Row>>(range: TimeWindow | null, capacity: number, source: NewestSource<Row>, storeOf: (capacity: number) => Store): Promise<NewestRows<Store>> {
  if (range === null) {
    const store = storeOf(capacity);
    await source.read(null, (row) => store.add(row));
    return { stores: [store], droppedUntil: store.droppedUntil };
  }
  const stores: Store[] = [];
  let held = 0;
  let end = range.end;
  let length = firstWindowMs;
  while (end >= range.start) {
    const start = Math.max(range.start, end - length + 1);
    const store = storeOf(capacity - held);
    await source.read({ start, end }, (row) => store.add(row));
    stores.unshift(store);
    held += store.length;
    if (store.droppedUntil !== null) return { stores, droppedUntil: store.droppedUntil };
    if (held >= capacity && start > range.start) {
      const older = { start: range.start, end: start - 1 };
      return { stores, droppedUntil: (await source.any(older)) ? older.end : null };
    }
    end = start - 1;
    length *= 2;
  }
  return { stores, droppedUntil: null };
}

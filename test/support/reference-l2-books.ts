// The independent oracle for every order-book test: the field notes' reconstruction rules written
// out as plainly as possible, a `Map<price, quantity>` per side, sorted only when read. It must
// share no code with shared/book (not even types), so a bug there cannot hide in both.

/** One price level: `[price, quantity]`. */
export type ReferenceLevel = [price: number, quantity: number];

/** Which book an update belongs to: one book per (source, market, instrument). */
export interface ReferenceBookId {
  source: string;
  market: string;
  instrument: string | null;
}

/** One order-book update as a file or row carries it. */
export interface ReferenceUpdate extends ReferenceBookId {
  /** Collector time, Unix ms. */
  time: number;
  /** A snapshot replaces the book; otherwise each level is set to its absolute quantity. */
  snapshot: boolean;
  bids: readonly ReferenceLevel[];
  asks: readonly ReferenceLevel[];
}

/** A book's levels, best first: bids descending, asks ascending. */
export interface ReferenceTop {
  bids: ReferenceLevel[];
  asks: ReferenceLevel[];
}

/** A book as some output shows it: which book, the producing update's time and kind, its levels. */
export interface ReferenceObservation extends ReferenceTop {
  book: string;
  time: number;
  snapshot: boolean;
}

/** One data row of a file (any type), as the collector wrote it: its sequence, time, and the update if it is a book line. */
export interface ReferenceRow {
  /** `collector_sequence`; null in legacy files, which have none. */
  sequence: number | null;
  /** Collector time, Unix ms. */
  time: number;
  /** The book update of an order-book line; null for any other line (a trade, a funding point...). */
  update: ReferenceUpdate | null;
}

/** One hour file's updates, in the order they are replayed (the file's own line order). */
export interface ReferenceHour {
  /** Start of the hour the file covers, Unix ms. */
  hourStart: number;
  updates: readonly ReferenceUpdate[];
  /**
   * Every data row of the file in line order, when the test knows them: then a row whose sequence
   * is at or below the previous data row's (in this file, or the last of the previous contiguous
   * hour's file) is a collector restart, and `updates` is not read.
   */
  rows?: readonly ReferenceRow[];
}

/** One step of a replay: an update, or a clear of every book (a coverage gap, or a collector restart). */
export type ReferenceStep = { update: ReferenceUpdate } | { clear: true; time: number; cause?: 'gap' | 'restart' };

/** How many times each rule fired, so a test can prove its input exercised it. */
export interface ReferenceCounts {
  snapshots: number;
  deltas: number;
  /** Deltas before their book's first snapshot (or after a gap), which made no book. */
  ignoredDeltas: number;
  /** Levels of existing books deleted by a delta's quantity 0. */
  deletedLevels: number;
  /** Levels set again by a delta after a delta deleted them. */
  readdedLevels: number;
  /** Snapshots that left a side with fewer levels than it had. */
  shrinkingSnapshots: number;
  clears: number;
}

interface Book {
  bids: Map<number, number>;
  asks: Map<number, number>;
  /** Prices deleted by a delta, per side, to count re-adds. */
  deleted: { bids: Set<number>; asks: Set<number> };
  time: number;
  snapshot: boolean;
}

const hourMs = 3_600_000;

/** The name a book goes by in comparisons: `source/market/instrument` (`-` for none). */
export function referenceBookName(id: ReferenceBookId): string {
  return `${id.source}/${id.market}/${id.instrument ?? '-'}`;
}

function sorted(side: Map<number, number>, descending: boolean, depth: number): ReferenceLevel[] {
  const levels = [...side.entries()].map(([price, quantity]): ReferenceLevel => [price, quantity]);
  levels.sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]));
  return levels.slice(0, depth);
}

function checkLevels(update: ReferenceUpdate): void {
  for (const [price, quantity] of [...update.bids, ...update.asks]) {
    if (!(price > 0) || !(quantity >= 0)) throw new Error(`reference: bad level [${price}, ${quantity}] at ${update.time}`);
  }
}

/**
 * Order books rebuilt by the field notes' rules: a snapshot replaces its book; a delta sets each
 * level to its absolute quantity and quantity 0 deletes it; a delta before its book's first
 * snapshot is ignored and makes no book; `clear()` is a coverage gap.
 */
export class ReferenceL2Books {
  private readonly books = new Map<string, Book>();
  /** What the rules did so far. */
  readonly counts: ReferenceCounts = { snapshots: 0, deltas: 0, ignoredDeltas: 0, deletedLevels: 0, readdedLevels: 0, shrinkingSnapshots: 0, clears: 0 };

  /** Applies an update; returns whether it produced a book (false for an ignored delta). */
  apply(update: ReferenceUpdate): boolean {
    checkLevels(update);
    const name = referenceBookName(update);
    const before = this.books.get(name);
    let book = before;
    if (update.snapshot) {
      this.counts.snapshots++;
      book = { bids: new Map(), asks: new Map(), deleted: { bids: new Set(), asks: new Set() }, time: update.time, snapshot: true };
      this.books.set(name, book);
    } else {
      this.counts.deltas++;
      if (book === undefined) {
        this.counts.ignoredDeltas++;
        return false;
      }
    }
    for (const [side, deleted, levels] of [
      [book.bids, book.deleted.bids, update.bids],
      [book.asks, book.deleted.asks, update.asks],
    ] as const) {
      for (const [price, quantity] of levels) {
        if (quantity !== 0) {
          side.set(price, quantity);
          if (deleted.delete(price)) this.counts.readdedLevels++;
        } else if (side.delete(price) && !update.snapshot) {
          this.counts.deletedLevels++;
          deleted.add(price);
        }
      }
    }
    if (update.snapshot && before !== undefined && (book.bids.size < before.bids.size || book.asks.size < before.asks.size)) {
      this.counts.shrinkingSnapshots++;
    }
    book.time = update.time;
    book.snapshot = update.snapshot;
    return true;
  }

  /** Clears every book (a coverage gap), or one; cleared books resume at their next snapshot. */
  clear(id?: ReferenceBookId): void {
    this.counts.clears++;
    if (id === undefined) this.books.clear();
    else this.books.delete(referenceBookName(id));
  }

  /** The best `depth` levels of each side of a book, or null when it has none. */
  top(id: ReferenceBookId, depth = Number.POSITIVE_INFINITY): ReferenceTop | null {
    const book = this.books.get(referenceBookName(id));
    return book === undefined ? null : { bids: sorted(book.bids, true, depth), asks: sorted(book.asks, false, depth) };
  }

  /** A book as an output would show it after its latest update, or null. */
  observe(id: ReferenceBookId, depth = Number.POSITIVE_INFINITY): ReferenceObservation | null {
    const book = this.books.get(referenceBookName(id));
    const top = this.top(id, depth);
    return book === undefined || top === null ? null : { book: referenceBookName(id), time: book.time, snapshot: book.snapshot, ...top };
  }

  /** Every book that exists, sorted by name. */
  observeAll(depth = Number.POSITIVE_INFINITY): ReferenceObservation[] {
    const names = [...this.books.keys()].sort();
    return names.map((name) => {
      const book = this.books.get(name);
      if (book === undefined) throw new Error(`reference: lost book ${name}`);
      return { book: name, time: book.time, snapshot: book.snapshot, bids: sorted(book.bids, true, depth), asks: sorted(book.asks, false, depth) };
    });
  }
}

/**
 * The steps of replaying hour files in order, each file in its own line order: a clear wherever the
 * next file is not the next hour, and (for hours given with `rows`) a clear before every row whose
 * sequence is at or below the previous data row's, the collector having restarted there.
 */
export function referenceSteps(hours: readonly ReferenceHour[]): ReferenceStep[] {
  const steps: ReferenceStep[] = [];
  let previous: number | null = null;
  let lastSequence: number | null = null;
  for (const hour of hours) {
    if (previous !== null && hour.hourStart !== previous && hour.hourStart !== previous + hourMs) {
      steps.push({ clear: true, time: hour.hourStart, cause: 'gap' });
      lastSequence = null;
    }
    previous = hour.hourStart;
    if (hour.rows === undefined) {
      lastSequence = null;
      for (const update of hour.updates) steps.push({ update });
      continue;
    }
    for (const row of hour.rows) {
      if (row.sequence !== null && lastSequence !== null && row.sequence <= lastSequence) steps.push({ clear: true, time: row.time, cause: 'restart' });
      lastSequence = row.sequence;
      if (row.update !== null) steps.push({ update: row.update });
    }
  }
  return steps;
}

/** Replays steps and returns the book after every update that produced one, cut to `depth` levels. */
export function referenceObservations(steps: readonly ReferenceStep[], depth = Number.POSITIVE_INFINITY, books = new ReferenceL2Books()): ReferenceObservation[] {
  const seen: ReferenceObservation[] = [];
  for (const step of steps) {
    if ('clear' in step) {
      books.clear();
      continue;
    }
    if (!books.apply(step.update)) continue;
    const observed = books.observe(step.update, depth);
    if (observed !== null) seen.push(observed);
  }
  return seen;
}

/** Observations grouped by book, each group in replay order. */
export function observationsByBook(observations: readonly ReferenceObservation[]): Map<string, ReferenceObservation[]> {
  const groups = new Map<string, ReferenceObservation[]>();
  for (const observation of observations) {
    const group = groups.get(observation.book) ?? [];
    group.push(observation);
    groups.set(observation.book, group);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

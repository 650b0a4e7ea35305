// Cross-check of two replays of the same books (the service's `/l2-orderbooks` against a local
// reconstruction): the frames of each book are aligned by event (replay clock, the running max of
// collector time, then the frame's own time, then order) and their top levels compared. Both
// replays give a stream's events in arrival order, where collector time may step back. Pure: no
// I/O, no clock.

/** Which replay a frame came from: `a` (the service's books) or `b` (the local reconstruction). */
export type CrossCheckSide = 'a' | 'b';

/** One frame's top levels as compared: best first, NaN past the last level. */
export interface ComparedFrame {
  /** Collector time of the event behind the frame. */
  time: number;
  bidPrices: ArrayLike<number>;
  bidSizes: ArrayLike<number>;
  askPrices: ArrayLike<number>;
  askSizes: ArrayLike<number>;
}

/** A level as one side has it; null where that side has no level there. */
export interface ComparedLevel {
  price: number;
  size: number;
}

/** One level that differs between the two books of an event. */
export interface LevelDifference {
  side: 'bid' | 'ask';
  /** 0 = best. */
  level: number;
  a: ComparedLevel | null;
  b: ComparedLevel | null;
}

/** The largest difference in resting size at one price, over the compared levels of both books. */
export interface SizeDifference {
  side: 'bid' | 'ask';
  price: number;
  /** Size at that price in each book (0 where a book has no level there). */
  a: number;
  b: number;
  difference: number;
}

/** An event where the two books differ, or an event only one replay has. */
export interface CrossCheckDifference {
  kind: 'levels' | 'only-a' | 'only-b';
  time: number;
  /** The frame's position among this book's frames in each replay (null on the side that lacks it). */
  indexA: number | null;
  indexB: number | null;
  /** For `levels`: every differing level, bids then asks, best first. */
  levels: LevelDifference[];
  /** For `levels`: the largest size difference at one price. */
  largest: SizeDifference | null;
}

/** Counts over one book (or, summed, a whole check). */
export interface CrossCheckCounts {
  /** Events both replays have, compared level by level. */
  compared: number;
  /** Of those, events whose books differ. */
  differing: number;
  /** Events only one replay has, after the other's first frame of the book. */
  onlyA: number;
  onlyB: number;
  /**
   * Events one replay has before the other's first frame of the book: a reconstruction that starts
   * mid-stream has no book until its first snapshot, so these are reported apart, not as differences.
   */
  leadingA: number;
  leadingB: number;
}

/** Empty counts. */
export function emptyCrossCheckCounts(): CrossCheckCounts {
  return { compared: 0, differing: 0, onlyA: 0, onlyB: 0, leadingA: 0, leadingB: 0 };
}

/** Two sets of counts added together. */
export function addedCrossCheckCounts(a: CrossCheckCounts, b: CrossCheckCounts): CrossCheckCounts {
  return {
    compared: a.compared + b.compared,
    differing: a.differing + b.differing,
    onlyA: a.onlyA + b.onlyA,
    onlyB: a.onlyB + b.onlyB,
    leadingA: a.leadingA + b.leadingA,
    leadingB: a.leadingB + b.leadingB,
  };
}

function levelAt(prices: ArrayLike<number>, sizes: ArrayLike<number>, i: number): ComparedLevel | null {
  const price = prices[i] ?? Number.NaN;
  const size = sizes[i] ?? Number.NaN;
  return Number.isNaN(price) ? null : { price, size };
}

function sameLevel(x: ComparedLevel | null, y: ComparedLevel | null): boolean {
  if (x === null || y === null) return x === y;
  return x.price === y.price && x.size === y.size;
}

function sizesByPrice(prices: ArrayLike<number>, sizes: ArrayLike<number>, levels: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < levels; i++) {
    const level = levelAt(prices, sizes, i);
    if (level !== null) out.set(level.price, level.size);
  }
  return out;
}

function largestOnSide(side: 'bid' | 'ask', a: Map<number, number>, b: Map<number, number>, best: SizeDifference | null): SizeDifference | null {
  let found = best;
  for (const price of new Set([...a.keys(), ...b.keys()])) {
    const sizeA = a.get(price) ?? 0;
    const sizeB = b.get(price) ?? 0;
    const difference = Math.abs(sizeA - sizeB);
    if (difference > 0 && (found === null || difference > found.difference)) found = { side, price, a: sizeA, b: sizeB, difference };
  }
  return found;
}

/**
 * The differing levels of two frames over the top `levels` of each side, and the largest size
 * difference at one price; null when the books are equal there.
 */
export function compareFrames(a: ComparedFrame, b: ComparedFrame, levels: number): Pick<CrossCheckDifference, 'levels' | 'largest'> | null {
  const differences: LevelDifference[] = [];
  let largest: SizeDifference | null = null;
  for (const side of ['bid', 'ask'] as const) {
    const [pa, sa, pb, sb] = side === 'bid' ? [a.bidPrices, a.bidSizes, b.bidPrices, b.bidSizes] : [a.askPrices, a.askSizes, b.askPrices, b.askSizes];
    let differs = false;
    for (let i = 0; i < levels; i++) {
      const x = levelAt(pa, sa, i);
      const y = levelAt(pb, sb, i);
      if (sameLevel(x, y)) continue;
      differs = true;
      differences.push({ side, level: i, a: x, b: y });
    }
    if (differs) largest = largestOnSide(side, sizesByPrice(pa, sa, levels), sizesByPrice(pb, sb, levels), largest);
  }
  return differences.length === 0 ? null : { levels: differences, largest };
}

interface Queued {
  frame: ComparedFrame;
  index: number;
  /** The running max of the frame times of its replay so far: never falls, so the replays align by it. */
  clock: number;
}

/**
 * Aligns the frames of ONE book from two replays as they stream in, and compares each event both
 * have. Frames must arrive in each replay's (arrival) order; a frame's time may step back, so
 * frames merge by replay clock (each replay's running max of frame times, which never falls), then
 * by their own time within one clock: an event one replay lacks inside a backward step is reported
 * alone instead of shifting the pairs after it. An event is settled once the other replay is past
 * it or has ended.
 */
export class BookCrossCheck {
  readonly counts: CrossCheckCounts = emptyCrossCheckCounts();
  readonly #queues: Record<CrossCheckSide, Queued[]> = { a: [], b: [] };
  readonly #heads: Record<CrossCheckSide, number> = { a: 0, b: 0 };
  readonly #next: Record<CrossCheckSide, number> = { a: 0, b: 0 };
  readonly #first: Record<CrossCheckSide, number | null> = { a: null, b: null };
  readonly #clock: Record<CrossCheckSide, number> = { a: Number.NEGATIVE_INFINITY, b: Number.NEGATIVE_INFINITY };
  readonly #ended: Record<CrossCheckSide, boolean> = { a: false, b: false };

  constructor(
    private readonly levels: number,
    private readonly report: (difference: CrossCheckDifference) => void,
  ) {}

  /** Adds the next frame of one replay and settles what can be settled. */
  push(side: CrossCheckSide, frame: ComparedFrame): void {
    const clock = Math.max(this.#clock[side], frame.time);
    this.#clock[side] = clock;
    this.#first[side] ??= clock;
    this.#queues[side].push({ frame, index: this.#next[side]++, clock });
    this.#settle();
  }

  /** Marks one replay as ended (it has no more frames of this book) and settles the rest. */
  end(side: CrossCheckSide): void {
    this.#ended[side] = true;
    this.#settle();
  }

  #peek(side: CrossCheckSide): Queued | undefined {
    return this.#queues[side][this.#heads[side]];
  }

  #take(side: CrossCheckSide): Queued {
    const queue = this.#queues[side];
    const head = queue[this.#heads[side]++];
    if (head === undefined) throw new Error('cross-check: took from an empty queue');
    // Drop settled frames now and then, so a long run holds only what is still unsettled.
    if (this.#heads[side] > 1024 && this.#heads[side] * 2 > queue.length) {
      queue.splice(0, this.#heads[side]);
      this.#heads[side] = 0;
    }
    return head;
  }

  #settle(): void {
    for (;;) {
      const a = this.#peek('a');
      const b = this.#peek('b');
      if (a !== undefined && b !== undefined) {
        const order = a.clock - b.clock || a.frame.time - b.frame.time;
        if (order !== 0) this.#alone(order < 0 ? 'a' : 'b');
        else {
          const leading = this.#leadingInFirstInstant(a, b);
          if (leading === 'wait') return;
          if (leading === null) this.#pair(this.#take('a'), this.#take('b'));
          else this.#alone(leading, true);
        }
      } else if (a !== undefined && this.#ended.b) this.#alone('a');
      else if (b !== undefined && this.#ended.a) this.#alone('b');
      else return;
    }
  }

  /**
   * In the instant of one replay's first frame (same clock and time), the other replay's extra
   * frames come first: a reconstruction that starts mid-stream starts at a snapshot, which arrived
   * after the deltas of its own millisecond. The side whose head is such an extra frame (it is
   * then counted as leading), null to pair the heads, or 'wait' while either instant may still grow.
   */
  #leadingInFirstInstant(a: Queued, b: Queued): CrossCheckSide | 'wait' | null {
    if (a.index !== 0 && b.index !== 0) return null;
    const inInstant = (side: CrossCheckSide): number | 'wait' => {
      const queue = this.#queues[side];
      let count = 0;
      for (let i = this.#heads[side]; i < queue.length; i++) {
        const queued = queue[i];
        if (queued === undefined || queued.clock !== a.clock || queued.frame.time !== a.frame.time) return count;
        count++;
      }
      return this.#ended[side] ? count : 'wait';
    };
    const countA = inInstant('a');
    const countB = inInstant('b');
    if (countA === 'wait' || countB === 'wait') return 'wait';
    if (b.index === 0 && countA > countB) return 'a';
    if (a.index === 0 && countB > countA) return 'b';
    return null;
  }

  #pair(a: Queued, b: Queued): void {
    this.counts.compared++;
    const found = compareFrames(a.frame, b.frame, this.levels);
    if (found === null) return;
    this.counts.differing++;
    this.report({ kind: 'levels', time: a.frame.time, indexA: a.index, indexB: b.index, ...found });
  }

  /** Settles one replay's head alone: leading (before the other's first book), or only on its side. */
  #alone(side: CrossCheckSide, leading = false): void {
    const { frame, index, clock } = this.#take(side);
    const otherFirst = this.#first[side === 'a' ? 'b' : 'a'];
    if (leading || (otherFirst !== null && clock < otherFirst)) {
      if (side === 'a') this.counts.leadingA++;
      else this.counts.leadingB++;
      return;
    }
    if (side === 'a') this.counts.onlyA++;
    else this.counts.onlyB++;
    this.report({ kind: side === 'a' ? 'only-a' : 'only-b', time: frame.time, indexA: side === 'a' ? index : null, indexB: side === 'b' ? index : null, levels: [], largest: null });
  }
}

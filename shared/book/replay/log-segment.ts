import type { FlatLevels } from '../../snapshot/records.ts';

// One book's replay log, cut into segments of up to `segmentEntries` entries, each packed into
// one ArrayBuffer so it can be written to disk, read back and moved between threads as it is.
// An entry is what changed the book at one event: its levels replace the book (`replace`), set
// absolute sizes (`delta`, 0 deletes), or the book is cleared (`reset`). Deltas that produced no
// book are not logged: replaying the log from a checkpoint rebuilds exactly the books the replay
// had, entry for entry, and entry i is frame i of the book's timeline.
//
// Layout (little-endian, 8-byte aligned):
//   u32 count | u32 levelPairs | u32 0 | u32 0 |
//   f64 clock[count] | f64 collectorTimestamp[count] | f64 exchangeTimestamp[count] (NaN: none) |
//   f64 levels[2 × levelPairs] | u32 levelStart[count + 1] | u16 bidPairs[count] | u8 kind[count]

/** Entries per segment. */
export const segmentEntries = 4096;

/** What an entry does to the book. */
export const logEntryKinds = { delta: 0, replace: 1, reset: 2 } as const;

/** A bit ORed into the stored kind: the source event was a venue snapshot. */
export const sourceSnapshotBit = 8;

/** One entry as it is appended. */
export interface LogEntry {
  /** Replay clock (running maximum of collector times). */
  clock: number;
  collectorTimestamp: number;
  /** NaN when the venue gave none. */
  exchangeTimestamp: number;
  kind: keyof typeof logEntryKinds;
  /** The source event was a venue snapshot (kept for the frame's flag even when logged as a delta). */
  sourceSnapshot: boolean;
  bids: FlatLevels;
  asks: FlatLevels;
}

const headerBytes = 16;

function pad8(n: number): number {
  return (n + 7) & ~7;
}

/** Typed views over a packed segment (no copy). */
export class LogSegment {
  readonly count: number;
  readonly clocks: Float64Array;
  readonly collectorTimestamps: Float64Array;
  readonly exchangeTimestamps: Float64Array;
  readonly levels: Float64Array;
  readonly levelStart: Uint32Array;
  readonly bidPairs: Uint16Array;
  readonly kinds: Uint8Array;

  constructor(readonly buffer: ArrayBuffer) {
    const head = new Uint32Array(buffer, 0, 4);
    const count = head[0] ?? 0;
    const pairs = head[1] ?? 0;
    this.count = count;
    let offset = headerBytes;
    const f64 = (length: number): Float64Array => {
      const view = new Float64Array(buffer, offset, length);
      offset += length * 8;
      return view;
    };
    this.clocks = f64(count);
    this.collectorTimestamps = f64(count);
    this.exchangeTimestamps = f64(count);
    this.levels = f64(2 * pairs);
    this.levelStart = new Uint32Array(buffer, offset, count + 1);
    offset += (count + 1) * 4;
    this.bidPairs = new Uint16Array(buffer, offset, count);
    offset += count * 2;
    this.kinds = new Uint8Array(buffer, offset, count);
  }

  /** What entry i does (`logEntryKinds` value). */
  kindAt(i: number): number {
    return (this.kinds[i] ?? 0) & 7;
  }

  /** Whether entry i's source event was a venue snapshot. */
  sourceSnapshotAt(i: number): boolean {
    return ((this.kinds[i] ?? 0) & sourceSnapshotBit) !== 0;
  }

  /** The bid levels of entry i (a view, flat `[price, size, ...]`). */
  bidsAt(i: number): Float64Array {
    const from = this.levelStart[i] ?? 0;
    return this.levels.subarray(2 * from, 2 * (from + (this.bidPairs[i] ?? 0)));
  }

  /** The ask levels of entry i (a view). */
  asksAt(i: number): Float64Array {
    const from = (this.levelStart[i] ?? 0) + (this.bidPairs[i] ?? 0);
    return this.levels.subarray(2 * from, 2 * (this.levelStart[i + 1] ?? from));
  }

  /** The last entry whose clock is ≤ t, −1 when none (clocks never decrease). */
  lastAtOrBefore(t: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.clocks[mid] ?? Number.POSITIVE_INFINITY) <= t) low = mid + 1;
      else high = mid;
    }
    return low - 1;
  }
}

/** Bytes a packed segment of `count` entries and `pairs` level pairs takes. */
export function segmentBytes(count: number, pairs: number): number {
  return pad8(headerBytes + count * 24 + pairs * 16 + (count + 1) * 4 + count * 2 + count);
}

/** Collects entries until the segment is full, then packs them into one buffer. */
export class LogSegmentBuilder {
  #count = 0;
  readonly #clocks = new Float64Array(segmentEntries);
  readonly #collector = new Float64Array(segmentEntries);
  readonly #exchange = new Float64Array(segmentEntries);
  readonly #levelStart = new Uint32Array(segmentEntries + 1);
  readonly #bidPairs = new Uint16Array(segmentEntries);
  readonly #kinds = new Uint8Array(segmentEntries);
  #levels = new Float64Array(segmentEntries * 8);
  #pairs = 0;

  /** Entries collected. */
  get count(): number {
    return this.#count;
  }

  /** Whether the segment holds `segmentEntries` entries. */
  get full(): boolean {
    return this.#count === segmentEntries;
  }

  /** Clock of the first entry (NaN when empty). */
  get firstClock(): number {
    return this.#count === 0 ? Number.NaN : (this.#clocks[0] ?? Number.NaN);
  }

  /** Appends one entry; the caller cuts a segment before it is over-full. */
  append(entry: LogEntry): void {
    if (this.full) throw new Error('log segment is full');
    const i = this.#count;
    const bidPairs = entry.bids.length >> 1;
    const askPairs = entry.asks.length >> 1;
    if (bidPairs > 0xffff) throw new Error(`an event with ${bidPairs} bid levels cannot be logged (at most 65,535)`);
    const needed = 2 * (this.#pairs + bidPairs + askPairs);
    if (needed > this.#levels.length) {
      const grown = new Float64Array(Math.max(needed, this.#levels.length * 2));
      grown.set(this.#levels.subarray(0, 2 * this.#pairs));
      this.#levels = grown;
    }
    this.#clocks[i] = entry.clock;
    this.#collector[i] = entry.collectorTimestamp;
    this.#exchange[i] = entry.exchangeTimestamp;
    this.#kinds[i] = logEntryKinds[entry.kind] | (entry.sourceSnapshot ? sourceSnapshotBit : 0);
    this.#bidPairs[i] = bidPairs;
    this.#levelStart[i] = this.#pairs;
    // A plain loop: most events carry a level or two, where making two subarray views costs more than the copy.
    const levels = this.#levels;
    const bids = entry.bids;
    const asks = entry.asks;
    let at = 2 * this.#pairs;
    for (let k = 0; k < 2 * bidPairs; k++) levels[at++] = bids[k] ?? Number.NaN;
    for (let k = 0; k < 2 * askPairs; k++) levels[at++] = asks[k] ?? Number.NaN;
    this.#pairs += bidPairs + askPairs;
    this.#levelStart[i + 1] = this.#pairs;
    this.#count = i + 1;
  }

  /** Packs the entries so far into a segment and empties the builder. */
  pack(): LogSegment {
    const count = this.#count;
    const pairs = this.#pairs;
    const buffer = new ArrayBuffer(segmentBytes(count, pairs));
    new Uint32Array(buffer, 0, 4).set([count, pairs, 0, 0]);
    const segment = new LogSegment(buffer);
    segment.clocks.set(this.#clocks.subarray(0, count));
    segment.collectorTimestamps.set(this.#collector.subarray(0, count));
    segment.exchangeTimestamps.set(this.#exchange.subarray(0, count));
    segment.levels.set(this.#levels.subarray(0, 2 * pairs));
    segment.levelStart.set(this.#levelStart.subarray(0, count + 1));
    segment.bidPairs.set(this.#bidPairs.subarray(0, count));
    segment.kinds.set(this.#kinds.subarray(0, count));
    this.#count = 0;
    this.#pairs = 0;
    return segment;
  }

  /** A packed copy of the entries so far, leaving the builder as it is (for reads of the open segment). */
  peek(): LogSegment {
    const count = this.#count;
    const pairs = this.#pairs;
    const segment = this.pack();
    // pack() emptied the builder: restore its counters (the arrays were not touched).
    this.#count = count;
    this.#pairs = pairs;
    return segment;
  }
}

import type { TimeRange } from '../access-policy.ts';
import { replayClock } from '../../../shared/book/capture-stream.ts';
import { decodedHourBytes } from '../store/decoded-hour-cache.ts';
import type { DecodedHour, HourBlock, HourRef, MarketDataStore } from '../store/market-data-store.ts';
import { clockRecordTypes, fileTypeOfRecordType, hourRows, lineTypesOf, type HourReading, type HourRows, type RowBuildOptions, type ServedRow } from './hour-rows.ts';
import type { RowKind } from '../../../shared/rows/row-kinds.ts';
import { hourMs } from '../../../shared/time/time-units.ts';
import { hasFields } from '../../../shared/guards/object-fields.ts';

/** Where a page ended: the last row's replay clock (or candle time), stream key and in-hour sequence. Cursors carry it. */
export interface RowPosition {
  t: number;
  k: string;
  s: number;
}

/** Whether a cursor's position is a row position. */
export function isRowPosition(value: unknown): value is RowPosition {
  return hasFields(value) && typeof value['t'] === 'number' && typeof value['k'] === 'string' && typeof value['s'] === 'number';
}

/** A row query over one or more datasets. */
export interface RowQuery {
  kinds: readonly RowKind[];
  datasets: readonly { source: string; market: string }[];
  range: TimeRange;
  instrument: string | undefined;
  /** Extra per-row filter (intent_id, observation_id, interval). */
  accept?: (row: ServedRow) => boolean;
  limit: number;
  after: RowPosition | undefined;
  options: RowBuildOptions;
  /** Bounded query work: at most this many hour files opened for one page. */
  maxHourFiles?: number;
  /** Bounded storage reads: at most this many bytes of hour files for one page. */
  maxReadBytes?: number;
}

/** A page of rows with the kind of each (for `/events`). */
export interface RowPage {
  rows: { kind: RowKind; row: ServedRow }[];
  hasMore: boolean;
  last: RowPosition | null;
  hoursOpened: number;
}

/** Thrown when one page would open more hour files than its bound allows. */
export class QueryTooExpensive extends Error {
  override readonly name = 'QueryTooExpensive';
}

/**
 * Files are hourly, but a record may sit a little outside its hour (collector clock steps), and a
 * row may arrive after rows with later times: a stream is read this far past a range's end (by its
 * replay clock) before it is done, so a stepped-back row of the range is still served.
 */
export const hourSlackMs = 60_000;
/** An estimate of one built candle row's memory (its object and strings), bytes. */
const candleRowBytes = 400;
/**
 * How far past the range's start a query's first page needs a live hour's data: a live hour on
 * disk that reaches this far is read as it is (no regeneration before the first page), and the
 * page stops where that version's data ends (`liveEdge`); the page after reads a newer version.
 */
export const firstPageReachMs = 60_000;
/** What `#next` answers when the next row could lie past the end of a live hour's version on disk. */
const liveEdge = Symbol('live edge');

/** Where a stream over a large hour goes on once its rows run out: the hour's next block of lines. */
interface BlockCursor {
  ref: HourRef;
  blocks: readonly HourBlock[];
  /** The block to read next; `blocks.length` when none is left. */
  next: number;
  /** A lower bound of the clock of every row in block `b` and after (+∞ past the last). */
  bound: (b: number) => number;
  reading: HourReading;
  /** The line types the blocks are read with (every kind's of the query, as a whole hour is read). */
  lineTypes: ReadonlySet<string>;
}

interface Stream {
  kind: RowKind;
  key: string;
  rows: HourRows;
  index: number;
  /** Null when `rows` are the whole hour's. */
  blocks: BlockCursor | null;
  /** The clock the stream's rows are wanted from. */
  lowest: number;
  /** The decoded hour (or block) `rows` come from; null before the first block is read. */
  source: DecodedHour | null;
  /**
   * The rows come from a live hour's version that ends before the range does: rows a newer version
   * adds have a clock from here on (+∞ when none can come).
   */
  growsFrom: number;
}

const noRows: HourRows = {
  length: 0,
  t: [],
  at: [],
  seq: [],
  instrument: () => null,
  build: () => {
    throw new Error('no rows');
  },
};

function compare(t: number, k: string, s: number, position: RowPosition): number {
  return t - position.t || (k < position.k ? -1 : k > position.k ? 1 : 0) || s - position.s;
}

function lowerBound(times: readonly number[], t: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] ?? 0) < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A row ready to be served, with the position it is served at (a page that filled up keeps it for the next). */
interface PendingRow {
  kind: RowKind;
  row: ServedRow;
  position: RowPosition;
}

/**
 * Pages through rows of one or more kinds across datasets in one global order: each stream (one
 * dataset's hour files) in its own arrival order, streams merged by replay clock, ties by file key
 * then line (`/ohlcv` candles by open time). A row is served when its own collector time (a
 * candle's open time on `/ohlcv`) lies in the range. Hours are opened lazily in clock order, so a
 * page touches only the hours it returns rows from (plus the slack). Resumes strictly after `after`.
 *
 * A merge keeps its place between pages: `page` goes on where the previous page of the same merge
 * stopped, so a client following its cursors (kept by `RowMergeResumes`) costs the rows it is
 * served, not a reopening of every hour the query spans.
 */
export class RowMerge {
  readonly #store: MarketDataStore;
  readonly #query: Omit<RowQuery, 'limit'>;
  #refs: HourRef[] | null = null;
  #nextRef = 0;
  readonly #streams: Stream[] = [];
  #hoursOpened = 0;
  #bytesRead = 0;
  #pending: PendingRow | null = null;
  #last: RowPosition | null;
  #done = false;
  /** Served strictly after this position (the query's cursor, or where the merge restarted). */
  #after: RowPosition | undefined;
  /** How far the live hours read must reach (`firstPageReachMs`); the range's end once a page has stopped at a live edge or with a cursor. */
  #needUntil: number;
  /** The last page stopped where a live hour's version on disk ends: the next reads newer versions. */
  #atLiveEdge = false;
  readonly #clockTypes: readonly string[];
  /** The block each file's streams read last (by file key), shared by the kinds read from it. */
  readonly #blockReads = new Map<string, { key: string; part: Promise<DecodedHour> }>();

  constructor(store: MarketDataStore, query: Omit<RowQuery, 'limit'>) {
    this.#store = store;
    this.#query = query;
    this.#last = query.after ?? null;
    this.#after = query.after;
    // A query's first page reads the live hours as they are on disk when they reach a minute into
    // the range; a page after a cursor reads them up to the range's end (regenerated if need be).
    this.#needUntil = query.after === undefined ? Math.min(query.range.end, query.range.start + firstPageReachMs) : query.range.end;
    this.#clockTypes = clockRecordTypes(query.kinds);
  }

  /** Whether the last page stopped at the end of a live hour's version on disk (the next page reads newer data). */
  get atLiveEdge(): boolean {
    return this.#atLiveEdge;
  }

  /**
   * The memory the merge holds on to, in bytes: the decoded hours and blocks its unfinished streams
   * read from (by `decodedHourBytes`; an hour shared by streams counts once), and the candles it built.
   */
  get heldBytes(): number {
    const held = new Set<DecodedHour>();
    let bytes = 4096;
    for (const stream of this.#streams) {
      if (stream.index >= stream.rows.length && stream.blocks === null) continue;
      if (stream.source !== null) held.add(stream.source);
      else if (stream.kind === 'ohlcv') bytes += stream.rows.length * candleRowBytes;
    }
    for (const hour of held) bytes += decodedHourBytes(hour);
    return bytes;
  }

  /** The next page of at most `limit` rows. The bounds on hours opened and bytes read count per page. */
  async page(limit: number): Promise<RowPage> {
    this.#hoursOpened = 0;
    this.#bytesRead = 0;
    const rows: RowPage['rows'] = [];
    const hoursOpened = (): number => this.#hoursOpened;
    if (this.#atLiveEdge) this.#restartFromLast();
    if (this.#pending !== null) {
      if (limit === 0) return { rows, hasMore: true, last: this.#last, hoursOpened: 0 };
      rows.push({ kind: this.#pending.kind, row: this.#pending.row });
      this.#last = this.#pending.position;
      this.#pending = null;
    }
    for (;;) {
      const next = this.#done ? null : await this.#next();
      if (next === liveEdge) {
        // Nothing to hand back yet: read the newer data now. Else the rows so far are the page, and
        // the newer versions are generated while the client takes it.
        if (rows.length === 0) {
          this.#restartFromLast();
          continue;
        }
        this.#atLiveEdge = true;
        if (this.#refs !== null) this.#store.prefetch?.(this.#refs, this.#query.range.end);
        return { rows, hasMore: true, last: this.#last, hoursOpened: hoursOpened() };
      }
      if (next === null) {
        this.#done = true;
        return { rows, hasMore: false, last: this.#last, hoursOpened: hoursOpened() };
      }
      if (rows.length === limit) {
        this.#pending = next;
        return { rows, hasMore: true, last: this.#last, hoursOpened: hoursOpened() };
      }
      rows.push({ kind: next.kind, row: next.row });
      this.#last = next.position;
    }
  }

  /** Opens every hour again from the last row served, reading the live hours up to the range's end. */
  #restartFromLast(): void {
    this.#atLiveEdge = false;
    this.#needUntil = this.#query.range.end;
    this.#after = this.#last ?? undefined;
    this.#refs = null;
    this.#nextRef = 0;
    this.#streams.length = 0;
    this.#blockReads.clear();
  }

  async #refsOnce(): Promise<HourRef[]> {
    if (this.#refs !== null) return this.#refs;
    const query = this.#query;
    const from = Math.max(query.range.start, this.#after?.t ?? Number.NEGATIVE_INFINITY);
    const refs: HourRef[] = [];
    // Rows sit in their own hour's file, give or take the slack; so do candles, which are built
    // from their hour's trades, opened in it and published by its end (plus their close delay, well
    // inside the slack). An hour that ended over the slack before the range is never read.
    for (const dataset of query.datasets) {
      refs.push(...(await this.#store.hours(dataset.source, dataset.market, from - hourSlackMs, query.range.end + hourSlackMs)));
    }
    refs.sort((a, b) => a.hourStart - b.hourStart || (a.key < b.key ? -1 : 1));
    this.#store.prefetch?.(refs, this.#needUntil);
    this.#refs = refs;
    return refs;
  }

  // The first row of `rows` from the stream's lowest clock on and strictly after the cursor.
  #seek(stream: Stream): void {
    const { rows, key } = stream;
    let index = lowerBound(rows.t, stream.lowest);
    const after = this.#after;
    while (after !== undefined && index < rows.length && compare(rows.t[index] ?? 0, key, rows.seq[index] ?? 0, after) <= 0) index++;
    stream.index = index;
  }

  // A large hour is read block by block, from the block the query's rows start in, when they are
  // most of its lines (book rows, option tickers): a page of a busy hour then decodes minutes of
  // it, not all of it. Sparse rows are read from the whole hour: a block's read goes on to the
  // first row of its types past the block, which could be far.
  async #blocksOf(ref: HourRef, lineTypes: ReadonlySet<string>, reading: HourReading): Promise<BlockCursor | null> {
    const store = this.#store;
    if (store.hourBlocks === undefined || store.readHourBlock === undefined) return null;
    const found = await store.hourBlocks(ref, this.#needUntil);
    if (found === null) return null;
    let wanted = 0;
    let all = 0;
    for (const [type, count] of found.lineCounts) {
      all += count;
      if (lineTypes.has(type)) wanted += count;
    }
    // Quote ladders are some of the `record` lines: the running max before a block cannot tell which.
    if (2 * wanted < all || (this.#clockTypes.includes('quote_ladder') && found.lineCounts.has('record'))) return null;
    const fileTypes = this.#clockTypes.map(fileTypeOfRecordType);
    const bound = (b: number): number => {
      const block = found.blocks[b];
      if (block === undefined) return Number.POSITIVE_INFINITY;
      const highest = Math.max(...fileTypes.map((type) => block.highestBefore[type] ?? Number.NEGATIVE_INFINITY));
      return replayClock(ref.hourStart, highest);
    };
    return { ref, blocks: found.blocks, next: 0, bound, reading, lineTypes };
  }

  // Reads a block stream's next block; its rows start where the stream's are wanted.
  async #readNextBlock(stream: Stream): Promise<void> {
    const cursor = stream.blocks;
    const store = this.#store;
    if (cursor === null) return;
    const block = cursor.blocks[cursor.next];
    cursor.next++;
    if (block === undefined || store.readHourBlock === undefined) {
      cursor.next = cursor.blocks.length;
      stream.source = null;
      return;
    }
    // The kinds of one file read the same blocks: the first to need a block reads it for them all.
    const memoKey = `${cursor.ref.key}#${block.fromLine}`;
    let reading = this.#blockReads.get(cursor.ref.key);
    if (reading?.key !== memoKey) {
      reading = { key: memoKey, part: store.readHourBlock(cursor.ref, cursor.lineTypes, block, this.#needUntil) };
      this.#blockReads.set(cursor.ref.key, reading);
    }
    const part = await reading.part;
    stream.rows = hourRows(part, stream.kind, this.#query.options, cursor.reading);
    stream.source = part;
    stream.growsFrom = this.#growsFrom(part);
    this.#seek(stream);
  }

  async #open(ref: HourRef): Promise<void> {
    const store = this.#store;
    const query = this.#query;
    this.#hoursOpened++;
    if (query.maxHourFiles !== undefined && this.#hoursOpened > query.maxHourFiles) {
      throw new QueryTooExpensive(`one page would read more than ${query.maxHourFiles} hour files`);
    }
    if (query.maxReadBytes !== undefined) {
      this.#bytesRead += (await store.file(ref, this.#needUntil)).bytes;
      if (this.#bytesRead > query.maxReadBytes) throw new QueryTooExpensive(`one page would read more than ${query.maxReadBytes} bytes of storage`);
    }
    // Later pages of a query read the live hour its first page read: nothing past the range's end is needed.
    const kinds = query.kinds;
    const reading: HourReading = { segments: await store.captureSegments(ref, this.#needUntil), kinds: query.kinds };
    // Candles fold a whole hour's trades, so they are never read in blocks; but the blocks still
    // read the trade lines of a query with candles: the other rows' clock runs over them too.
    const blockLineTypes = lineTypesOf(kinds);
    const blocks = await this.#blocksOf(ref, blockLineTypes, reading);
    const wholeKinds = blocks === null ? kinds : kinds.filter((kind) => kind === 'ohlcv');
    const hour = wholeKinds.length === 0 ? null : await store.readHour(ref, lineTypesOf(wholeKinds), this.#needUntil);
    for (const kind of kinds) {
      // Candles are numbered apart from records, so they get their own key within the hour.
      const key = kind === 'ohlcv' ? `${ref.key}#ohlcv` : ref.key;
      // A row's clock is at least its own time, except past its hour's end, where the clock stops:
      // rows from the range's start on have a clock from there, or the hour's last millisecond.
      const lowest = this.#after?.t ?? (kind === 'ohlcv' ? query.range.start : Math.min(query.range.start, ref.hourStart + hourMs - 1));
      if (hour !== null && wholeKinds.includes(kind)) {
        // Candle rows are built objects of their own: they keep no hour alive.
        const stream: Stream = { kind, key, rows: hourRows(hour, kind, query.options, reading), index: 0, blocks: null, lowest, source: kind === 'ohlcv' ? null : hour, growsFrom: this.#growsFrom(hour) };
        this.#seek(stream);
        if (stream.index < stream.rows.length) this.#streams.push(stream);
        continue;
      }
      if (blocks === null) continue;
      // Start at the first block whose rows can reach the lowest clock (each block's own cursor).
      let first = 0;
      while (blocks.bound(first + 1) < lowest) first++;
      const stream: Stream = { kind, key, rows: noRows, index: 0, blocks: { ...blocks, next: first }, lowest, source: null, growsFrom: Number.POSITIVE_INFINITY };
      await this.#readNextBlock(stream);
      this.#streams.push(stream);
    }
  }

  /**
   * Where rows of a newer version of `hour` could start: a live hour whose data ends before the
   * range does, read as it was on disk (a first page); else +∞. Once the hours are read up to the
   * range's end, what they hold is all there is for now: nothing stops a page there.
   */
  #growsFrom(hour: DecodedHour): number {
    const relaxed = this.#needUntil < this.#query.range.end;
    return relaxed && hour.growsAfter !== undefined && hour.dataEnd < this.#query.range.end ? hour.growsAfter : Number.POSITIVE_INFINITY;
  }

  async #openUntil(t: number): Promise<boolean> {
    const refs = await this.#refsOnce();
    let opened = false;
    for (let ref = refs[this.#nextRef]; ref !== undefined && ref.hourStart - hourSlackMs <= t; ref = refs[this.#nextRef]) {
      this.#nextRef++;
      await this.#open(ref);
      opened = true;
    }
    return opened;
  }

  /**
   * The next row the query serves, consumed; null when there is none; `liveEdge` when it could come
   * after rows a newer version of a live hour adds (they would come first).
   */
  async #next(): Promise<PendingRow | null | typeof liveEdge> {
    const query = this.#query;
    const refs = await this.#refsOnce();
    const { start, end } = query.range;
    const scanUntil = end + hourSlackMs;
    for (;;) {
      let best: Stream | undefined;
      let bestT = 0;
      let bestSeq = 0;
      // A live hour's stream that ran out: a newer version's rows have a clock from its last row's on.
      let growsFrom = Number.POSITIVE_INFINITY;
      for (const stream of this.#streams) {
        let t: number;
        let seq: number;
        if (stream.index < stream.rows.length) {
          t = stream.rows.t[stream.index] ?? 0;
          seq = stream.rows.seq[stream.index] ?? 0;
        } else if (stream.blocks !== null && stream.blocks.next < stream.blocks.blocks.length) {
          // Its next block's rows come no earlier than this: read it once nothing else comes first.
          t = stream.blocks.bound(stream.blocks.next);
          seq = Number.NEGATIVE_INFINITY;
        } else {
          if (stream.growsFrom < Number.POSITIVE_INFINITY) growsFrom = Math.min(growsFrom, Math.max(stream.growsFrom, stream.rows.t[stream.rows.length - 1] ?? stream.lowest));
          continue;
        }
        if (t > scanUntil) continue;
        if (best === undefined || compare(t, stream.key, seq, { t: bestT, k: best.key, s: bestSeq }) < 0) {
          best = stream;
          bestT = t;
          bestSeq = seq;
        }
      }
      if (best === undefined) {
        const ref = refs[this.#nextRef];
        if (ref === undefined) return growsFrom < Number.POSITIVE_INFINITY ? liveEdge : null;
        await this.#openUntil(ref.hourStart - hourSlackMs);
        continue;
      }
      if (await this.#openUntil(bestT)) continue;
      if (bestT >= growsFrom) return liveEdge;
      if (best.index >= best.rows.length) {
        await this.#readNextBlock(best);
        continue;
      }
      const index = best.index++;
      const at = best.rows.at[index] ?? 0;
      if (at < start || at > end) continue;
      if (query.instrument !== undefined && best.rows.instrument(index) !== query.instrument) continue;
      const row = best.rows.build(index);
      if (query.accept !== undefined && !query.accept(row)) continue;
      return { kind: best.kind, row, position: { t: bestT, k: best.key, s: bestSeq } };
    }
  }
}

/** One page of `query` from `query.after` on (a merge used once). */
export function pageRows(store: MarketDataStore, query: RowQuery): Promise<RowPage> {
  return new RowMerge(store, query).page(query.limit);
}

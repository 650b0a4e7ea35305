import type { OrderbookRecord, SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { recordOfKeys } from '../../../shared/guards/record-of-keys.ts';

// A decoded hour kept in memory. An exchange-grade hour holds over half a million order-book
// rows: as objects with two small Float64Arrays each they take ~440 B a row (~250 MB an hour), as
// columns ~120 B. So book rows are kept in columns (every level of the hour in one array) and made
// into records again when read; the few other rows stay objects. Rows are read back by position,
// in file order.

/** A read-only list read by position: an array, or an hour's records. */
export interface RecordList<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

type RecordType = SnapshotRecord['type'];

/** Record types by their code: a type's code is its place in this list. */
const typesByCode = ['orderbook', 'trade', 'point', 'quote_ladder', 'record', 'perpetual_ticker', 'option_ticker', 'intent', 'unknown'] as const satisfies readonly RecordType[];
/** Each record type's code (every type has one: a type left out of the list above fails to compile here). */
const typeCodes: Readonly<Record<RecordType, number>> = recordOfKeys(typesByCode, (type) => typesByCode.indexOf(type));

/**
 * Memory of one record kept as an object, by type, in bytes: the heap growth over twenty decodes
 * of a demo hour's lines of that type (`--expose-gc`), rounded up (trades ~320 B, tickers ~700 B,
 * points ~600 B, option tickers ~860 B, intents ~1,240 B, quote ladders with the file's other
 * `record` lines ~1,540 B). Book rows kept as objects (they carry `raw`) are counted at their
 * measured rate (~530 B with 14 level values) plus their levels.
 */
const objectBytesByType: Readonly<Record<RecordType, number>> = {
  orderbook: 480,
  trade: 340,
  point: 600,
  quote_ladder: 1_800,
  record: 700,
  perpetual_ticker: 700,
  option_ticker: 900,
  intent: 1_250,
  unknown: 1_000,
};

/** Bytes one element of a JS array of numbers takes (a double, or a small integer in a pointer slot). */
const elementBytes = 8;
/** The record's position among the book columns or the objects is kept above its type code. */
const refShift = 32;
const objectFlag = 16;

/** The estimated memory of one record as an object (what `HourRecords` keeps for rows that are not book rows). */
export function recordObjectBytes(record: SnapshotRecord): number {
  const base = objectBytesByType[record.type];
  return record.type === 'orderbook' ? base + 8 * (record.bids.length + record.asks.length) : base;
}

/** The columns of the book rows. */
interface BookColumns {
  /** `collector_sequence`; NaN for null. */
  sequence: number[];
  /** `exchange_timestamp`; NaN for null. */
  exchangeTime: number[];
  /** Each non-null value, by book row (absent rows read null). */
  exchangeSequence: Map<number, string>;
  instrument: Map<number, string>;
  /** Index into `names` (the row's source and market) × 2, plus 1 for a snapshot. */
  nameSnapshot: number[];
  /** Where the row's bids start in `levels`; its asks follow them. */
  levelStart: number[];
  /** Bid values × 2^26 + ask values. */
  counts: number[];
  levels: number[];
}

const countShift = 2 ** 26;
/** What a zero-length side reads as (one shared array: it cannot be written to). */
const noLevels = new Float64Array(0);

/**
 * The records of a decoded hour, in file order: book rows in columns, other rows as objects. The
 * columns are plain arrays of numbers, which live in the JavaScript heap: memory the collector
 * gives back to the system once an hour is dropped, where many typed arrays (each a separate
 * allocation outside the heap) leave the process's native heap fragmented.
 */
export class HourRecords implements RecordList<SnapshotRecord>, Iterable<SnapshotRecord> {
  readonly length: number;
  readonly #time: readonly number[];
  readonly #line: readonly number[];
  /** Type code, plus `objectFlag` for an object, plus its position × `refShift`. */
  readonly #kind: readonly number[];
  readonly #objects: readonly SnapshotRecord[];
  readonly #book: BookColumns;
  readonly #names: readonly { source: string; market: string }[];
  readonly #objectBytes: number;

  /** @internal Built by `HourRecordsBuilder`. */
  constructor(parts: {
    time: number[];
    line: number[];
    kind: number[];
    objects: readonly SnapshotRecord[];
    book: BookColumns;
    names: readonly { source: string; market: string }[];
    objectBytes: number;
  }) {
    this.length = parts.kind.length;
    this.#time = parts.time;
    this.#line = parts.line;
    this.#kind = parts.kind;
    this.#objects = parts.objects;
    this.#book = parts.book;
    this.#names = parts.names;
    this.#objectBytes = parts.objectBytes;
  }

  /** The records of a list, kept the same way a decode keeps them. */
  static of(records: Iterable<SnapshotRecord>): HourRecords {
    const builder = new HourRecordsBuilder();
    for (const record of records) builder.push(record);
    return builder.build();
  }

  /** An estimate of the memory these records hold, in bytes: the columns' elements plus the objects' estimates. */
  get bytes(): number {
    const book = this.#book;
    const elements =
      this.#time.length + this.#line.length + this.#kind.length + this.#objects.length + book.sequence.length + book.exchangeTime.length + book.nameSnapshot.length + book.levelStart.length + book.counts.length + book.levels.length;
    // A map entry costs about four elements.
    const mapped = 4 * (book.exchangeSequence.size + book.instrument.size);
    return (elements + mapped) * elementBytes + this.#objectBytes;
  }

  /** The record at `index` (a book row is made into a record anew, with levels of its own). */
  at(index: number): SnapshotRecord | undefined {
    const kind = this.#kind[index];
    if (kind === undefined) return undefined;
    const ref = Math.floor(kind / refShift);
    return kind % refShift >= objectFlag ? this.#objects[ref] : this.#bookRecord(index, ref);
  }

  /** The record's `type`. */
  typeAt(index: number): RecordType | undefined {
    const kind = this.#kind[index];
    return kind === undefined ? undefined : typesByCode[kind % objectFlag];
  }

  /** The record's 1-based file line (NaN out of range). */
  lineAt(index: number): number {
    return this.#line[index] ?? Number.NaN;
  }

  /** The record's collector time (NaN out of range). */
  timeAt(index: number): number {
    return this.#time[index] ?? Number.NaN;
  }

  /** The record's instrument. */
  instrumentAt(index: number): string | null {
    const kind = this.#kind[index];
    if (kind === undefined) return null;
    const ref = Math.floor(kind / refShift);
    if (kind % refShift >= objectFlag) return this.#objects[ref]?.instrument ?? null;
    return this.#book.instrument.get(ref) ?? null;
  }

  *[Symbol.iterator](): Iterator<SnapshotRecord> {
    for (let index = 0; index < this.length; index++) {
      const record = this.at(index);
      if (record !== undefined) yield record;
    }
  }

  #bookRecord(index: number, slot: number): OrderbookRecord {
    const book = this.#book;
    const sequence = book.sequence[slot] ?? Number.NaN;
    const exchangeTime = book.exchangeTime[slot] ?? Number.NaN;
    const nameSnapshot = book.nameSnapshot[slot] ?? 0;
    const name = this.#names[Math.floor(nameSnapshot / 2)];
    const start = book.levelStart[slot] ?? 0;
    const counts = book.counts[slot] ?? 0;
    const bids = Math.floor(counts / countShift);
    const asks = counts % countShift;
    return {
      collectorTimestamp: this.#time[index] ?? Number.NaN,
      collectorSequence: Number.isNaN(sequence) ? null : sequence,
      exchangeTimestamp: Number.isNaN(exchangeTime) ? null : exchangeTime,
      exchangeSequence: book.exchangeSequence.get(slot) ?? null,
      source: name?.source ?? '',
      market: name?.market ?? '',
      instrument: book.instrument.get(slot) ?? null,
      line: this.#line[index] ?? Number.NaN,
      type: 'orderbook',
      isSnapshot: nameSnapshot % 2 === 1,
      bids: levelsOf(book.levels, start, bids),
      asks: levelsOf(book.levels, start + bids, asks),
    };
  }
}

/** `count` values of `levels` from `start`, as a side's flat levels. */
function levelsOf(levels: readonly number[], start: number, count: number): Float64Array {
  if (count === 0) return noLevels;
  const side = new Float64Array(count);
  for (let i = 0; i < count; i++) side[i] = levels[start + i] ?? 0;
  return side;
}

/** Builds an hour's records as they are decoded, batch by batch, never holding them all as objects. */
export class HourRecordsBuilder {
  readonly #time: number[] = [];
  readonly #line: number[] = [];
  readonly #kind: number[] = [];
  readonly #objects: SnapshotRecord[] = [];
  #objectBytes = 0;
  readonly #book: BookColumns = { sequence: [], exchangeTime: [], exchangeSequence: new Map(), instrument: new Map(), nameSnapshot: [], levelStart: [], counts: [], levels: [] };
  readonly #names: { source: string; market: string }[] = [];
  readonly #nameIndex = new Map<string, number>();

  /** Adds the next record (file order). */
  push(record: SnapshotRecord): void {
    const code = typeCodes[record.type];
    this.#time.push(record.collectorTimestamp);
    this.#line.push(record.line);
    // Book rows with a venue payload, or levels too many to count in the columns, stay objects.
    if (record.type === 'orderbook' && record.raw === undefined && record.bids.length < countShift && record.asks.length < countShift) {
      this.#kind.push(code + this.#book.counts.length * refShift);
      this.#pushBook(record);
      return;
    }
    this.#kind.push(code + objectFlag + this.#objects.length * refShift);
    this.#objects.push(record);
    this.#objectBytes += recordObjectBytes(record);
  }

  /** Adds a batch of records. */
  pushAll(records: readonly SnapshotRecord[]): void {
    for (const record of records) this.push(record);
  }

  /** The records so far. */
  build(): HourRecords {
    const book = this.#book;
    // Copies of exact length: a grown array keeps up to half again its length in spare room.
    return new HourRecords({
      time: this.#time.slice(),
      line: this.#line.slice(),
      kind: this.#kind.slice(),
      objects: this.#objects.slice(),
      book: {
        ...book,
        sequence: book.sequence.slice(),
        exchangeTime: book.exchangeTime.slice(),
        nameSnapshot: book.nameSnapshot.slice(),
        levelStart: book.levelStart.slice(),
        counts: book.counts.slice(),
        levels: book.levels.slice(),
      },
      names: this.#names,
      objectBytes: this.#objectBytes,
    });
  }

  #pushBook(record: OrderbookRecord): void {
    const book = this.#book;
    const slot = book.counts.length;
    book.sequence.push(record.collectorSequence ?? Number.NaN);
    book.exchangeTime.push(record.exchangeTimestamp ?? Number.NaN);
    if (record.exchangeSequence !== null) book.exchangeSequence.set(slot, record.exchangeSequence);
    if (record.instrument !== null) book.instrument.set(slot, record.instrument);
    const nameKey = `${record.source}\u0000${record.market}`;
    let name = this.#nameIndex.get(nameKey);
    if (name === undefined) {
      name = this.#names.length;
      this.#names.push({ source: record.source, market: record.market });
      this.#nameIndex.set(nameKey, name);
    }
    book.nameSnapshot.push(name * 2 + (record.isSnapshot ? 1 : 0));
    book.levelStart.push(book.levels.length);
    book.counts.push(record.bids.length * countShift + record.asks.length);
    for (const value of record.bids) book.levels.push(value);
    for (const value of record.asks) book.levels.push(value);
  }
}

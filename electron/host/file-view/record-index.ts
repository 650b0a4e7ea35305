import { maxCountedTypes, otherTypesKey } from '../../codec/records/record-decoder.ts';

/** Limits of a record index: rows and bytes of raw text kept. */
export interface RecordIndexCaps {
  maxRows: number;
  maxTextBytes: number;
}

/** The default limits: a ~200 MB (uncompressed) file fits whole. */
export const defaultRecordIndexCaps: RecordIndexCaps = { maxRows: 4_000_000, maxTextBytes: 384 * 1024 * 1024 };

const initialRows = 4096;

/** Where one row's raw text is: its chunk and the byte range inside it. */
export interface RowText {
  chunk: Buffer;
  start: number;
  end: number;
}

/**
 * The file viewer's compact index of a file's records, in file order: per row its line, collector
 * time and type code in growable typed arrays, and its raw line kept verbatim in large text chunks
 * (never split across two). About 26 bytes per row plus the text; rows past the caps are refused
 * and `capReached` says so.
 */
export class RecordIndex {
  private lines = new Uint32Array(initialRows);
  private times = new Float64Array(initialRows);
  private typeCodes = new Uint16Array(initialRows);
  private chunkOf = new Uint32Array(initialRows);
  private startOf = new Uint32Array(initialRows);
  private lengthOf = new Uint32Array(initialRows);
  private readonly chunks: Buffer[] = [];
  /** Index of each chunk's first row, for mapping a byte found in a chunk back to its row. */
  private readonly chunkFirstRow: number[] = [];
  private chunkUsed = 0;
  private textBytes = 0;
  private readonly typeNames: string[] = [];
  private readonly typeCodeOf = new Map<string, number>();
  private rows = 0;
  private reached = false;

  /** `chunkBytes`: the size of each text chunk (small in tests, to cross chunk boundaries). */
  constructor(
    readonly caps: RecordIndexCaps = defaultRecordIndexCaps,
    private readonly chunkBytes = 16 * 1024 * 1024,
  ) {}

  /** Rows kept. */
  get count(): number {
    return this.rows;
  }

  /** Whether a row was refused because a cap was reached. */
  get capReached(): boolean {
    return this.reached;
  }

  /**
   * Keeps one record: its line, collector time, type and the bytes of its raw line (copied).
   * Returns false, and keeps nothing more from then on, once a cap is reached.
   */
  add(line: number, collectorTimestamp: number, type: string, bytes: Uint8Array, start: number, end: number): boolean {
    const length = end - start;
    if (this.reached || this.rows >= this.caps.maxRows || this.textBytes + length > this.caps.maxTextBytes) {
      this.reached = true;
      return false;
    }
    if (this.rows === this.lines.length) this.grow();
    const chunkIndex = this.chunkFor(length);
    const chunk = this.chunks[chunkIndex];
    if (chunk === undefined) throw new Error('record index: missing text chunk');
    chunk.set(bytes.subarray(start, end), this.chunkUsed);
    const row = this.rows++;
    this.lines[row] = line;
    this.times[row] = collectorTimestamp;
    this.typeCodes[row] = this.typeCode(type);
    this.chunkOf[row] = chunkIndex;
    this.startOf[row] = this.chunkUsed;
    this.lengthOf[row] = length;
    this.chunkUsed += length;
    this.textBytes += length;
    return true;
  }

  /** The 1-based file line of a row. */
  line(row: number): number {
    return this.lines[row] ?? 0;
  }

  /** The collector time of a row (Unix ms). */
  collectorTimestamp(row: number): number {
    return this.times[row] ?? Number.NaN;
  }

  /** The file's type of a row (`orderbook`, `trade`, ...). */
  type(row: number): string {
    return this.typeNames[this.typeCodes[row] ?? 0] ?? '';
  }

  /** The code of a type name, or -1 when no row has it. */
  codeOfType(type: string): number {
    return this.typeCodeOf.get(type) ?? -1;
  }

  /** The type code of a row. */
  typeCodeAt(row: number): number {
    return this.typeCodes[row] ?? -1;
  }

  /** Where a row's raw line is kept. */
  text(row: number): RowText {
    const chunk = this.chunks[this.chunkOf[row] ?? 0];
    if (chunk === undefined || row >= this.rows) throw new RangeError(`record index: no row ${row}`);
    const start = this.startOf[row] ?? 0;
    return { chunk, start, end: start + (this.lengthOf[row] ?? 0) };
  }

  /** The raw line of a row as UTF-8 text. */
  rawLine(row: number, maxBytes = Number.POSITIVE_INFINITY): string {
    const { chunk, start, end } = this.text(row);
    return chunk.toString('utf8', start, Math.min(end, start + maxBytes));
  }

  /** How many text chunks there are. */
  get chunkCount(): number {
    return this.chunks.length;
  }

  /** The rows `[first, end)` whose text lies in a chunk. */
  rowsOfChunk(chunkIndex: number): { first: number; end: number } {
    const first = this.chunkFirstRow[chunkIndex] ?? this.rows;
    return { first, end: this.chunkFirstRow[chunkIndex + 1] ?? this.rows };
  }

  /** The row whose text holds byte `offset` of a chunk (rows of a chunk are contiguous and in order). */
  rowAtByte(chunkIndex: number, offset: number): number {
    const { first, end } = this.rowsOfChunk(chunkIndex);
    let low = first;
    let high = end - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((this.startOf[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The chunk a row's text is in. */
  chunkOfRow(row: number): number {
    return this.chunkOf[row] ?? 0;
  }

  private chunkFor(length: number): number {
    const last = this.chunks.length - 1;
    const current = this.chunks[last];
    if (current !== undefined && this.chunkUsed + length <= current.length) return last;
    // A line longer than a chunk gets a chunk of its own size.
    this.chunks.push(Buffer.allocUnsafe(Math.max(this.chunkBytes, length)));
    this.chunkFirstRow.push(this.rows);
    this.chunkUsed = 0;
    return this.chunks.length - 1;
  }

  private typeCode(type: string): number {
    const known = this.typeCodeOf.get(type);
    if (known !== undefined) return known;
    // As the summary does, types past the first 256 share one name, so a hostile file cannot name millions.
    const name = this.typeNames.length < maxCountedTypes ? type : otherTypesKey;
    const shared = this.typeCodeOf.get(name);
    if (shared !== undefined) return shared;
    const code = this.typeNames.length;
    this.typeNames.push(name);
    this.typeCodeOf.set(name, code);
    return code;
  }

  private grow(): void {
    const size = Math.min(this.lines.length * 2, Math.max(this.caps.maxRows, initialRows));
    const grown = <T extends Uint32Array | Float64Array | Uint16Array>(from: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(from);
      return next;
    };
    this.lines = grown(this.lines, (n) => new Uint32Array(n));
    this.times = grown(this.times, (n) => new Float64Array(n));
    this.typeCodes = grown(this.typeCodes, (n) => new Uint16Array(n));
    this.chunkOf = grown(this.chunkOf, (n) => new Uint32Array(n));
    this.startOf = grown(this.startOf, (n) => new Uint32Array(n));
    this.lengthOf = grown(this.lengthOf, (n) => new Uint32Array(n));
  }
}

import { FastV2LineParser } from '../../codec/records/fast-v2-line.ts';
import { legacyMilliseconds } from '../../codec/records/legacy-record.ts';
import { LineSplitter } from '../../codec/line-splitter.ts';
import { defaultZstdDecompressor } from '../../codec/zstd/zstd-decompressor.ts';
import { SeekPointFinder, type SeekPoint } from '../../codec/zstd/seek-points.ts';
import { openRegularFile } from '../../base/regular-file.ts';
import { fileChunks } from './file-chunks.ts';
import { CaptureRestarts } from '../../../shared/book/capture-stream.ts';
import { isJsonObject } from '../../../shared/guards/object-fields.ts';

/** A data row of a file that matters to its capture sessions: where it is and when it was collected. */
export interface CaptureRow {
  /** 1-based line in the file. */
  line: number;
  collectorTimestamp: number;
}

/** A book snapshot row: where it is, and the running max of book rows' collector time before and at it. */
export interface SnapshotLine {
  line: number;
  /** Running max of the book rows' collector time up to and with this row. */
  clock: number;
  /** Running max of the book rows' collector time before this row (−∞ for the first). */
  highestBefore: number;
}

/**
 * Where one block of a file's lines starts, and the running max of collector time of each file
 * `type` over the data rows before it (a type with no row before it is absent).
 */
export interface LineBlock {
  /** 1-based line the block starts at. */
  line: number;
  highestBefore: Readonly<Record<string, number>>;
}

/**
 * How a file's lines are cut in blocks: at most `maxBlocks` (`seekableMaxBlocks` in a file with
 * seek points, where reading a block costs only its own lines), each a whole number of
 * `checkpointLines`.
 */
export interface BlockPlan {
  checkpointLines: number;
  maxBlocks: number;
  seekableMaxBlocks?: number;
}

/**
 * Blocks of 512 lines, merged so that a file has at most 32: a light hour (~16,000 lines) has 32
 * blocks of 512 lines, an exchange-grade hour (~580,000 lines) 32 of ~18,000. A block is what a
 * page over many markets holds per market while its client pages on (`RowMergeResumes`), and
 * reading one decompresses the file up to it: 32 keeps both small for a busy hour, and 512 keeps
 * the first page over every market (a few rows of each) from decoding thousands of lines of each.
 * A file with seek points (the demo's) is read from the frame before a block, so its blocks can be
 * smaller: 128 of ~4,500 lines in an exchange-grade hour.
 */
export const defaultBlockPlan: BlockPlan = { checkpointLines: 512, maxBlocks: 32, seekableMaxBlocks: 128 };

/** What one hour file says about its capture sessions, read from its data rows' `collector_sequence`. */
export interface CaptureSummary {
  /** The file's first data row (the metadata row is not one); null when it has none. */
  first: CaptureRow | null;
  /** `collector_sequence` of the first and of the last data row; null in legacy files (no sequence). */
  firstSequence: number | null;
  lastSequence: number | null;
  /** Data rows whose sequence is at or below the previous data row's: each starts a new session. */
  restarts: readonly CaptureRow[];
  /** The v2 book snapshot rows, in file order (empty for legacy files), so a replay can start at one without decoding the rows before it. */
  snapshots: readonly SnapshotLine[];
  /** Some book row names an instrument (several books may share the file: their snapshots do not come together). */
  bookInstruments: boolean;
  /**
   * The file's lines in blocks (the first from line 1; see `BlockPlan`), so a query that needs a
   * few minutes of the hour can decode the block they lie in (a legacy file's rows count as the
   * records they decode to: every book type as `orderbook`).
   */
  blocks: readonly LineBlock[];
  /** How many data rows the file has of each file `type` (a legacy book row as `orderbook`). */
  lineCounts: ReadonlyMap<string, number>;
  /** Where reading can start mid-file without decompressing what comes before (`seek-points.ts`), in line order. */
  seekPoints: readonly SeekPoint[];
}

const sequenceKey = Buffer.from('"collector_sequence"');
/** A legacy row's `timestamp` (the quote in front keeps `collector_timestamp` from matching). */
const legacyTimestampKey = Buffer.from('"timestamp"');
const typeKey = Buffer.from('"type"');
const dataKey = Buffer.from('"data"');
/** Legacy book line types: their rows are `orderbook` records (`legacy-record.ts`). */
const legacyBookTypes: ReadonlySet<string> = new Set(['orderbook', 'orderbook_delta', 'orderbook_snapshot', 'l2_snapshot']);
/** `"collector_timestamp"` as bytes. */
export const timestampKey = Buffer.from('"collector_timestamp"');
const snapshotKey = Buffer.from('"is_snapshot"');
const instrumentKey = Buffer.from('"instrument"');
const digit0 = 0x30;
const digit9 = 0x39;

function isBlank(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * The envelope's `collector_sequence` read from the line's bytes (the first occurrence of the key,
 * which the envelope writes before `data`); undefined when it is not a plain integer there. The
 * key is in every v2 row, so the search stops inside the line.
 */
function sequenceInBytes(bytes: Buffer, start: number, end: number): number | undefined {
  return integerAfter(bytes, sequenceKey, start, end);
}

/**
 * Where `key` (a quoted key) first is within [start, end) of the bytes, or −1. A plain loop: the
 * keys looked for come early in a line, and a native search costs more to call than this costs
 * to run over the bytes before them.
 */
function indexWithin(bytes: Buffer, key: Buffer, start: number, end: number): number {
  const length = key.length;
  const first = key[0];
  for (let p = start; p + length <= end; p++) {
    if (bytes[p] !== first) continue;
    let k = 1;
    while (k < length && bytes[p + k] === key[k]) k++;
    if (k === length) return p;
  }
  return -1;
}

/** The plain non-negative integer after the first `key` in the line; undefined when it is not one. */
export function integerAfter(bytes: Buffer, key: Buffer, start: number, end: number): number | undefined {
  const at = indexWithin(bytes, key, start, end);
  if (at < 0 || at >= end) return undefined;
  let p = at + key.length;
  while (p < end && isBlank(bytes[p])) p++;
  if (bytes[p] !== 0x3a) return undefined;
  p++;
  while (p < end && isBlank(bytes[p])) p++;
  let value = 0;
  const first = p;
  for (let byte = bytes[p]; p < end && byte !== undefined && byte >= digit0 && byte <= digit9; byte = bytes[++p]) value = value * 10 + (byte - digit0);
  if (p === first || p - first > 15) return undefined;
  const next = bytes[p];
  return next === 0x2e || next === 0x65 || next === 0x45 ? undefined : value;
}

/**
 * The plain string value of the first `key` in the line, read from its bytes; undefined when it is
 * not a plain string there (escapes), or when `data` comes first (the key may then be data's own).
 */
function envelopeString(bytes: Buffer, key: Buffer, start: number, end: number): string | undefined {
  const at = indexWithin(bytes, key, start, end);
  if (at < 0) return undefined;
  const data = indexWithin(bytes, dataKey, start, at);
  if (data >= 0) return undefined;
  let p = at + key.length;
  while (p < end && isBlank(bytes[p])) p++;
  if (bytes[p] !== 0x3a) return undefined;
  p++;
  while (p < end && isBlank(bytes[p])) p++;
  if (bytes[p] !== 0x22) return undefined;
  const first = p + 1;
  for (p = first; p < end; p++) {
    const byte = bytes[p];
    if (byte === 0x22) return bytes.toString('latin1', first, p);
    if (byte === 0x5c || byte === undefined || byte >= 0x80) return undefined;
  }
  return undefined;
}

/** The line as a JSON object, or null when it is not one. */
export function parsed(bytes: Buffer, start: number, end: number): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8', start, end));
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

function typeOf(row: Record<string, unknown> | null): string | null {
  return typeof row?.type === 'string' ? row.type : null;
}

/** A parsed row's collector time in ms (a legacy row's `timestamp`, microseconds converted); NaN when it has none. */
export function timeOf(row: Record<string, unknown> | null): number {
  const v2 = row?.collector_timestamp;
  if (typeof v2 === 'number') return v2;
  const legacy = row?.timestamp;
  return typeof legacy === 'number' ? legacyMilliseconds(legacy) : Number.NaN;
}

/**
 * Whether a book line's `is_snapshot` is true, read from its bytes (searched for from `from`, where
 * the collector writes `data`, then from the line's start); a line it cannot read so is parsed.
 */
function isSnapshotLine(bytes: Buffer, start: number, end: number, from: number): boolean {
  let at = indexWithin(bytes, snapshotKey, from, end);
  if (at < 0 && from > start) at = indexWithin(bytes, snapshotKey, start, end);
  if (at < 0) {
    const data = parsed(bytes, start, end)?.['data'];
    return typeof data === 'object' && data !== null && 'is_snapshot' in data && data.is_snapshot === true;
  }
  let p = at + snapshotKey.length;
  while (p < end && isBlank(bytes[p])) p++;
  if (bytes[p] !== 0x3a) return false;
  p++;
  while (p < end && isBlank(bytes[p])) p++;
  return bytes[p] === 0x74;
}

/** The estimated memory of a summary in bytes (its rows and blocks as objects); null (an unreadable file) costs a little. */
export function captureSummaryBytes(summary: CaptureSummary | null): number {
  if (summary === null) return 64;
  const blocks = summary.blocks.reduce((sum, block) => sum + 96 + 48 * Object.keys(block.highestBefore).length, 0);
  return 512 + 64 * (summary.restarts.length + summary.snapshots.length + summary.lineCounts.size + summary.seekPoints.length) + blocks;
}

/** Where a summary reader starts: at a line other than the first, in a file whose format is known (an hour of a whole-day file). */
export interface SummaryStart {
  /** The first line it is handed (1-based). */
  line: number;
  format: 'v2' | 'legacy';
}

/**
 * Follows one file's lines: the first tells v2 (a metadata row) from legacy; each v2 data row's
 * sequence is read from its bytes (a line it cannot read so is parsed whole), and a row at or
 * below the previous one is a restart. Lines the strict decoder would refuse are passed over here:
 * reading the hour reports them. Started at a later line (`SummaryStart`), it summarizes the lines
 * it is handed as if they were a file of their own.
 */
export class CaptureSummaryReader {
  readonly #restarts = new CaptureRestarts();
  readonly #envelope = new FastV2LineParser();
  readonly #rows: CaptureRow[] = [];
  #format: 'v2' | 'legacy' | null = null;
  #first: CaptureRow | null = null;
  #firstSequence: number | null = null;
  #lastSequence: number | null = null;
  readonly #snapshots: SnapshotLine[] = [];
  #bookHighest = Number.NEGATIVE_INFINITY;
  #bookInstruments = false;
  /** Running max of collector time by file type, over the data rows so far. */
  readonly #highest = new Map<string, number>();
  /** Data rows by file type. */
  readonly #counts = new Map<string, number>();
  readonly #plan: BlockPlan;
  /** Where every `checkpointLines` lines start, with the running maxima before them. */
  readonly #checkpoints: LineBlock[] = [];
  /** The line the next checkpoint is at. */
  #nextCheckpoint = 1;

  constructor(plan: BlockPlan, start?: SummaryStart) {
    this.#plan = plan;
    if (start !== undefined) {
      this.#nextCheckpoint = start.line;
      this.#format = start.format;
    }
  }

  line(bytes: Buffer, start: number, end: number, line: number): void {
    // Blank lines are not handed over: a checkpoint is at its line even when that one is blank.
    while (line >= this.#nextCheckpoint) {
      this.#checkpoints.push({ line: this.#nextCheckpoint, highestBefore: Object.fromEntries(this.#highest) });
      this.#nextCheckpoint += this.#plan.checkpointLines;
    }
    if (this.#format === null) {
      const row = parsed(bytes, start, end);
      if (row?.type === 'metadata') {
        this.#format = 'v2';
        return;
      }
      this.#format = 'legacy';
      this.#first = { line, collectorTimestamp: timeOf(row) };
      return;
    }
    if (this.#format === 'legacy') {
      // A legacy file's sessions are settled by its first row (an hour of a day file by the first
      // row handed over); every row counts towards the blocks.
      this.#first ??= { line, collectorTimestamp: timeOf(parsed(bytes, start, end)) };
      this.#legacyRow(bytes, start, end);
      return;
    }
    // The envelope names the type before `data`: a repeated metadata row (files joined end to end) is framing.
    const type = this.#envelope.lineType(bytes, start, end);
    if (type === 'metadata') return;
    this.#noteTime(type, bytes, start, end);
    // A book row's `data` (and its `is_snapshot`) follows the type in the collector's order.
    if (type === 'orderbook') this.#book(bytes, start, end, line, this.#envelope.position);
    // The envelope's sequence as the type's scan read it, else searched for in the line.
    const scanned = this.#envelope.envelopeSequence;
    let sequence = type === null ? undefined : Number.isSafeInteger(scanned) && scanned >= 0 ? scanned : sequenceInBytes(bytes, start, end);
    let row: Record<string, unknown> | null = null;
    if (sequence === undefined) {
      row = parsed(bytes, start, end);
      // A repeated metadata row (files joined end to end) is framing, not data.
      if (row === null || row.type === 'metadata') return;
      const value = row.collector_sequence;
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return;
      sequence = value;
    }
    const restart = this.#restarts.next(sequence);
    if (this.#first === null || restart) {
      const at = { line, collectorTimestamp: timeOf(row ?? parsed(bytes, start, end)) };
      if (this.#first === null) {
        this.#first = at;
        this.#firstSequence = sequence;
      } else {
        this.#rows.push(at);
      }
    }
    this.#lastSequence = sequence;
  }

  /** The summary so far, its blocks at most `maxBlocks` (the plan's by default). */
  summary(maxBlocks = this.#plan.maxBlocks): CaptureSummary {
    return {
      first: this.#first,
      firstSequence: this.#firstSequence,
      lastSequence: this.#lastSequence,
      restarts: this.#rows,
      snapshots: this.#snapshots,
      bookInstruments: this.#bookInstruments,
      blocks: this.#format === null ? [] : this.#blocks(maxBlocks),
      lineCounts: this.#counts,
      seekPoints: [],
    };
  }

  /** Every k-th checkpoint, so that there are at most `maxBlocks`. */
  #blocks(maxBlocks: number): LineBlock[] {
    const every = Math.max(1, Math.ceil(this.#checkpoints.length / maxBlocks));
    return this.#checkpoints.filter((_checkpoint, index) => index % every === 0);
  }

  /**
   * A data row's collector time feeds its type's running max: the envelope's as the type's scan
   * read them, else the row parsed (a row that is not an object with a type is no data row).
   */
  #noteTime(scannedType: string | null, bytes: Buffer, start: number, end: number): void {
    const row = scannedType === null ? parsed(bytes, start, end) : null;
    const type = scannedType ?? typeOf(row);
    if (type === null || type === 'metadata') return;
    const scanned = scannedType === null ? Number.NaN : this.#envelope.envelopeTime;
    const time = Number.isFinite(scanned) ? scanned : (integerAfter(bytes, timestampKey, start, end) ?? timeOf(row ?? parsed(bytes, start, end)));
    const highest = this.#highest.get(type) ?? Number.NEGATIVE_INFINITY;
    this.#highest.set(type, time > highest ? time : highest);
    this.#counts.set(type, (this.#counts.get(type) ?? 0) + 1);
  }

  /**
   * A legacy row counts as the record it decodes to (every book type is an `orderbook` record), at
   * its `timestamp` in ms: read from the bytes, else from the row parsed (a row that is not an
   * object with a type is no data row).
   */
  #legacyRow(bytes: Buffer, start: number, end: number): void {
    let lineType = envelopeString(bytes, typeKey, start, end);
    let micros = lineType === undefined ? undefined : integerAfter(bytes, legacyTimestampKey, start, end);
    if (lineType === undefined || micros === undefined) {
      const row = parsed(bytes, start, end);
      lineType = typeOf(row) ?? undefined;
      const time = timeOf(row);
      if (lineType === undefined || !Number.isFinite(time)) return;
      micros = time;
    }
    const type = legacyBookTypes.has(lineType) ? 'orderbook' : lineType;
    const time = legacyMilliseconds(micros);
    const highest = this.#highest.get(type) ?? Number.NEGATIVE_INFINITY;
    this.#highest.set(type, time > highest ? time : highest);
    this.#counts.set(type, (this.#counts.get(type) ?? 0) + 1);
  }

  /** A book row: its collector time feeds the running max; a snapshot is noted with it. */
  #book(bytes: Buffer, start: number, end: number, line: number, afterType: number): void {
    const scanned = this.#envelope.envelopeTime;
    const time = Number.isFinite(scanned) ? scanned : (integerAfter(bytes, timestampKey, start, end) ?? timeOf(parsed(bytes, start, end)));
    const before = this.#bookHighest;
    if (time > this.#bookHighest) this.#bookHighest = time;
    const snapshot = isSnapshotLine(bytes, start, end, afterType);
    // Whether book rows name instruments is read from the first book row and the snapshots (a
    // file of several books names them on every row); a search on every row would run past each
    // row that has none.
    if (!this.#bookInstruments && (snapshot || this.#snapshots.length === 0) && bytes.subarray(start, end).includes(instrumentKey)) this.#bookInstruments = true;
    if (snapshot) this.#snapshots.push({ line, clock: this.#bookHighest, highestBefore: before });
  }
}

/**
 * Reads a snapshot file's capture summary: its first data row, first and last sequence and restart
 * rows, blocks and seek points. It decompresses and splits the lines but decodes no record, so it
 * costs a fraction of a decode, whatever line types a query reads. Rejects when the file cannot be
 * read or decompressed.
 */
export async function readCaptureSummary(path: string, plan: BlockPlan = defaultBlockPlan): Promise<CaptureSummary> {
  const reader = new CaptureSummaryReader(plan);
  const seekPoints = new SeekPointFinder();
  const splitter = new LineSplitter();
  const sink = (bytes: Buffer, start: number, end: number, line: number, byteOffset: number): void => {
    seekPoints.line(line, byteOffset);
    reader.line(bytes, start, end, line);
  };
  const handle = await openRegularFile(path);
  const chunks = async function* (): AsyncGenerator<Uint8Array, void, undefined> {
    for await (const chunk of fileChunks(handle)) {
      seekPoints.compressed(chunk);
      yield chunk;
    }
  };
  try {
    for await (const chunk of defaultZstdDecompressor().decompress(chunks())) splitter.push(chunk, sink);
    splitter.finish(sink);
    const seekable = seekPoints.points.length > 0;
    return { ...reader.summary(seekable ? (plan.seekableMaxBlocks ?? plan.maxBlocks) : plan.maxBlocks), seekPoints: seekPoints.points };
  } finally {
    await handle.close();
  }
}

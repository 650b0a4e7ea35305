import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import type { SkippedLine, SnapshotSummary } from '../../../shared/snapshot/decode-summary.ts';
import type { OrderbookRecord, SnapshotFormat, SnapshotHeader, SnapshotRecord, TradeRecord } from '../../../shared/snapshot/records.ts';
import type { DecodedLineOutput } from './decoded-line-output.ts';
import { FastV2LineParser } from './fast-v2-line.ts';
import { RejectedLineMemory, looksLikeJsonObject } from './junk-line.ts';
import { legacyRecord } from './legacy-record.ts';
import { LineProblem, isJsonObject, type JsonObject } from './line-problem.ts';
import { isMetadataRow, metadataHeader, supportedSchemaVersions } from './metadata-header.ts';
import { v2Record } from './v2-record.ts';

/** How strictly to treat malformed lines. */
export interface RecordDecoderOptions {
  /** Skip, count and sample malformed v2 lines instead of stopping at the first one. */
  lenient?: boolean;
  /** How many skipped lines to keep as samples. */
  maxSkippedSamples?: number;
  /**
   * Only v2 lines whose `type` is one of these become records; the others are passed over, unread
   * where the envelope names the type plainly (and neither counted nor checked). Legacy files are
   * read whole.
   */
  onlyTypes?: ReadonlySet<string>;
  /**
   * Data lines before this 1-based line are passed over unread (the metadata header, and a legacy
   * file's first line, are still read for the format, but no record of them is returned): a replay
   * that starts at a snapshot reads from it, an hour of a whole-day file from its first line.
   */
  fromLine?: number;
  /**
   * Whether callers want the records. When false, order-book and trade lines the fast path takes
   * are checked and counted but no record is built for them (inspect needs only the summary).
   */
  recordsWanted?: boolean;
  /**
   * `mde decode`'s output: every record is appended to it as its JSON line, in file order, and
   * `decodeLine` returns null. Fast-path rows go from their bytes to the text with no record.
   */
  lines?: DecodedLineOutput;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Distinct record types the summary counts one by one; a hostile file could name millions. */
export const maxCountedTypes = 256;
/** Where the summary counts records of types beyond the first `maxCountedTypes`. */
export const otherTypesKey = '(other types)';

/** Whether a fast-path record holds a -0 (which JSON text cannot print as itself). */
function hasNegativeZero(record: OrderbookRecord | TradeRecord): boolean {
  if (record.type === 'trade') return Object.is(record.price, -0) || Object.is(record.quantity, -0);
  for (const levels of [record.bids, record.asks]) for (let i = 0; i < levels.length; i++) if (Object.is(levels[i], -0)) return true;
  return false;
}

/** The `type` a row has in the file, for counts that line up with the header's `*_count`. */
export function fileType(record: SnapshotRecord, format: SnapshotFormat): string {
  switch (record.type) {
    case 'quote_ladder':
      return 'record';
    case 'unknown':
      return record.originalType;
    case 'orderbook':
      return format === 'legacy' && !record.isSnapshot ? 'orderbook_delta' : 'orderbook';
    default:
      return record.type;
  }
}

/**
 * Turns lines into typed records and keeps the file's summary: detects the format from the first
 * non-blank line, reads the v2 header, applies the strict/lenient policy, counts records by type
 * and the backward steps of `collector_timestamp`. Records keep file order.
 */
export class SnapshotRecordDecoder {
  private format: SnapshotFormat | null = null;
  private header: SnapshotHeader | null = null;
  private readonly fast: FastV2LineParser;
  private readonly lenient: boolean;
  private readonly maxSamples: number;
  private readonly onlyTypes: ReadonlySet<string> | null;
  private readonly fromLine: number;
  private readonly recordsWanted: boolean;
  private readonly lines: DecodedLineOutput | null;
  private records = 0;
  private readonly countsByType = new Map<string, number>();
  private readonly rejected = new RejectedLineMemory();
  private first: number | null = null;
  private last: number | null = null;
  private backwardSteps = 0;
  private skipped = 0;
  private readonly samples: SkippedLine[] = [];
  /** The row the general path parsed for the line being decoded (null when the fast path read it): `mde decode` prints it lossless. */
  private parsedRow: JsonObject | null = null;

  constructor(
    private readonly file: string,
    options: RecordDecoderOptions = {},
  ) {
    this.lenient = options.lenient ?? false;
    this.maxSamples = options.maxSkippedSamples ?? 10;
    this.onlyTypes = options.onlyTypes ?? null;
    this.fromLine = options.fromLine ?? 0;
    this.recordsWanted = options.recordsWanted ?? true;
    this.lines = options.lines ?? null;
    this.fast = new FastV2LineParser();
  }

  /** Whether the first line has told the format (and a v2 file's header has been read). */
  get formatKnown(): boolean {
    return this.format !== null;
  }

  /** Event records produced so far. */
  get recordCount(): number {
    return this.records;
  }

  /**
   * Decodes one non-blank line; null for framing and skipped lines, for rows read without a record
   * (`recordsWanted: false`), and for every line when writing `lines`. Throws SnapshotDecodeError.
   */
  decodeLine(bytes: Buffer, start: number, end: number, line: number, byteOffset: number): SnapshotRecord | null {
    const lines = this.lines;
    if (lines === null) return this.recordOf(bytes, start, end, line, byteOffset);
    if (this.format === 'v2' && this.header !== null && this.onlyTypes === null) {
      const row = this.fast.scan(bytes, start, end, this.header, true);
      if (row !== null && lines.row(bytes, row, this.header)) {
        this.count(row.type, row.collectorTimestamp);
        return null;
      }
    }
    this.takeParsedRow();
    const record = this.recordOf(bytes, start, end, line, byteOffset);
    const row = this.takeParsedRow();
    if (record !== null) lines.record(record, row === null ? undefined : { row, format: this.format ?? 'v2' });
    return null;
  }

  /** The row the general path parsed since the last call, if any; clears it. */
  private takeParsedRow(): JsonObject | null {
    const row = this.parsedRow;
    this.parsedRow = null;
    return row;
  }

  private recordOf(bytes: Buffer, start: number, end: number, line: number, byteOffset: number): SnapshotRecord | null {
    // Junk costs no parse and no exception per line once its reason is no longer needed: a line
    // that cannot be an object, or repeats the last rejected line, is counted and dropped.
    if (!this.reasonWanted() && (!looksLikeJsonObject(bytes, start, end) || this.rejected.repeats(bytes, start, end))) {
      return this.skip();
    }
    if (this.format === 'legacy' && line < this.fromLine) return null;
    if (this.format === 'v2' && this.header !== null) {
      if (line < this.fromLine) return null;
      if (this.onlyTypes !== null) {
        const type = this.fast.lineType(bytes, start, end);
        if (type !== null && !this.onlyTypes.has(type)) return null;
      }
      if (!this.recordsWanted && this.onlyTypes === null) {
        const row = this.fast.scan(bytes, start, end, this.header, false);
        if (row !== null) {
          this.count(row.type, row.collectorTimestamp);
          return null;
        }
      }
      const fast = this.fast.parse(bytes, start, end, line, this.header);
      // A negative zero prints as 0: \`mde decode\` reads such a row on the general path, which notes it.
      if (fast !== null && (this.lines === null || !hasNegativeZero(fast))) return this.acceptV2(fast);
    }
    const record = this.parseLine(bytes, start, end, line, byteOffset);
    if (record === undefined) {
      this.rejected.remember(bytes, start, end);
      return null;
    }
    return record;
  }

  /** The record of a line, null for framing, undefined when the line was rejected. */
  private parseLine(bytes: Buffer, start: number, end: number, line: number, byteOffset: number): SnapshotRecord | null | undefined {
    let row: unknown;
    try {
      row = JSON.parse(utf8.decode(bytes.subarray(start, end)));
    } catch (error) {
      const reason = error instanceof SyntaxError ? `not valid JSON (${error.message})` : 'not valid UTF-8 text';
      return this.reject(reason, line, byteOffset);
    }
    if (!isJsonObject(row)) return this.reject('not a JSON object', line, byteOffset);
    if (this.lines !== null) this.parsedRow = row;
    try {
      return this.decodeRow(row, line, byteOffset);
    } catch (error) {
      if (error instanceof LineProblem) return this.reject(error.message, line, byteOffset);
      throw error;
    }
  }

  private decodeRow(row: JsonObject, line: number, byteOffset: number): SnapshotRecord | null {
    if (this.format === null) {
      // The verdict on a line depends on the format and header: forget lines judged before them.
      this.rejected.forget();
      if (!isMetadataRow(row)) {
        this.format = 'legacy';
        // Read for its format only when the caller starts later (a replay from a snapshot line).
        return line < this.fromLine ? null : this.accept(legacyRecord(row, line));
      }
      this.header = metadataHeader(row);
      this.format = 'v2';
      if (!supportedSchemaVersions.includes(this.header.schemaVersion)) {
        throw new SnapshotDecodeError({
          kind: 'unknown-schema-version',
          message: `${this.file}: line ${line}: schema_version "${this.header.schemaVersion}" is not one this version reads (${supportedSchemaVersions.join(', ')})`,
          file: this.file,
          line,
          byteOffset,
          recordsDecoded: 0,
        });
      }
      return null;
    }
    if (this.format === 'legacy') return this.accept(legacyRecord(row, line));
    // A repeated metadata row (files joined end to end) is framing too.
    if (isMetadataRow(row)) return null;
    if (this.header === null) throw new LineProblem('no metadata header');
    return this.acceptV2(v2Record(row, this.header, line));
  }

  /** Accepts a v2 record unless its type is filtered out. */
  private acceptV2(record: SnapshotRecord): SnapshotRecord | null {
    return this.onlyTypes === null || this.onlyTypes.has(fileType(record, 'v2')) ? this.accept(record) : null;
  }

  private accept(record: SnapshotRecord): SnapshotRecord {
    this.count(fileType(record, this.format ?? 'v2'), record.collectorTimestamp);
    return record;
  }

  /** Counts an accepted record of `type` written at `timestamp`. */
  private count(type: string, timestamp: number): void {
    this.records++;
    const counted = this.countsByType.get(type);
    if (counted !== undefined) this.countsByType.set(type, counted + 1);
    else {
      const key = this.countsByType.size < maxCountedTypes ? type : otherTypesKey;
      this.countsByType.set(key, (this.countsByType.get(key) ?? 0) + 1);
    }
    if (this.last !== null && timestamp < this.last) this.backwardSteps++;
    this.first ??= timestamp;
    this.last = timestamp;
  }

  /** Whether a rejected line's reason is still needed: to stop a strict decode, or as a sample. */
  private reasonWanted(): boolean {
    return this.strict() || this.samples.length < this.maxSamples;
  }

  /** Legacy clients skip malformed lines; v2 is strict unless asked to be lenient. */
  private strict(): boolean {
    // A first line that cannot be read leaves the format unknown, so it follows the v2 policy.
    return this.format !== 'legacy' && !this.lenient;
  }

  private reject(reason: string, line: number, byteOffset: number): undefined {
    if (this.strict()) {
      throw new SnapshotDecodeError({
        kind: 'malformed-line',
        message: `${this.file}: line ${line} (byte offset ${byteOffset}): ${reason}`,
        file: this.file,
        line,
        byteOffset,
        recordsDecoded: this.records,
      });
    }
    if (this.samples.length < this.maxSamples) this.samples.push({ line, byteOffset, reason });
    this.skip();
    return undefined;
  }

  private skip(): null {
    this.skipped++;
    return null;
  }

  /** What was found so far; the caller fills in line and byte totals. */
  summary(extra: Pick<SnapshotSummary, 'lines' | 'compressedBytes' | 'decompressedBytes'>): SnapshotSummary {
    return {
      file: this.file,
      format: this.format,
      header: this.header,
      records: this.records,
      // fromEntries defines own properties, so a type named "__proto__" is counted like any other.
      countsByType: Object.fromEntries(this.countsByType),
      firstCollectorTimestamp: this.first,
      lastCollectorTimestamp: this.last,
      backwardSteps: this.backwardSteps,
      skippedLines: this.skipped,
      skippedSamples: [...this.samples],
      ...extra,
    };
  }
}

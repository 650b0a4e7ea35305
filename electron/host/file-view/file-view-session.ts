import { maxDetailBytes, type FileLocated, type FileRow, type FileRowDetail, type FileRows, type RowQuery } from '../../../shared/contract/file-view-schemas.ts';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { fileType } from '../../codec/records/record-decoder.ts';
import { RecordIndex, type RecordIndexCaps } from './record-index.ts';
import { recordSummary } from './record-summary.ts';
import { RowMatches, rowQueryKey } from './row-matches.ts';
import { RowReader } from './row-reader.ts';

/** Match lists kept for reuse (the table's query and the one before it). */
const keptQueries = 2;

/**
 * One opened file as the viewer sees it, inside the worker: it takes every decoded line (keeping
 * records in a `RecordIndex`) and answers windows of rows, time lookups and raw lines while the
 * decode runs. Filter and search lists are built once per query and grown as rows arrive.
 */
export class FileViewSession {
  readonly index: RecordIndex;
  private headerLine: Buffer | null = null;
  private sawFirstLine = false;
  private reader: RowReader | null = null;
  private readonly matches: RowMatches[] = [];
  /** True once the decode has ended (whether it finished or stopped). */
  ended = false;

  constructor(
    private readonly file: string,
    caps?: RecordIndexCaps,
  ) {
    this.index = new RecordIndex(caps);
  }

  /** Takes one non-blank line of the decode and what it decoded to. */
  takeLine(record: SnapshotRecord | null, bytes: Buffer, start: number, end: number): void {
    if (!this.sawFirstLine) {
      this.sawFirstLine = true;
      // A v2 file opens with its metadata header (framing): kept to read single lines later.
      if (record === null) this.headerLine = Buffer.from(bytes.subarray(start, end));
    }
    if (record === null) return;
    this.index.add(record.line, record.collectorTimestamp, fileType(record, this.headerLine === null ? 'legacy' : 'v2'), bytes, start, end);
  }

  /** Rows `[start, start + count)` of those matching `query`, with how many match so far. */
  rows(query: RowQuery, start: number, count: number): FileRows {
    const matches = this.matchesOf(query);
    const rows: FileRow[] = [];
    for (let position = start; position < Math.min(matches.count, start + count); position++) rows.push(this.row(matches.rowAt(position)));
    return { matches: matches.count, complete: this.ended && matches.upToDate, start, rows };
  }

  /** The position of the first matching row at or after a collector time. */
  locate(query: RowQuery, at: number): FileLocated {
    return { position: this.matchesOf(query).firstAtOrAfter(at) };
  }

  /** A record's raw line, as it is in the file (cut at `maxDetailBytes`). */
  detail(index: number): FileRowDetail {
    if (index >= this.index.count) throw new RangeError(`There is no record ${index + 1} in the table (it holds ${this.index.count})`);
    const { start, end } = this.index.text(index);
    const bytes = end - start;
    return { index, line: this.index.line(index), raw: this.index.rawLine(index, maxDetailBytes), bytes, truncated: bytes > maxDetailBytes };
  }

  private row(index: number): FileRow {
    const { chunk, start, end } = this.index.text(index);
    const line = this.index.line(index);
    this.reader ??= new RowReader(this.file, this.headerLine);
    const record = this.reader.read(chunk, start, end, line);
    return {
      index,
      line,
      collectorTimestamp: this.index.collectorTimestamp(index),
      exchangeTimestamp: record?.exchangeTimestamp ?? null,
      type: this.index.type(index),
      instrument: record?.instrument ?? null,
      summary: record === null ? 'could not be read again' : recordSummary(record),
    };
  }

  private matchesOf(query: RowQuery): RowMatches {
    const key = rowQueryKey(query);
    let matches = this.matches.find((kept) => kept.key === key);
    if (matches === undefined) {
      matches = new RowMatches(this.index, query);
      this.matches.unshift(matches);
      this.matches.length = Math.min(this.matches.length, keptQueries);
    }
    matches.update();
    return matches;
  }
}

import type { RowQuery } from '../../../shared/contract/file-view-schemas.ts';
import type { RecordIndex } from './record-index.ts';

/** The cache key of a query: equal queries share one match list. */
export function rowQueryKey(query: RowQuery): string {
  return JSON.stringify([query.types === null ? null : [...query.types].sort(), query.text]);
}

/**
 * The rows of a record index that match a query (types, and exact text within the raw line), in
 * file order, grown as the index grows: `update()` scans only rows added since the last call. Text
 * is found with `Buffer.indexOf` over the kept chunks, so a search costs one native scan of the
 * text rather than a call per row.
 */
export class RowMatches {
  readonly key: string;
  private rows = new Uint32Array(1024);
  private size = 0;
  private scanned = 0;
  private readonly needle: Buffer | null;

  constructor(
    private readonly index: RecordIndex,
    private readonly query: RowQuery,
  ) {
    this.key = rowQueryKey(query);
    this.needle = query.text === '' ? null : Buffer.from(query.text, 'utf8');
  }

  /** Matching rows found so far. */
  get count(): number {
    return this.size;
  }

  /** Whether every row of the index has been looked at. */
  get upToDate(): boolean {
    return this.scanned === this.index.count;
  }

  /** The index row of the `position`-th match. */
  rowAt(position: number): number {
    return this.rows[position] ?? -1;
  }

  /** Looks at the rows added to the index since the last call. */
  update(): void {
    const end = this.index.count;
    if (this.scanned >= end) return;
    const codes = this.typeCodes();
    if (this.needle === null) {
      for (let row = this.scanned; row < end; row++) if (codes === null || codes.has(this.index.typeCodeAt(row))) this.push(row);
    } else {
      this.search(this.needle, this.scanned, end, codes);
    }
    this.scanned = end;
  }

  /** The position of the first match whose collector time is at or after `at`, or null. */
  firstAtOrAfter(at: number): number | null {
    for (let position = 0; position < this.size; position++) {
      if (this.index.collectorTimestamp(this.rowAt(position)) >= at) return position;
    }
    return null;
  }

  private typeCodes(): Set<number> | null {
    if (this.query.types === null) return null;
    return new Set(this.query.types.map((type) => this.index.codeOfType(type)).filter((code) => code >= 0));
  }

  private search(needle: Buffer, first: number, end: number, codes: Set<number> | null): void {
    let row = first;
    while (row < end) {
      const chunkIndex = this.index.chunkOfRow(row);
      const inChunk = this.index.rowsOfChunk(chunkIndex);
      const last = Math.min(end, inChunk.end) - 1;
      const { chunk, start } = this.index.text(row);
      const stop = this.index.text(last).end;
      let from = start;
      while (from < stop) {
        const found = chunk.indexOf(needle, from);
        if (found < 0 || found + needle.length > stop) break;
        const hit = this.index.rowAtByte(chunkIndex, found);
        const hitEnd = this.index.text(hit).end;
        // Rows are kept back to back: a match that runs into the next row is not a match.
        if (found + needle.length > hitEnd) {
          from = found + 1;
          continue;
        }
        if (codes === null || codes.has(this.index.typeCodeAt(hit))) this.push(hit);
        from = hitEnd;
      }
      row = last + 1;
    }
  }

  private push(row: number): void {
    if (this.size === this.rows.length) {
      const grown = new Uint32Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
    }
    this.rows[this.size++] = row;
  }
}
